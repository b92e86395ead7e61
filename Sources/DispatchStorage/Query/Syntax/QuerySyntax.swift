/// The parsed form of a query, before names are resolved: `TYPE [where CONDITION]`.
public struct QuerySyntax: Sendable, Equatable {
  /// The record type's name as written (words joined by one space).
  public var typeName: String
  /// Where the type's name stands.
  public var typeRange: SourceRange
  /// The condition after `where`, if any.
  public var condition: ConditionSyntax?
  /// The whole expression.
  public var range: SourceRange
}

/// A boolean combination of tests and relations.
public indirect enum ConditionSyntax: Sendable, Equatable {
  case and(ConditionSyntax, ConditionSyntax)
  case or(ConditionSyntax, ConditionSyntax)
  case not(ConditionSyntax, range: SourceRange)
  /// A parenthesized condition (kept so explain can show the user's grouping).
  case group(ConditionSyntax, range: SourceRange)
  case test(TestSyntax)
  case relation(RelationSyntax)

  /// The text the condition came from.
  public var range: SourceRange {
    switch self {
    case .and(let left, let right), .or(let left, let right): return left.range.through(right.range)
    case .not(_, let range), .group(_, let range): return range
    case .test(let test): return test.range
    case .relation(let relation): return relation.range
    }
  }
}

/// An attribute as written: `rating`, `day of week`, `answer("How happy are you?")`.
public struct AttributeSyntax: Sendable, Equatable {
  /// The words of the name joined by one space, or the function name of a call.
  public var name: String
  /// The quoted argument of a call such as `answer("…")`.
  public var argument: String?
  public var range: SourceRange
}

/// A value as written: a literal, a quoted text or a word, with the unit word after a number
/// (`30 minutes`, `20 mg`).
public struct ValueSyntax: Sendable, Equatable {
  public var text: String
  public var unit: String?
  public var isQuoted: Bool
  public var range: SourceRange

  /// The value and its unit, as written.
  public var written: String { unit.map { "\(text) \($0)" } ?? text }
}

/// What a test does with an attribute's value.
public enum TestOperator: String, Sendable, Equatable, CaseIterable {
  case equal = "="
  case notEqual = "!="
  case less = "<"
  case lessOrEqual = "<="
  case greater = ">"
  case greaterOrEqual = ">="
  case between
  case notBetween = "not between"
  case contains
  case notContains = "not contains"
  case startsWith = "starts with"
  case endsWith = "ends with"
  case isEmpty = "is empty"
  case isNotEmpty = "is not empty"
  case isTrue = "is true"
  case isFalse = "is false"
  case inList = "in"
  case notInList = "not in"
  case hasAny = "has any"
  case hasAll = "has all"
  case hasNone = "has none"
  case before
  case after
  case on
  /// `in last N units`: values are the count (absent for one) and the unit.
  case inLast = "in last"
  /// `this week`: the value is the unit.
  case inCurrent = "this"
  /// `near (lat, lon) [within 500 m]`: values are the latitude, longitude and the radius.
  case near

  /// How explain and error messages write the operator.
  public var symbol: String {
    switch self {
    case .notEqual: return "≠"
    case .lessOrEqual: return "≤"
    case .greaterOrEqual: return "≥"
    default: return rawValue
    }
  }
}

/// One test: `rating <= 2`, `name contains "run"`, `in last 30 days` (no attribute: the
/// record's time).
public struct TestSyntax: Sendable, Equatable {
  public var attribute: AttributeSyntax?
  public var op: TestOperator
  public var values: [ValueSyntax]
  public var range: SourceRange
}

/// How a relation ties a record to records of another type.
public enum RelationKind: String, Sendable, Equatable {
  /// `within D of`: some end of each is at most D from the other, or they overlap.
  case within
  /// `within D before`: this record ends at most D before the other starts.
  case before
  /// `within D after`: this record starts at most D after the other ends.
  case after
  /// `same day|week|month|year as`: the same local calendar unit.
  case same
  /// `during`: the two overlap; an instant inside an interval counts.
  case during
}

/// A relation to another type's matches: `within 30 minutes of activity where …`.
public struct RelationSyntax: Sendable, Equatable {
  public var kind: RelationKind
  /// The duration (`within`, `before`, `after`) or calendar unit (`same`).
  public var amount: ValueSyntax?
  /// The other type and its own condition, which may relate further.
  public var target: QuerySyntax
  public var range: SourceRange
}
