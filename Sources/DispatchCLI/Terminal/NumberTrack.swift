import DispatchCommandLine
import DispatchKit
import Foundation

/// The value of a number widget, held as a whole count of steps above the minimum.
///
/// Counting steps instead of adding the step to a Double keeps the value on the question's
/// grid: ten steps of 0.1 give 1, not 0.9999999999999999.
///
/// A track remembers whether a value was chosen: an untouched widget must not file its resting
/// position, or a stray Enter would record the lowest mood.
struct NumberTrack: Equatable {
  /// The range after style defaults and clamping (``Question/numberConfig``).
  let config: NumberInputConfig
  /// The steps above the minimum.
  private(set) var steps: Int
  /// The most steps the range allows; nil when it has no usable upper end (steppers and tap
  /// counters default to an unbounded maximum).
  let maximumSteps: Int?
  /// Whether a value was chosen: by a key, or by starting from an earlier answer or default.
  private(set) var isChosen: Bool

  /// A track at `initial` rounded to the nearest step and clamped; without `initial`, an
  /// untouched track at the minimum.
  init(config: NumberInputConfig, initial: Double?) {
    self.config = config
    let span = (config.maximum - config.minimum) / config.step
    // Ranges of more than a trillion steps cannot be walked with keys; treat them as open.
    maximumSteps =
      config.isBounded && span.isFinite && span < 1e12 ? Int((span + 1e-9).rounded(.down)) : nil
    var start = 0
    isChosen = initial?.isFinite ?? false
    if let initial, initial.isFinite {
      let offset = ((initial - config.minimum) / config.step).rounded()
      start = Int(min(max(offset, 0), 1e12))
    }
    steps = maximumSteps.map { min(start, $0) } ?? start
  }

  /// An untouched track resting in the middle of a bounded range, where the widgets draw a
  /// hollow marker, so the first arrow key moves from there; an open range rests at its minimum.
  static func untouched(config: NumberInputConfig) -> NumberTrack {
    var track = NumberTrack(config: config, initial: nil)
    track.steps = (track.maximumSteps ?? 0) / 2
    return track
  }

  /// The current value.
  var value: Double {
    config.clamped(config.minimum + Double(steps) * config.step)
  }

  /// The current value as it is filed: without a needless fraction.
  var text: String { format(value) }

  /// Where the value lies between the minimum (0) and the maximum (1); nil without a maximum.
  var fraction: Double? {
    guard let maximumSteps else { return nil }
    return maximumSteps == 0 ? 0 : Double(steps) / Double(maximumSteps)
  }

  /// Moves by `delta` steps, stopping at the ends of the range.
  mutating func move(by delta: Int) {
    let moved = max(0, steps + delta)
    steps = maximumSteps.map { min(moved, $0) } ?? moved
    isChosen = true
  }

  /// Moves to the minimum.
  mutating func moveToMinimum() {
    steps = 0
    isChosen = true
  }

  /// Moves to the maximum, when the range has one.
  mutating func moveToMaximum() {
    if let maximumSteps { steps = maximumSteps }
    isChosen = true
  }

  /// Moves to `number`, which ``NumberTyping/check(_:in:)`` found in range and on a step.
  mutating func move(to number: Double) {
    let offset = ((number - config.minimum) / config.step).rounded()
    steps = Int(min(max(offset, 0), 1e12))
    if let maximumSteps { steps = min(steps, maximumSteps) }
    isChosen = true
  }

  /// What Enter files: the value once chosen, else a skip.
  var answer: AnswerValue { isChosen ? .number(text) : .skipped }

  /// `number` rounded to the decimals of the step and minimum, written without a needless
  /// fraction (`7`, `2.5`, `-0.25`).
  func format(_ number: Double) -> String {
    NumberText.format(number, decimals: max(decimals(config.step), decimals(config.minimum)))
  }

  private func decimals(_ number: Double) -> Int {
    for places in 0...6 {
      let scaled = number * pow(10, Double(places))
      if abs(scaled - scaled.rounded()) < 1e-7 * max(1, abs(scaled)) { return places }
    }
    return 6
  }
}

/// Writes numbers the way Dispatch files them: as short text without a needless fraction.
enum NumberText {
  /// `number` rounded to at most `decimals` places; integral values have no fraction.
  static func format(_ number: Double, decimals: Int = 6) -> String {
    guard number.isFinite else { return String(number) }
    let scale = pow(10, Double(min(max(decimals, 0), 12)))
    let rounded = (number * scale).rounded() / scale
    if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int64(rounded)) }
    return String(rounded)
  }
}
