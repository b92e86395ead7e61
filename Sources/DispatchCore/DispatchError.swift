import DispatchSupport

/// An error in what the user asked for: an unknown reference, an invalid value or definition.
public struct DispatchError: Error, CustomStringConvertible, Sendable, Equatable {
  /// The category, which decides the command-line exit code.
  public enum Kind: Sendable, Equatable {
    /// A name or ID that matches nothing (a usage error on the command line).
    case unknownReference
    /// A value that does not fit (a data error).
    case invalidValue
    /// A request that conflicts with what is stored.
    case conflict
    /// A request that is malformed as a whole: an option that does not apply, an answer given
    /// twice (a usage error on the command line, pointing at the command's help).
    case invalidRequest
    /// A file the request names that cannot be read.
    case unreadable
    /// Something outside the request failed.
    case failure
  }

  public let kind: Kind
  /// A lowercase, one-line explanation, with a fix hint where one is plausible.
  public let message: String

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }
}

extension DispatchError: CategorizedError {
  public var category: FailureCategory {
    switch kind {
    case .unknownReference, .invalidRequest: return .usage
    case .invalidValue, .conflict: return .dataError
    case .unreadable: return .noInput
    case .failure: return .failure
    }
  }

  public var failureMessage: String { message }

  public var pointsAtHelp: Bool { kind == .invalidRequest }
}
