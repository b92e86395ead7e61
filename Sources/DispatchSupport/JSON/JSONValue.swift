/// A JSON document with object keys in a chosen order, for deterministic output.
public enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case int(Int64)
  case double(Double)
  case string(String)
  case array([JSONValue])
  /// Members in output order (the writer may sort them).
  case object([(String, JSONValue)])

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.int(let a), .int(let b)): return a == b
    case (.double(let a), .double(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: return false
    }
  }
}

/// Builds a JSON object member by member, leaving out nil values.
public struct JSONObjectBuilder: Sendable {
  public private(set) var members: [(String, JSONValue)] = []

  public init() {}

  /// Adds a member.
  public mutating func set(_ key: String, _ value: JSONValue) {
    members.append((key, value))
  }

  /// Adds a text member unless nil.
  public mutating func set(_ key: String, _ value: String?) {
    if let value { members.append((key, .string(value))) }
  }

  /// Adds a number member unless nil.
  public mutating func set(_ key: String, _ value: Double?) {
    if let value { members.append((key, .double(value))) }
  }

  /// Adds an integer member unless nil.
  public mutating func set(_ key: String, _ value: Int?) {
    if let value { members.append((key, .int(Int64(value)))) }
  }

  /// Adds a Boolean member unless nil.
  public mutating func set(_ key: String, _ value: Bool?) {
    if let value { members.append((key, .bool(value))) }
  }

  /// The object.
  public var value: JSONValue { .object(members) }
}
