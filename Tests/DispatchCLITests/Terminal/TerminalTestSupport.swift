import DispatchKit

@testable import DispatchCLI
@testable import DispatchCommandLine

extension SurveyWidget {
  /// Handles `keys` in order and returns the last key's action.
  @discardableResult
  mutating func press(_ keys: Key...) -> WidgetAction {
    var action = WidgetAction.none
    for key in keys { action = handle(key) }
    return action
  }

  /// Handles each character of `text` as a typed key.
  mutating func type(_ text: String) {
    for character in text { _ = handle(.character(character)) }
  }
}

/// Suggestions from a fixed vocabulary, matching by prefix, as a store's vocabulary would.
func vocabularySuggest(_ type: QuestionType, _ prefix: String) -> [String] {
  let vocabulary: [QuestionType: [String]] = [
    .tokens: ["coding", "cooking", "reading", "tea"],
    .people: ["Alice", "Albert", "Bob"],
    .location: ["Home", "Office", "Hospital"],
  ]
  return (vocabulary[type] ?? []).filter { $0.lowercased().hasPrefix(prefix.lowercased()) }
}

/// A number question with an input style and an optional range.
func numberQuestion(
  _ style: NumberInputStyle?, minimum: Double? = nil, maximum: Double? = nil,
  step: Double? = nil, defaultAnswer: String? = nil
) -> Question {
  Question(
    id: "n", prompt: "How much?", type: .number, inputStyle: style, inputMinimum: minimum,
    inputMaximum: maximum, inputStep: step, defaultAnswer: defaultAnswer)
}
