import DispatchCommandLine
import DispatchKit

/// A number typed straight into a slider, stepper, dial, scale or tap counter: 8000 at step 100
/// is four digits and Enter, not 80 presses of →.
///
/// Digits and `.` start and extend the typed number (a `-` starts it when the range goes below
/// zero); Backspace, Ctrl-U and Ctrl-W edit it (``LineEditing``). Enter files it when it lies in
/// the range and on a step, and otherwise explains why and keeps it for editing. Any other key
/// drops the typed number and goes to the widget, so the arrows still move from the track.
struct NumberTyping: Equatable {
  /// The number typed so far.
  private(set) var line = LineEditing(wordSeparators: [])
  /// Why the last Enter was refused, shown until the next key.
  private(set) var error: String?

  /// Whether a number is being typed, so the widget's own keys wait.
  var isTyping: Bool { !line.text.isEmpty }

  /// Handles `key` when it types, edits or confirms a number; nil when the widget should
  /// handle it.
  mutating func handle(_ key: Key, track: inout NumberTrack) -> WidgetAction? {
    if case .character(let character) = key, accepts(character, config: track.config) {
      error = nil
      line.text.append(character)
      return WidgetAction.none
    }
    guard isTyping else {
      error = nil
      return nil
    }
    if key == .enter { return confirm(&track) }
    error = nil
    if line.edit(key) { return WidgetAction.none }
    line.text = ""
    return nil
  }

  /// The typed number and any refusal, drawn under the widget.
  func render(style: TerminalStyle) -> [String] {
    var lines: [String] = []
    if isTyping { lines.append("> " + line.text + style.textCursor) }
    if let error { lines.append(style.error("! " + error)) }
    return lines
  }

  /// Whether `character` belongs in a typed number at this point.
  private func accepts(_ character: Character, config: NumberInputConfig) -> Bool {
    guard character.isASCII else { return false }
    if character.isNumber { return true }
    if character == "." { return !line.text.contains(".") }
    return character == "-" && line.text.isEmpty && config.minimum < 0
  }

  private mutating func confirm(_ track: inout NumberTrack) -> WidgetAction {
    switch Self.check(line.text, in: track) {
    case .success(let number):
      track.move(to: number)
      line.text = ""
      return .submit(track.answer)
    case .failure(let problem):
      error = problem.message
      return .none
    }
  }

  /// Why a typed number cannot be filed.
  struct Problem: Error, Equatable {
    let message: String
  }

  /// `text` as a number on `track`'s range and step, or the reason it is not one.
  static func check(_ text: String, in track: NumberTrack) -> Result<Double, Problem> {
    let config = track.config
    guard let number = Double(text), number.isFinite else {
      return .failure(Problem(message: "'\(text)' is not a number"))
    }
    let low = track.format(config.minimum)
    let range =
      config.isBounded ? "from \(low) to \(track.format(config.maximum))" : "from \(low) up"
    // A thousandth of a step absorbs the rounding of decimal steps such as 0.1.
    let tolerance = config.step / 1000
    guard number >= config.minimum - tolerance, number <= config.maximum + tolerance else {
      return .failure(Problem(message: "\(text) is out of range: type a number \(range)"))
    }
    let steps = (number - config.minimum) / config.step
    guard abs(steps - steps.rounded()) * config.step <= tolerance else {
      let below = config.minimum + steps.rounded(.down) * config.step
      let above = config.clamped(below + config.step)
      return .failure(
        Problem(
          message:
            "\(text) is not on a step of \(track.format(config.step)) from \(low): "
            + "try \(track.format(below)) or \(track.format(above))"))
    }
    return .success(number)
  }
}
