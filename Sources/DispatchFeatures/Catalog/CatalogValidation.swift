import DispatchCore

/// The rules a catalog record must meet (docs/catalog.md#validation), plus the few this
/// format adds (set fields, number ranges); docs/catalog.md lists them all.
///
/// Every function returns all problems found, never just the first, and expects values
/// already ``CatalogQuestion/normalized()``.
public enum CatalogValidation {
  public static let maximumPromptLength = 200
  public static let choiceCountRange = 2...20
  public static let maximumChoiceLength = 60
  public static let maximumCreditLength = 50
  public static let maximumReasonLength = 500
  public static let maximumDefaultAnswerLength = 40
  public static let maximumPlaceholderLength = 100
  public static let maximumTitleLength = 100
  public static let maximumSummaryLength = 500
  public static let maximumTagLength = 30
  public static let maximumIDLength = 64
  public static let questionCountRange = 1...100

  /// The problems of one question.
  public static func problems(_ question: CatalogQuestion) -> [CatalogProblem] {
    textProblems(question) + typeProblems(question)
  }

  /// The rules that do not depend on the type, checked even when the type is unknown.
  static func textProblems(_ question: CatalogQuestion) -> [CatalogProblem] {
    var problems: [CatalogProblem] = []
    func add(_ field: String, _ reason: String) {
      problems.append(CatalogProblem(field: field, reason: reason))
    }
    if question.prompt.isEmpty { add("prompt", "the prompt is empty") }
    if question.prompt.count > maximumPromptLength {
      add("prompt", "the prompt is longer than \(maximumPromptLength) characters")
    }
    if let credit = question.credit { problems += creditProblems(credit) }
    if let answer = question.defaultAnswer, answer.count > maximumDefaultAnswerLength {
      add(
        "defaultAnswer",
        "the default answer is longer than \(maximumDefaultAnswerLength) characters")
    }
    if let placeholder = question.placeholder, placeholder.count > maximumPlaceholderLength {
      add("placeholder", "the placeholder is longer than \(maximumPlaceholderLength) characters")
    }
    problems += tagProblems(question.tags)
    return problems
  }

  /// Choices only on multiple choice, number settings only on number questions.
  static func typeProblems(_ question: CatalogQuestion) -> [CatalogProblem] {
    var problems: [CatalogProblem] = []
    func add(_ field: String, _ reason: String) {
      problems.append(CatalogProblem(field: field, reason: reason))
    }
    let choices = question.choices
    if question.type == .multipleChoice {
      if !choiceCountRange.contains(choices.count) {
        add("choices", "multiple choice needs 2 to 20 choices, not \(choices.count)")
      }
      var seen = Set<String>()
      for (index, choice) in choices.enumerated() {
        if choice.isEmpty { add("choices", "choice \(index + 1) is empty") }
        if choice.count > maximumChoiceLength {
          add("choices", "choice \(index + 1) is longer than \(maximumChoiceLength) characters")
        }
        if !choice.isEmpty && !seen.insert(choice.lowercased()).inserted {
          add("choices", "choice '\(choice)' repeats (choices differ by more than letter case)")
        }
      }
    } else if !choices.isEmpty {
      add("choices", "only multiple-choice questions have choices")
    }
    guard question.type != .number else {
      if let minimum = question.inputMin, let maximum = question.inputMax, minimum >= maximum {
        add("inputMin", "inputMin is not below inputMax")
      }
      if let step = question.inputStep, !(step > 0) {
        add("inputStep", "inputStep is not above zero")
      }
      return problems
    }
    if question.inputStyle != nil { add("inputStyle", "only number questions have an input style") }
    if question.defaultAnswer != nil {
      add("defaultAnswer", "only number questions have a default answer")
    }
    for (field, value) in [
      ("inputMin", question.inputMin), ("inputMax", question.inputMax),
      ("inputStep", question.inputStep),
    ] where value != nil {
      add(field, "only number questions have \(field)")
    }
    return problems
  }

  /// A credit of at most 50 characters.
  public static func creditProblems(_ credit: String, field: String = "credit") -> [CatalogProblem]
  {
    guard credit.count > maximumCreditLength else { return [] }
    return [
      CatalogProblem(
        field: field, reason: "the credit is longer than \(maximumCreditLength) characters")
    ]
  }

  /// A flag's reason: not empty, at most 500 characters.
  public static func reasonProblems(_ reason: String) -> [CatalogProblem] {
    let trimmed = CatalogText.trimmed(reason)
    if trimmed.isEmpty { return [CatalogProblem(field: "reason", reason: "the reason is empty")] }
    guard trimmed.count > maximumReasonLength else { return [] }
    return [
      CatalogProblem(
        field: "reason", reason: "the reason is longer than \(maximumReasonLength) characters")
    ]
  }

  static func tagProblems(_ tags: [String]) -> [CatalogProblem] {
    tags.filter { $0.count > maximumTagLength }.map {
      CatalogProblem(
        field: "tags",
        reason: "the tag '\($0.prefix(20))…' is longer than \(maximumTagLength) characters")
    }
  }
}
