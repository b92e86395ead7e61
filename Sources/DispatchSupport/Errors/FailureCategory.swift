/// What kind of failure an error is. Every Dispatch program maps a category to the same exit
/// status (docs/cli.md lists them), so the decision is made where the error is made, not
/// again in each executable.
public enum FailureCategory: Sendable, Equatable {
  /// The request is wrong: an unknown command, option, name or reference (exit 64).
  case usage
  /// The input data is wrong: a value that does not fit, a file that is not what it claims
  /// (exit 65).
  case dataError
  /// An input file or store is missing or unreadable (exit 66).
  case noInput
  /// A limit is reached for now; the same request works later (exit 75).
  case tryLater
  /// Anything else: a tool, the network or the system failed (exit 1).
  case failure
  /// The person cancelled (exit 130).
  case interrupted
}

/// An error that knows its category and the one line that tells a person what went wrong.
public protocol CategorizedError: Error {
  /// Decides the exit status.
  var category: FailureCategory { get }
  /// Lowercase, one line, with a fix hint where one is plausible.
  var failureMessage: String { get }
  /// Whether the message should point at the command's help (a malformed request).
  var pointsAtHelp: Bool { get }
}

extension CategorizedError {
  public var pointsAtHelp: Bool { false }
}
