import DispatchCommandLine
import DispatchKit

/// Several choices from a list: multiple-choice questions that allow multiple selection.
///
/// ↑/↓ move the cursor, Space toggles the option under it, a number key 1–9 toggles that
/// option, Enter accepts. Enter with nothing ticked chooses the option under the cursor once
/// the cursor was moved, so a single answer is as quick as in a single-choice list; before any
/// key it skips, so a stray Enter does not file the first option.
struct MultiChoiceWidget: SurveyWidget {
  /// The options offered.
  let choices: [String]
  /// The index of the option under the cursor.
  private(set) var cursor = 0
  /// The indexes of the ticked options.
  private(set) var ticked: Set<Int> = []
  /// Whether a key moved the cursor, making Enter choose the option under it.
  private(set) var cursorMoved = false

  /// A list for `question`, with the earlier answer's options ticked.
  init(question: Question, answer: AnswerValue?) {
    choices = question.effectiveChoices
    if case .options(let chosen) = answer {
      ticked = Set(chosen.compactMap { choices.firstIndex(of: $0) })
      cursor = ticked.min() ?? 0
    }
  }

  var hint: String {
    guard !choices.isEmpty else { return "enter continue" }
    let numbers = choices.count > 1 ? " · 1-\(min(choices.count, 9)) toggle" : ""
    return "↑↓ move · space toggle\(numbers) · enter accept"
  }

  var focusLine: Int { cursor }

  func render(style: TerminalStyle) -> [String] {
    guard !choices.isEmpty else { return [style.dim("(this question has no choices)")] }
    return choices.enumerated().map { index, choice in
      let box = ticked.contains(index) ? style.chosen("[x]") : "[ ]"
      let number = index < 9 ? "\(index + 1). " : "   "
      if index == cursor { return style.accent("> ") + box + " " + number + style.bold(choice) }
      return "  " + box + " " + number + choice
    }
  }

  mutating func handle(_ key: Key) -> WidgetAction {
    guard !choices.isEmpty else { return key == .enter ? .submit(.skipped) : .none }
    if [.up, .down, .home, .end].contains(key) { cursorMoved = true }
    switch key {
    case .up: cursor = (cursor + choices.count - 1) % choices.count
    case .down: cursor = (cursor + 1) % choices.count
    case .home: cursor = 0
    case .end: cursor = choices.count - 1
    case .character(" "): toggle(cursor)
    case .enter:
      if ticked.isEmpty && !cursorMoved { return .submit(.skipped) }
      let chosen = ticked.isEmpty ? [cursor] : ticked.sorted()
      return .submit(.options(chosen.map { choices[$0] }))
    default:
      if let digit = key.digit, digit <= choices.count {
        cursor = digit - 1
        toggle(cursor)
      }
    }
    return .none
  }

  private mutating func toggle(_ index: Int) {
    if ticked.remove(index) == nil { ticked.insert(index) }
  }
}
