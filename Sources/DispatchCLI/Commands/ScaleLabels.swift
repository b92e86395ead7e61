import DispatchCommandLine
import DispatchKit
import Foundation

/// What points of a number question mean, e.g. "1 = exhausted, 5 = fully rested".
///
/// They are kept in the question's placeholder: the field Reporter exports as
/// `placeholderString` and the starter catalog already fills with such anchors, so imports and
/// exports carry them unchanged and no new field is needed. The scale widget and line mode
/// show them.
struct ScaleLabels: Equatable {
  /// One labeled point.
  struct Anchor: Equatable {
    let value: Double
    let label: String
  }

  /// The labeled points, in the order given.
  let anchors: [Anchor]

  /// Why a `--labels` value was refused, for a one-line usage error.
  struct Problem: Error, Equatable {
    let message: String
  }

  /// Reads `1=exhausted,5=fully rested` (spaces around `=` and `,` allowed, the stored form
  /// `1 = exhausted, 5 = fully rested` included). A comma not followed by `NUMBER=` belongs to
  /// the label before it, so labels may contain commas.
  static func parse(_ text: String) -> Result<ScaleLabels, Problem> {
    var anchors: [Anchor] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      if let anchor = anchor(from: String(part)) {
        anchors.append(anchor)
      } else if let last = anchors.popLast() {
        anchors.append(Anchor(value: last.value, label: last.label + "," + String(part)))
      } else {
        return .failure(
          Problem(
            message: "'\(part.trimmingCharacters(in: .whitespaces))' is not NUMBER=LABEL, "
              + "e.g. --labels '1=exhausted,5=fully rested'"))
      }
    }
    if let empty = anchors.first(where: { $0.label.isEmpty }) {
      return .failure(Problem(message: "the label for \(NumberText.format(empty.value)) is empty"))
    }
    var seen = Set<Double>()
    for anchor in anchors where !seen.insert(anchor.value).inserted {
      return .failure(
        Problem(message: "\(NumberText.format(anchor.value)) is labeled twice"))
    }
    return .success(ScaleLabels(anchors: anchors))
  }

  /// The labels as stored and shown: `1 = exhausted, 5 = fully rested`.
  var text: String {
    anchors.map { "\(NumberText.format($0.value)) = \($0.label)" }.joined(separator: ", ")
  }

  /// The first labeled number that is not a point of `config`'s range, as a problem.
  func problem(in config: NumberInputConfig) -> Problem? {
    let low = NumberText.format(config.minimum)
    let range =
      config.isBounded ? "\(low) to \(NumberText.format(config.maximum))" : "\(low) up"
    let tolerance = config.step / 1000
    for anchor in anchors {
      let value = NumberText.format(anchor.value)
      guard anchor.value >= config.minimum - tolerance,
        anchor.value <= config.maximum + tolerance
      else {
        return Problem(message: "label \(value) is outside the question's range, \(range)")
      }
      let steps = (anchor.value - config.minimum) / config.step
      if abs(steps - steps.rounded()) * config.step > tolerance {
        return Problem(
          message:
            "label \(value) is not on the question's step of \(NumberText.format(config.step)) from \(low)"
        )
      }
    }
    return nil
  }

  /// `NUMBER=LABEL` as an anchor, or nil when `part` does not start with a number and `=`.
  private static func anchor(from part: String) -> Anchor? {
    guard let equals = part.firstIndex(of: "=") else { return nil }
    let number = part[..<equals].trimmingCharacters(in: .whitespaces)
    guard let value = Double(number), value.isFinite else { return nil }
    let label = part[part.index(after: equals)...].trimmingCharacters(in: .whitespaces)
    return Anchor(value: value, label: label)
  }
}
