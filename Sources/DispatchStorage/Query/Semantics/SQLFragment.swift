import Foundation

/// A piece of SQL with the values bound to its `?` placeholders, in order. Queries are built
/// from fragments so every user value is bound, never spliced (docs/architecture.md#store).
public struct SQLFragment: Sendable, Equatable {
  /// The SQL text.
  public var sql: String
  /// The values of its placeholders.
  public var values: [DatabaseValue]

  /// A fragment.
  public init(_ sql: String, _ values: [DatabaseValue] = []) {
    self.sql = sql
    self.values = values
  }

  /// The fragments joined by `separator`, their values in order.
  static func joined(_ parts: [SQLFragment], separator: String) -> SQLFragment {
    SQLFragment(parts.map(\.sql).joined(separator: separator), parts.flatMap(\.values))
  }

  /// `(self)`.
  var parenthesized: SQLFragment { SQLFragment("(" + sql + ")", values) }

  static func + (lhs: SQLFragment, rhs: SQLFragment) -> SQLFragment {
    SQLFragment(lhs.sql + rhs.sql, lhs.values + rhs.values)
  }
}

/// Fragments over a table alias: `{a}` in the text stands for the alias, so one description
/// serves every nesting depth of a query (`q0`, `q1`, …).
public struct AliasedSQL: Sendable {
  let text: String
  let values: [DatabaseValue]

  /// SQL with `{a}` for the alias and `?` for each of `values`.
  public init(_ text: String, _ values: [DatabaseValue] = []) {
    self.text = text
    self.values = values
  }

  /// The SQL for `alias`.
  func on(_ alias: String) -> SQLFragment {
    SQLFragment(text.replacingOccurrences(of: "{a}", with: alias), values)
  }
}
