import Foundation

/// A question the survey asks (docs/formats/dispatch-v2.md#questions).
public struct Question: Sendable, Equatable, Identifiable {
  /// Stable text ID: a UUID for questions Dispatch creates, kept verbatim when imported.
  public var id: String
  public var prompt: String
  public var type: QuestionType
  /// Position in the survey; ties break by ``id``.
  public var sortOrder: Int
  public var isEnabled: Bool
  /// The surveys the question appears in.
  public var reportKinds: [ReportKind]
  public var placeholder: String?
  /// Options for multiple-choice and yes/no questions.
  public var choices: [String]
  /// nil means the type's default: true for multiple choice, false otherwise.
  public var allowsMultipleSelectionSetting: Bool?
  /// nil means plain typing.
  public var inputStyle: NumberInputStyle?
  public var inputMinimum: Double?
  public var inputMaximum: Double?
  public var inputStep: Double?
  /// Filed for a number question left empty; otherwise an empty answer is a skip.
  public var defaultAnswer: String?
  /// nil means the type's default.
  public var visualization: VisualizationStyle?
  /// The state-of-mind mapping, e.g. "mood" or "anxiety"; answers feed mood valence.
  public var stateOfMindKind: String?

  public init(
    id: String, prompt: String, type: QuestionType, sortOrder: Int = 0, isEnabled: Bool = true,
    reportKinds: [ReportKind] = [.regular], placeholder: String? = nil, choices: [String] = [],
    allowsMultipleSelectionSetting: Bool? = nil, inputStyle: NumberInputStyle? = nil,
    inputMinimum: Double? = nil, inputMaximum: Double? = nil, inputStep: Double? = nil,
    defaultAnswer: String? = nil, visualization: VisualizationStyle? = nil,
    stateOfMindKind: String? = nil
  ) {
    self.id = id
    self.prompt = prompt
    self.type = type
    self.sortOrder = sortOrder
    self.isEnabled = isEnabled
    self.reportKinds = reportKinds
    self.placeholder = placeholder
    self.choices = choices
    self.allowsMultipleSelectionSetting = allowsMultipleSelectionSetting
    self.inputStyle = inputStyle
    self.inputMinimum = inputMinimum
    self.inputMaximum = inputMaximum
    self.inputStep = inputStep
    self.defaultAnswer = defaultAnswer
    self.visualization = visualization
    self.stateOfMindKind = stateOfMindKind
  }

  /// Whether several options may be chosen.
  public var allowsMultipleSelection: Bool {
    allowsMultipleSelectionSetting ?? (type == .multipleChoice)
  }

  /// The options the survey offers: yes/no questions without choices get Yes and No.
  public var effectiveChoices: [String] {
    if type == .yesNo && choices.isEmpty { return ["Yes", "No"] }
    return choices
  }

  /// The number range after defaults and clamping.
  public var numberConfig: NumberInputConfig {
    (inputStyle ?? .textField).resolvedConfig(
      minimum: inputMinimum, maximum: inputMaximum, step: inputStep)
  }

  /// The chart style in force: the chosen one when it suits the type, else the type default.
  public var effectiveVisualization: VisualizationStyle? {
    if let visualization, visualization.isCompatible(with: type) { return visualization }
    return type.defaultVisualization
  }

  /// Whether the question appears in surveys of `kind`.
  public func appears(in kind: ReportKind) -> Bool {
    isEnabled && reportKinds.contains(kind)
  }

  /// Checks the definition; returns every problem found, empty when valid.
  public func validationProblems() -> [String] {
    var problems: [String] = []
    if prompt.trimmingCharacters(in: .whitespaces).isEmpty {
      problems.append("the prompt is empty")
    }
    if type == .multipleChoice && choices.count < 2 {
      problems.append("a multiple-choice question needs at least two choices")
    }
    if type == .yesNo && !(choices.isEmpty || choices.count == 2) {
      problems.append("a yes/no question has exactly two choices, or none for Yes and No")
    }
    if ![.multipleChoice, .yesNo].contains(type) && !choices.isEmpty {
      problems.append("only multiple-choice and yes/no questions have choices")
    }
    var seen = Set<String>()
    for choice in choices where !seen.insert(choice.lowercased()).inserted {
      problems.append("choice '\(choice)' appears twice")
    }
    if type != .number {
      if inputStyle != nil { problems.append("only number questions have an input style") }
      if defaultAnswer != nil { problems.append("only number questions have a default answer") }
    }
    if let minimum = inputMinimum, let maximum = inputMaximum, minimum >= maximum {
      problems.append("the number range needs a minimum below its maximum")
    }
    if let step = inputStep, !(step > 0) {
      problems.append("the number step must be above zero")
    }
    if reportKinds.isEmpty {
      problems.append("the question appears in no survey (regular, wake or sleep)")
    }
    return problems
  }
}
