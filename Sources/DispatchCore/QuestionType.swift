/// The eight kinds of question, with Dispatch's frozen raw values
/// (docs/formats/dispatch-v2.md#question-types).
public enum QuestionType: Int, CaseIterable, Sendable, Codable {
  case tokens = 0
  case multipleChoice = 1
  case yesNo = 2
  case location = 3
  case people = 4
  case number = 5
  case note = 6
  case time = 7

  /// The case name used in JSON and on the command line, e.g. `multipleChoice`.
  public var caseName: String {
    switch self {
    case .tokens: return "tokens"
    case .multipleChoice: return "multipleChoice"
    case .yesNo: return "yesNo"
    case .location: return "location"
    case .people: return "people"
    case .number: return "number"
    case .note: return "note"
    case .time: return "time"
    }
  }

  /// Parses a case name, case-insensitively, also accepting `yes-no`-style spellings.
  public init?(caseName: String) {
    let folded = caseName.lowercased().filter { $0 != "-" && $0 != "_" }
    guard let match = Self.allCases.first(where: { $0.caseName.lowercased() == folded }) else {
      return nil
    }
    self = match
  }

  /// The visualization used when a question does not choose one
  /// (docs/formats/dispatch-v2.md#question-types).
  public var defaultVisualization: VisualizationStyle? {
    switch self {
    case .yesNo, .multipleChoice: return .proportion
    case .number: return .graph
    case .tokens, .people: return .frequency
    case .location, .note, .time: return nil
    }
  }
}

/// How a question's answers are charted.
public enum VisualizationStyle: String, CaseIterable, Sendable, Codable {
  case proportion
  case graph
  case frequency

  /// Whether the style can chart answers of `type`.
  public func isCompatible(with type: QuestionType) -> Bool {
    switch self {
    case .proportion: return type == .yesNo || type == .multipleChoice
    case .graph: return type == .number
    case .frequency: return type == .tokens || type == .people
    }
  }
}
