import DispatchCommandLine
import DispatchKit

/// A single choice from a list: yes/no questions and single-selection multiple choice.
///
/// ↑/↓ move the cursor (wrapping round), Home/End jump to the ends, Enter chooses the option
/// under the cursor, and a number key 1–9 chooses that option at once. Yes/no questions also
/// take `y` and `n`, which stand for their first and second choices as in ``AnswerParser``.
struct ChoiceListWidget: SurveyWidget {
  /// The options offered (``Question/effectiveChoices``).
  let choices: [String]
  /// Whether `y` and `n` choose the first and second option.
  let acceptsYesNoKeys: Bool
  /// The index of the option under the cursor.
  private(set) var cursor: Int

  /// A list for `question`, with the cursor on the earlier answer when there is one.
  init(question: Question, answer: AnswerValue?) {
    choices = question.effectiveChoices
    acceptsYesNoKeys = question.type == .yesNo && choices.count == 2
    cursor = 0
    if case .options(let chosen) = answer, let first = chosen.first,
      let index = choices.firstIndex(of: first)
    {
      cursor = index
    }
  }

  var hint: String {
    guard !choices.isEmpty else { return "enter continue" }
    let numbers = choices.count > 1 ? " · 1-\(min(choices.count, 9)) pick" : ""
    return "↑↓ move\(numbers) · enter choose"
  }

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
    switch key {
    case .up: cursor = (cursor + choices.count - 1) % choices.count
    case .down: cursor = (cursor + 1) % choices.count
    case .home: cursor = 0
    case .end: cursor = choices.count - 1
    case .enter: return .submit(.options([choices[cursor]]))
    case .character(let character):
      if let digit = key.digit, digit <= choices.count {
        cursor = digit - 1
        return .submit(.options([choices[cursor]]))
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
