import DispatchCore
import DispatchSupport
import Foundation

/// The parsed content of an answer, before it becomes a ``Response`` with IDs.
public enum AnswerValue: Sendable, Equatable {
  /// The question was skipped.
  case skipped
  case tokens([String])
  case options([String])
  case location(String)
  /// A number as typed (validated to parse).
  case number(String)
  case note(String)
  case time(TimeAnswer)
}

/// Turns typed text into an answer for a question, rejecting text that does not fit its type.
///
/// Used by `--answer PROMPT=VALUE`, the line-mode survey and `dispatch answer`. An empty text is
/// a skip, except for a number question with a default answer, which files the default.
public enum AnswerParser {
  /// Words accepted as the first (affirmative) choice of a yes/no question.
  static let affirmative: Set<String> = ["yes", "y", "true", "1", "on", "yep", "yeah"]
  /// Words accepted as the second (negative) choice of a yes/no question.
  static let negative: Set<String> = ["no", "n", "false", "0", "off", "nope", "nah"]

  /// Parses `text` as an answer to `question`.
  ///
  /// - Throws: ``DispatchError`` (`invalidValue`) saying what the question accepts.
  public static func parse(_ text: String, for question: Question) throws -> AnswerValue {
    // Bytes that are not UTF-8 arrive as U+FFFD, a NUL cuts C strings short: either would be
    // stored as something the person did not type, so the answer is refused instead.
    if text.unicodeScalars.contains(where: { $0 == "\u{0}" || $0 == "\u{FFFD}" }) {
      throw DispatchError(
        .invalidValue,
        "the answer to '\(question.prompt)' holds a NUL byte or bytes that are not UTF-8")
    }
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    if trimmed.isEmpty {
      if question.type == .number, let fallback = question.defaultAnswer, !fallback.isEmpty {
        return .number(fallback)
      }
      return .skipped
    }
    switch question.type {
    case .yesNo: return .options([try yesNo(trimmed, question)])
    case .multipleChoice: return .options(try choices(trimmed, question))
    case .tokens, .people: return list(trimmed).isEmpty ? .skipped : .tokens(list(trimmed))
    case .location: return .location(trimmed)
    case .note: return .note(text.trimmingCharacters(in: .newlines))
    case .number: return .number(try number(trimmed, question))
    case .time: return .time(try time(trimmed, question))
    }
  }

  /// Comma-separated items, trimmed, empty items dropped, duplicates removed in order.
  public static func list(_ text: String) -> [String] {
    var seen = Set<String>()
    return text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
  }

  private static func yesNo(_ text: String, _ question: Question) throws -> String {
    let choices = question.effectiveChoices
    if let match = choices.first(where: { $0.lowercased() == text.lowercased() }) {
      return match
    }
    // Imported definitions are not validated, so a yes/no question may hold one choice.
    if affirmative.contains(text.lowercased()), let first = choices.first { return first }
    if negative.contains(text.lowercased()), choices.count > 1 { return choices[1] }
    throw DispatchError(
      .invalidValue,
      "'\(text)' is not an answer to '\(question.prompt)'; answer \(quotedList(choices, "or"))")
  }

  private static func choices(_ text: String, _ question: Question) throws -> [String] {
    let choices = question.effectiveChoices
    let parts = question.allowsMultipleSelection ? list(text) : [text]
    var chosen: [String] = []
    for part in parts {
      if let match = choices.first(where: { $0.lowercased() == part.lowercased() }) {
        if !chosen.contains(match) { chosen.append(match) }
      } else if let index = Int(part), choices.indices.contains(index - 1) {
        if !chosen.contains(choices[index - 1]) { chosen.append(choices[index - 1]) }
      } else {
        var message = "'\(part)' is not a choice of '\(question.prompt)'"
        if let close = Suggestion.closest(to: part, in: choices) {
          message += "; did you mean '\(close)'?"
        } else {
          message += "; choose \(quotedList(choices, "or"))"
        }
        throw DispatchError(.invalidValue, message)
      }
    }
    return chosen
  }

  private static func number(_ text: String, _ question: Question) throws -> String {
    // Decimal text only: Double(_:) would also read hex ("0x10"), "nan" and "inf".
    guard isDecimal(text), let value = Double(text), value.isFinite else {
      throw DispatchError(
        .invalidValue, "'\(text)' is not a number; '\(question.prompt)' takes a number")
    }
    let style = question.inputStyle ?? .textField
    let config = question.numberConfig
    // Typed answers are free; the widgets' ranges bind only where the widget would.
    if style != .textField && (value < config.minimum || value > config.maximum) {
      throw DispatchError(
        .invalidValue,
        "\(text) is outside \(format(config.minimum))…\(format(config.maximum)) for '\(question.prompt)'"
      )
    }
    return text
  }

  /// Whether `text` is a decimal number: an optional sign, digits with at most one point
  /// (`12`, `1.5`, `3.`, `.5`), and an optional exponent (`2e3`, `1.5E-2`). Scanned by hand:
  /// a regular expression literal is compiled again each time it runs.
  static func isDecimal(_ text: String) -> Bool {
    var bytes = text.utf8[...]
    func digits() -> Int {
      let count = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
      bytes = bytes.dropFirst(count)
      return count
    }
    func skip(_ byte: UInt8) -> Bool {
      guard bytes.first == byte else { return false }
      bytes = bytes.dropFirst()
      return true
    }
    _ = skip(UInt8(ascii: "+")) || skip(UInt8(ascii: "-"))
    let whole = digits()
    let fraction = skip(UInt8(ascii: ".")) ? digits() : 0
    guard whole + fraction > 0 else { return false }
    if skip(UInt8(ascii: "e")) || skip(UInt8(ascii: "E")) {
      _ = skip(UInt8(ascii: "+")) || skip(UInt8(ascii: "-"))
      guard digits() > 0 else { return false }
    }
    return bytes.isEmpty
  }

  private static func time(_ text: String, _ question: Question) throws -> TimeAnswer {
    var clock = text.lowercased()
    var dayOffset = 0
    for suffix in [" yesterday", " -1d", " (yesterday)"] where clock.hasSuffix(suffix) {
      clock = String(clock.dropLast(suffix.count)).trimmingCharacters(in: .whitespaces)
      dayOffset = -1
    }
    guard var answer = TimeAnswer(clock: clock) else {
      throw DispatchError(
        .invalidValue,
        "'\(text)' is not a time of day; '\(question.prompt)' takes HH:MM, e.g. 07:30 or 23:15 yesterday"
      )
    }
    answer.dayOffset = dayOffset
    return answer
  }

  /// Formats a bound without a needless fraction.
  public static func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }

  private static func quotedList(_ items: [String], _ conjunction: String) -> String {
    let quoted = items.map { "'\($0)'" }
    guard quoted.count > 1 else { return quoted.first ?? "" }
    return quoted.dropLast().joined(separator: ", ") + " \(conjunction) " + (quoted.last ?? "")
  }
}
