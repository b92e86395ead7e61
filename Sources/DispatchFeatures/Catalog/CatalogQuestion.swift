import DispatchCore
import Foundation

/// One question of a catalog set, in the seed shape of docs/catalog.md#the-index-format with the
/// prompt's fingerprint (docs/catalog.md#prompt-identity).
///
/// Values are kept as read (after ``normalized()``) so validation can report every problem;
/// ``CatalogValidation`` decides whether the question may be offered or added.
public struct CatalogQuestion: Sendable, Equatable {
  public var prompt: String
  public var type: QuestionType
  /// Options of a multiple-choice question; empty for every other type
  /// (docs/catalog.md#validation).
  public var choices: [String]
  /// Free labels; `wake` and `sleep` place the question in those surveys when added.
  public var tags: [String]
  /// Who wrote the question, when it differs from the set's credit.
  public var credit: String?
  /// How a number question is entered; nil means plain typing.
  public var inputStyle: NumberInputStyle?
  /// Filed for a number question left empty.
  public var defaultAnswer: String?
  public var placeholder: String?
  public var inputMin: Double?
  public var inputMax: Double?
  public var inputStep: Double?

  public init(
    prompt: String, type: QuestionType, choices: [String] = [], tags: [String] = [],
    credit: String? = nil, inputStyle: NumberInputStyle? = nil, defaultAnswer: String? = nil,
    placeholder: String? = nil, inputMin: Double? = nil, inputMax: Double? = nil,
    inputStep: Double? = nil
  ) {
    self.prompt = prompt
    self.type = type
    self.choices = choices
    self.tags = tags
    self.credit = credit
    self.inputStyle = inputStyle
    self.defaultAnswer = defaultAnswer
    self.placeholder = placeholder
    self.inputMin = inputMin
    self.inputMax = inputMax
    self.inputStep = inputStep
  }

  /// The fingerprint of the prompt (docs/catalog.md#prompt-identity), always recomputed so it
  /// cannot go stale.
  public var promptFingerprint: String { CatalogDedupe.fingerprint(prompt) }

  /// The prompt as compared for duplicates (docs/catalog.md#prompt-identity).
  public var normalizedPrompt: String { CatalogDedupe.normalizedPrompt(prompt) }

  /// Dispatch's `normalized()` (docs/catalog.md#validation): every text trimmed; an empty credit,
  /// default answer or placeholder becomes nil; tags are trimmed, lowercased and empty ones
  /// dropped.
  public func normalized() -> CatalogQuestion {
    var copy = self
    copy.prompt = CatalogText.trimmed(prompt)
    copy.choices = choices.map(CatalogText.trimmed)
    copy.tags = CatalogText.tags(tags)
    copy.credit = CatalogText.nonEmpty(credit)
    copy.defaultAnswer = CatalogText.nonEmpty(defaultAnswer)
    copy.placeholder = CatalogText.nonEmpty(placeholder)
    if copy.inputStyle == .textField { copy.inputStyle = nil }
    return copy
  }

  /// The question as the store keeps it, placed in the surveys its tags name.
  public func question(id: String, sortOrder: Int) -> Question {
    var kinds: [ReportKind] = []
    if tags.contains("wake") { kinds.append(.wake) }
    if tags.contains("sleep") { kinds.append(.sleep) }
    if kinds.isEmpty || tags.contains("day") || tags.contains("regular") {
      kinds.insert(.regular, at: 0)
    }
    return Question(
      id: id, prompt: prompt, type: type, sortOrder: sortOrder, reportKinds: kinds,
      placeholder: placeholder, choices: choices, inputStyle: inputStyle,
      inputMinimum: inputMin, inputMaximum: inputMax, inputStep: inputStep,
      defaultAnswer: defaultAnswer)
  }

  /// A catalog question built from one of the user's own questions (for `catalog submit`).
  public init(question: Question) {
    var tags: [String] = []
    if question.reportKinds.contains(.wake) { tags.append("wake") }
    if question.reportKinds.contains(.sleep) { tags.append("sleep") }
    if !tags.isEmpty && question.reportKinds.contains(.regular) { tags.insert("day", at: 0) }
    self.init(
      prompt: question.prompt, type: question.type,
      choices: question.type == .multipleChoice ? question.choices : [], tags: tags,
      inputStyle: question.inputStyle, defaultAnswer: question.defaultAnswer,
      placeholder: question.placeholder, inputMin: question.inputMinimum,
      inputMax: question.inputMaximum, inputStep: question.inputStep)
  }
}

/// The text clean-ups shared by catalog records.
enum CatalogText {
  static func trimmed(_ text: String) -> String {
    text.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Trimmed, or nil when nothing is left.
  static func nonEmpty(_ text: String?) -> String? {
    guard let value = text.map(trimmed), !value.isEmpty else { return nil }
    return value
  }

  /// Trimmed, lowercased, without empty or repeated tags, first occurrence kept.
  static func tags(_ tags: [String]) -> [String] {
    var seen = Set<String>()
    return tags.map { trimmed($0).lowercased() }.filter { !$0.isEmpty && seen.insert($0).inserted }
  }
}
