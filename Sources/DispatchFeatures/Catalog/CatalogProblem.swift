import DispatchSupport

/// One thing wrong with a catalog record, located by set, question and field.
public struct CatalogProblem: Sendable, Equatable, CustomStringConvertible {
  /// The set's ID in quotes, or `#N` (1-based) when the set has no usable ID.
  public var set: String?
  /// The 1-based position of the question in its set.
  public var question: Int?
  /// The JSON key, e.g. `choices`.
  public var field: String?
  /// A lowercase reason without a final period.
  public var reason: String

  public init(set: String? = nil, question: Int? = nil, field: String? = nil, reason: String) {
    self.set = set
    self.question = question
    self.field = field
    self.reason = reason
  }

  /// `set 'mood' question 2 field 'choices': multiple choice needs 2 to 20 choices`.
  public var description: String {
    var location: [String] = []
    if let set { location.append("set " + set) }
    if let question { location.append("question \(question)") }
    if let field { location.append("field '\(field)'") }
    return location.isEmpty ? reason : location.joined(separator: " ") + ": " + reason
  }

  /// The same problem placed in a set and, optionally, a question.
  func located(set: String?, question: Int? = nil) -> CatalogProblem {
    var copy = self
    copy.set = copy.set ?? set
    copy.question = copy.question ?? question
    return copy
  }
}

/// Why a catalog operation failed. The kind decides the exit code.
public struct CatalogError: Error, CustomStringConvertible, Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    /// A file or URL that does not exist or cannot be read (exit 66).
    case unreadable
    /// A file that is not valid catalog JSON, or a record that breaks the rules (exit 65).
    case invalid
    /// A set or submission ID that names nothing (exit 64).
    case unknownReference
    /// A duplicate a moderator must allow explicitly, or a set ID already taken (exit 65).
    case conflict
    /// The submission limit is reached; try again later (exit 75).
    case throttled
    /// A file could not be written, or the source needs something this build lacks (exit 1).
    case failure
  }

  public let kind: Kind
  /// One line: the file, then what is wrong.
  public let message: String
  /// Every problem, when the error is a validation failure.
  public let problems: [CatalogProblem]

  public init(_ kind: Kind, _ message: String, problems: [CatalogProblem] = []) {
    self.kind = kind
    self.message = message
    self.problems = problems
  }

  /// The most problems spelled out in the one-line message; the rest are counted.
  public static let problemsShown = 8

  /// A validation failure naming the file and every problem (at most ``problemsShown``).
  public static func invalid(_ file: String, _ problems: [CatalogProblem]) -> CatalogError {
    let shown = problems.prefix(problemsShown).map(\.description)
    var text = shown.joined(separator: "; ")
    if problems.count > shown.count { text += "; and \(problems.count - shown.count) more" }
    let count = problems.count == 1 ? "" : "\(problems.count) problems: "
    return CatalogError(.invalid, "\(file): \(count)\(text)", problems: problems)
  }

  public var description: String { message }
}

extension CatalogError: CategorizedError {
  public var category: FailureCategory {
    switch kind {
    case .unknownReference: return .usage
    case .invalid, .conflict: return .dataError
    case .unreadable: return .noInput
    case .throttled: return .tryLater
    case .failure: return .failure
    }
  }

  public var failureMessage: String { message }
}
