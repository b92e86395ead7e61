import DispatchCore
import Foundation

/// When a query runs and in which zone "today" and "this week" are read: relative dates stay
/// relative, so a saved query means the last 30 days whenever it runs
/// (docs/query-language.md#running-queries).
public struct QueryContext: Sendable {
  /// The moment the query runs.
  public var now: Instant
  /// The user's time zone, for `today`, `this week`, `in last 3 months`.
  public var zone: TimeZone

  /// A context.
  public init(now: Instant, zone: TimeZone) {
    self.now = now
    self.zone = zone
  }
}

/// A query resolved against the store's types: what SQL it runs and how each condition reads.
public struct QueryPlan: Sendable {
  /// The type selected.
  public let type: QueryRecordType
  /// The table alias at this depth (`q0`, `q1`, …).
  let alias: String
  /// The condition, if any.
  public let condition: PlanNode?
  /// The expression as written.
  public let text: String
  /// The whole query's text, for the text of each condition.
  let source: [Character]

  /// The query's text in `range`.
  func source(_ range: SourceRange) -> String { range.text(in: source) }

  /// `FROM …` for this plan's alias.
  var from: SQLFragment { type.from.on(alias) }

  /// The type's own filter and the condition, joined: the `WHERE` of the plan.
  var predicate: SQLFragment {
    var parts: [SQLFragment] = []
    if let filter = type.filter { parts.append(filter.on(alias).parenthesized) }
    if let condition { parts.append(condition.sql.parenthesized) }
    return parts.isEmpty ? SQLFragment("1") : SQLFragment.joined(parts, separator: " AND ")
  }

  /// Only the type's own filter (every record of the type).
  var typePredicate: SQLFragment {
    type.filter.map { $0.on(alias).parenthesized } ?? SQLFragment("1")
  }

  /// SQL of an expression over this plan's alias.
  func on(_ sql: AliasedSQL) -> SQLFragment { sql.on(alias) }
}

/// One node of a planned condition.
public indirect enum PlanNode: Sendable {
  case and(PlanNode, PlanNode)
  case or(PlanNode, PlanNode)
  case not(PlanNode, range: SourceRange)
  case group(PlanNode, range: SourceRange)
  case test(PlanTest)
  case relation(PlanRelation)

  /// The node as SQL over its plan's alias. NULL from a test (an empty attribute) counts as
  /// false: `not` folds it first, so `not (rating > 5)` keeps records without a rating.
  var sql: SQLFragment {
    switch self {
    case .and(let left, let right):
      // Relations last: SQLite tests the terms of one loop in order, so a record that fails
      // a plain test is never probed against the other type.
      let (first, second) = left.hasRelation && !right.hasRelation ? (right, left) : (left, right)
      return first.sql.parenthesized + SQLFragment(" AND ") + second.sql.parenthesized
    case .or(let left, let right):
      return left.sql.parenthesized + SQLFragment(" OR ") + right.sql.parenthesized
    case .not(let inner, _):
      return SQLFragment("NOT coalesce(") + inner.sql + SQLFragment(", 0)")
    case .group(let inner, _): return inner.sql
    case .test(let test): return test.sql
    case .relation(let relation): return relation.sql
    }
  }

  /// Whether a relation is part of the node.
  var hasRelation: Bool {
    leaves.contains { if case .relation = $0 { return true } else { return false } }
  }

  /// The text the node came from.
  public var range: SourceRange {
    switch self {
    case .and(let left, let right), .or(let left, let right): return left.range.through(right.range)
    case .not(_, let range), .group(_, let range): return range
    case .test(let test): return test.range
    case .relation(let relation): return relation.range
    }
  }

  /// The tests and relations, left to right.
  var leaves: [PlanNode] {
    switch self {
    case .and(let left, let right), .or(let left, let right): return left.leaves + right.leaves
    case .not(let inner, _), .group(let inner, _): return inner.leaves
    case .test, .relation: return [self]
    }
  }

  /// The conditions joined by top-level `and`s (through parentheses), in order.
  var conjuncts: [PlanNode] {
    switch self {
    case .and(let left, let right): return left.conjuncts + right.conjuncts
    case .group(let inner, _):
      if case .and = inner { return inner.conjuncts }
      return [self]
    default: return [self]
    }
  }
}

extension QueryPlan {
  /// The indexes the plan's tests would use, at every depth.
  public var indexes: [QueryIndex] {
    var found: [QueryIndex] = []
    for leaf in condition?.leaves ?? [] {
      switch leaf {
      case .test(let test):
        if let index = test.index, !found.contains(index) { found.append(index) }
      case .relation(let relation):
        for index in relation.target.indexes where !found.contains(index) { found.append(index) }
      default: break
      }
    }
    return found
  }
}

/// A test on one attribute.
public struct PlanTest: Sendable {
  /// The attribute's name as resolved (`rating`, `answer("How happy are you?")`).
  public let attribute: String
  public let kind: QueryAttributeKind
  /// The condition over the plan's alias.
  let sql: SQLFragment
  /// The attribute's value over the alias, shown by `--why`.
  let value: SQLFragment
  public let range: SourceRange
  /// The index that serves it, if any.
  let index: QueryIndex?
  /// What `--explain` adds about how it compares (dosages compare within one dimension).
  public var note: String? = nil
}

/// A relation to another type's matches.
public struct PlanRelation: Sendable {
  public let kind: RelationKind
  /// The window in milliseconds (`within`, `before`, `after`), else 0.
  public let milliseconds: Int64
  /// The calendar unit of `same … as`.
  public let unit: Calendar.Component?
  /// The other type and its condition (alias one deeper).
  public let target: QueryPlan
  /// The time condition between a record of the outer alias and one of the target's alias.
  let window: SQLFragment
  /// How far apart two related records are, in milliseconds, over both aliases (for
  /// `--why`'s nearest match).
  let distance: SQLFragment
  public let range: SourceRange

  /// `EXISTS (…)`: some target record matches and is in the window. SQLite runs it per outer
  /// record, searching the target's start index within the window.
  var sql: SQLFragment {
    SQLFragment("EXISTS (SELECT 1 FROM ") + target.from + SQLFragment(" WHERE ")
      + window + SQLFragment(" AND ") + target.predicate + SQLFragment(")")
  }
}
