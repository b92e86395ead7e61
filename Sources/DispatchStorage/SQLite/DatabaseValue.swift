import Foundation

/// A value stored in or read from a SQLite column.
public enum DatabaseValue: Sendable, Equatable, Hashable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])
}

extension DatabaseValue {
  /// The value of `value`, or null when it is absent. Generic, so it is specialized for each
  /// type where it is used; the existential path looks the conformance up at run time.
  @inlinable public init<Value: DatabaseValueConvertible>(_ value: Value?) {
    self = value?.databaseValue ?? .null
  }
}

/// A Swift value that can be bound to a statement parameter.
public protocol DatabaseValueConvertible: Sendable {
  /// The value as SQLite stores it.
  var databaseValue: DatabaseValue { get }
}

extension DatabaseValue: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { self }
}

extension Int: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .integer(Int64(self)) }
}

extension Int64: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .integer(self) }
}

extension Int32: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .integer(Int64(self)) }
}

extension Double: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .real(self) }
}

extension Bool: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }
}

extension String: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .text(self) }
}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue {
    switch self {
    case .none: return .null
    case .some(let value): return value.databaseValue
    }
  }
}
