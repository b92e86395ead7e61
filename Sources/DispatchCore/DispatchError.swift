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
