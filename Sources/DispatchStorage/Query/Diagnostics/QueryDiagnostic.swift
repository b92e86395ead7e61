import DispatchSupport
import Foundation

/// A problem with a query's text: a stable message ID, a one-line message, the span it is
/// about and, where one is plausible, a fix ("did you mean 'mood'?").
///
/// IDs never change meaning once shipped, so scripts and docs can refer to them
/// (docs/query-language.md, "Diagnostics").
public struct QueryDiagnostic: Error, CustomStringConvertible, Sendable, Equatable {
  /// The stable message IDs.
  public enum ID: String, Sendable, CaseIterable {
    // Lexical.
    case unterminatedString = "Q001"
    case unexpectedCharacter = "Q002"
    // Grammar.
    case emptyQuery = "Q100"
    case expectedType = "Q101"
    case expectedCondition = "Q102"
    case unexpectedToken = "Q103"
    case unclosedParenthesis = "Q104"
    case expectedValue = "Q105"
    case expectedOperator = "Q106"
    case expectedKeyword = "Q107"
    // Names.
    case unknownType = "Q200"
    case unknownAttribute = "Q201"
    case unknownQuestion = "Q202"
    case unknownChoice = "Q203"
    case unknownFunction = "Q204"
    // Meaning.
    case operatorNotApplicable = "Q300"
    case invalidNumber = "Q301"
    case invalidDate = "Q302"
    case invalidDuration = "Q303"
    case invalidTimeOfDay = "Q304"
    case invalidDay = "Q305"
    case invalidUnit = "Q306"
    case invalidBoolean = "Q307"
    case invalidRange = "Q308"
    case invalidDosage = "Q309"
    case unknownRecord = "Q400"
  }

  /// The stable ID, e.g. `Q200`.
  public let id: ID
  /// What is wrong, lower-case, no final period.
  public let message: String
  /// The characters it is about.
  public let range: SourceRange
  /// A suggestion or fix, when one is plausible.
  public let hint: String?

  /// A diagnostic.
  public init(_ id: ID, _ message: String, range: SourceRange, hint: String? = nil) {
    self.id = id
    self.message = message
    self.range = range
    self.hint = hint
  }

  /// A "did you mean" diagnostic: the closest of `candidates` to `written`, if any is close.
  static func unknown(
    _ id: ID, _ message: String, written: String, candidates: [String], range: SourceRange,
    otherwise: String? = nil
  ) -> QueryDiagnostic {
    if let closest = Suggestion.closest(to: written, in: candidates) {
      return QueryDiagnostic(id, message, range: range, hint: "did you mean '\(closest)'?")
    }
    return QueryDiagnostic(id, message, range: range, hint: otherwise)
  }

  /// `error[Q200]: message`, on one line.
  public var description: String {
    "error[\(id.rawValue)]: \(message)" + (hint.map { "; \($0)" } ?? "")
  }

  /// The diagnostic with the query's line and a caret under the offending text:
  ///
  ///     error[Q200]: unknown record type 'moood'
  ///       moood where rating <= 2
  ///       ^^^^^
  ///       did you mean 'mood'?
  public func rendered(source: String) -> String {
    let line = source.replacingOccurrences(of: "\n", with: " ")
    let count = line.count
    let lower = Swift.min(range.lower, count)
    let width = Swift.max(1, Swift.min(range.upper, count + 1) - lower)
    var text = "error[\(id.rawValue)]: \(message)\n  \(line)\n  "
    text += String(repeating: " ", count: lower) + String(repeating: "^", count: width)
    if let hint { text += "\n  \(hint)" }
    return text
  }
}

extension QueryDiagnostic: CategorizedError {
  public var category: FailureCategory { .dataError }
  public var failureMessage: String { description }
}
