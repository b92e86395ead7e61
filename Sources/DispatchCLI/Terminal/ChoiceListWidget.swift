import DispatchCommandLine
import DispatchKit

/// A single choice from a list: yes/no questions and single-selection multiple choice.
///
/// ↑/↓ move the cursor (wrapping round), Home/End jump to the ends, Enter chooses the option
/// under the cursor, and a number key 1–9 chooses that option at once. Yes/no questions also
/// take `y` and `n`, which stand for their first and second choices as in ``AnswerParser``.
/// A new question starts with no cursor (↓ puts it on the first option, ↑ on the last), and
/// Enter then skips: a stray Enter must not file the first option.
struct ChoiceListWidget: SurveyWidget {
  /// The options offered (``Question/effectiveChoices``).
  let choices: [String]
  /// Whether `y` and `n` choose the first and second option.
  let acceptsYesNoKeys: Bool
  /// The index of the option under the cursor; nil until a key or an earlier answer places it.
  private(set) var cursor: Int?

  /// A list for `question`, with the cursor on the earlier answer when there is one.
  init(question: Question, answer: AnswerValue?) {
    choices = question.effectiveChoices
    acceptsYesNoKeys = question.type == .yesNo && choices.count == 2
    if case .options(let chosen) = answer, let first = chosen.first {
      cursor = choices.firstIndex(of: first)
    }
  }

  var hint: String {
    guard !choices.isEmpty else { return "enter continue" }
    let numbers = choices.count > 1 ? " · 1-\(min(choices.count, 9)) pick" : ""
    return "↑↓ move\(numbers) · enter choose"
  }

  var focusLine: Int { cursor ?? 0 }

  func render(style: TerminalStyle) -> [String] {
    guard !choices.isEmpty else { return [style.dim("(this question has no choices)")] }
    return choices.enumerated().map { index, choice in
      let number = index < 9 ? "\(index + 1). " : "   "
      if index == cursor { return style.accent("> " + number + style.bold(choice)) }
      return "  " + number + choice
    }
  }

  mutating func handle(_ key: Key) -> WidgetAction {
    guard !choices.isEmpty else { return key == .enter ? .submit(.skipped) : .none }
    let last = choices.count - 1
    switch key {
    case .up: cursor = cursor.map { ($0 + last) % choices.count } ?? last
    case .down: cursor = cursor.map { ($0 + 1) % choices.count } ?? 0
    case .home: cursor = 0
    case .end: cursor = last
    case .enter: return .submit(cursor.map { AnswerValue.options([choices[$0]]) } ?? .skipped)
    case .character(let character):
      if let digit = key.digit, digit <= choices.count {
        cursor = digit - 1
        return .submit(.options([choices[digit - 1]]))
      }
      if acceptsYesNoKeys, let index = ["y": 0, "n": 1][character.lowercased()] {
        cursor = index
        return .submit(.options([choices[index]]))
      }
    default: break
    }
    return .none
  }
}
