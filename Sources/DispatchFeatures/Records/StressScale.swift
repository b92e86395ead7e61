import DispatchCore
import Foundation

/// The anchored 0–10 scale every stress rating uses (docs/records.md#stress-check-ins).
///
/// Anchors give the numbers a shared meaning from one check-in to the next, as clinical
/// distress scales do: 0 none, 2 mild, 5 moderate, 8 severe, 10 worst imaginable. The words
/// are shown whenever a rating is asked for and beside ratings in summaries.
public enum StressScale {
  /// The lowest rating.
  public static let minimum = 0
  /// The highest rating.
  public static let maximum = 10

  /// A labeled point of the scale.
  public struct Anchor: Sendable, Equatable {
    /// The rating the words describe.
    public let value: Int
    /// The words, lowercase: `mild`.
    public let label: String
  }

  /// The labeled points, lowest first.
  public static let anchors: [Anchor] = [
    Anchor(value: 0, label: "none"), Anchor(value: 2, label: "mild"),
    Anchor(value: 5, label: "moderate"), Anchor(value: 8, label: "severe"),
    Anchor(value: 10, label: "worst imaginable"),
  ]

  /// The anchors on one line: `0 none · 2 mild · 5 moderate · 8 severe · 10 worst imaginable`.
  public static var legend: String {
    anchors.map { "\($0.value) \($0.label)" }.joined(separator: " · ")
  }

  /// Whether `value` is on the scale.
  public static func contains(_ value: Int) -> Bool {
    (minimum...maximum).contains(value)
  }

  /// The label of the anchor nearest to `value` (the lower one on a tie), for text such as
  /// "6 (moderate)". Averages are labeled the same way after rounding to the nearest anchor.
  public static func nearestLabel(_ value: Double) -> String {
    var best = anchors[0]
    for anchor in anchors where abs(Double(anchor.value) - value) < abs(Double(best.value) - value)
    {
      best = anchor
    }
    return best.label
  }

  /// Words accepted for "skipped" besides an empty answer.
  public static let skipWords: Set<String> = ["skip", "skipped", "-"]
  /// Words accepted for "not applicable".
  public static let notApplicableWords: Set<String> = ["n/a", "na", "not applicable"]

  /// Parses one answer: a whole number 0–10, an empty text or `skip` for a skip, `n/a` for
  /// "not applicable".
  ///
  /// - Parameter subject: what is being rated, for the error message (`overall stress`).
  /// - Throws: ``DispatchError`` (`invalidValue`) for anything else, including numbers off the
  ///   scale and fractions.
  public static func parseAnswer(_ text: String, subject: String) throws(DispatchError)
    -> StressAnswer
  {
    let word = text.trimmingCharacters(in: .whitespaces).lowercased()
    if word.isEmpty || skipWords.contains(word) { return .skipped }
    if notApplicableWords.contains(word) { return .notApplicable }
    guard let value = Int(word) else {
      throw DispatchError(
        .invalidValue,
        "'\(text)' is not a rating for \(subject): use a whole number from 0 to 10, "
          + "skip or n/a")
    }
    guard contains(value) else {
      throw DispatchError(
        .invalidValue, "\(value) is off the stress scale for \(subject): use 0 to 10 (\(legend))")
    }
    return .rated(value)
  }

  /// An answer as people read it: `6 (moderate)`, `skipped`, `n/a`.
  public static func text(_ answer: StressAnswer) -> String {
    switch answer {
    case .rated(let value): "\(value) (\(nearestLabel(Double(value))))"
    case .skipped: "skipped"
    case .notApplicable: "n/a"
    }
  }
}
