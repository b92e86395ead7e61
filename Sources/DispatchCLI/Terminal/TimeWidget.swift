import DispatchCommandLine
import DispatchKit

/// A time of day, typed as HH:MM, with a toggle between today and yesterday.
///
/// Digits and `:` type the time (`730` and `0730` read as 07:30); Backspace, Ctrl-U and Ctrl-W
/// edit as in every field (``LineEditing``, a colon ending a word). `y`, ← and
/// → toggle "yesterday" (a bedtime before midnight answered the next morning). Enter accepts;
/// an empty field is a skip; a time that is not HH:MM shows the parser's message.
struct TimeWidget: SurveyWidget {
  /// The question asked.
  let question: Question
  /// The characters typed, with the shared editing keys.
  private(set) var line = LineEditing(wordSeparators: [":"])
  /// Whether the time is yesterday's.
  private(set) var isYesterday = false
  /// Why the last Enter was refused, shown until the next key.
  private(set) var error: String?

  /// A field for `question` holding the earlier answer, if any.
  init(question: Question, answer: AnswerValue?) {
    self.question = question
    if case .time(let time) = answer {
      line.text = time.clockText
      isYesterday = time.dayOffset == -1
    }
  }

  /// The characters typed.
  var typed: String { line.text }

  var hint: String { "type HH:MM · y or ←→ today/yesterday · enter accept" }

  /// The typed text as HH:MM: a colon is put before the last two digits when none was typed.
  var clockText: String {
    guard !typed.contains(":"), typed.count >= 3 else { return typed }
    return String(typed.dropLast(2)) + ":" + String(typed.suffix(2))
  }

  func render(style: TerminalStyle) -> [String] {
    let today = isYesterday ? "today" : style.accent("[today]")
    let yesterday = isYesterday ? style.accent("[yesterday]") : "yesterday"
    var field = "> " + clockText + style.textCursor
    if typed.isEmpty { field += " " + style.dim("HH:MM") }
    var lines = [field + "   " + today + " " + yesterday]
    if let error { lines.append(style.error("! " + error)) }
    return lines
  }

  mutating func handle(_ key: Key) -> WidgetAction {
    error = nil
    switch key {
    case .character(let character) where character.isASCII && character.isNumber:
      if typed.count < 5 { line.text.append(character) }
    case .character(":"):
      if !typed.contains(":") && typed.count < 5 { line.text.append(":") }
    case .character("y"), .character("Y"), .left, .right:
      isYesterday.toggle()
    case .backspace, Key.clearLine, Key.deleteWord:
      _ = line.edit(key)
    case .enter:
      return submit()
    default:
      break
    }
    return .none
  }

  private mutating func submit() -> WidgetAction {
    if typed.isEmpty { return .submit(.skipped) }
    guard var time = TimeAnswer(clock: clockText) else {
      error =
        "'\(clockText)' is not a time of day; '\(question.prompt)' takes HH:MM, e.g. 07:30"
      return .none
    }
    time.dayOffset = isYesterday ? -1 : 0
    return .submit(.time(time))
  }
}
