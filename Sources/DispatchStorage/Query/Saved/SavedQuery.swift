import DispatchCore
import DispatchSupport
import Foundation

/// A query kept under a name; a pinned one is listed with its current count
/// (docs/query-language.md#running-queries).
public struct SavedQuery: Sendable, Equatable {
  public let name: String
  /// The expression as written: relative dates stay relative.
  public let expression: String
  public let isPinned: Bool
  public let created: Instant
}

/// A pinned query's current state, for `dispatch query list`.
public struct PinnedQuerySummary: Sendable {
  public let query: SavedQuery
  public let count: Int
  /// The newest record it selects.
  public let latest: QueryRecord?
  /// The mean of the type's main value over the matches, when the type has one.
  public let mean: (attribute: String, kind: QueryAttributeKind, value: Double)?
  /// Why the query no longer runs (a question renamed, …), if it does not.
  public let problem: QueryDiagnostic?

  /// "138 matches; latest 2026-12-04T18:02:11-05:00; mean rating 6.90", or why it does not
  /// run: the line `dispatch query list` and the served dashboard show under its name.
  public var line: String {
    if let problem { return "does not run: \(problem.description)" }
    var parts = ["\(DisplayNumber.grouped(count)) \(count == 1 ? "match" : "matches")"]
    if let latest { parts.append("latest \(latest.localStart)") }
    if let mean {
      let value =
        mean.kind == .duration
        ? QueryValueText.text(.real(mean.value), kind: .duration, offsetSeconds: 0)
        : String(format: "%.2f", mean.value)
      parts.append("mean \(mean.attribute) \(value)")
    }
    return parts.joined(separator: "; ")
  }
}

extension QueriesView {
  /// Saves `expression` as `name` (replacing a query of that name), after checking that it
  /// parses and names known types and attributes.
  public func saveQuery(name: String, expression: String) throws {
    try write { try $0.saveQuery(name: name, expression: expression) }
  }

  /// Every saved query: the pinned ones in their order, then the others by name.
  public func savedQueries() throws -> [SavedQuery] {
    try database.rows(
      """
      SELECT name, expression, is_pinned, created_ms FROM saved_queries
      ORDER BY is_pinned DESC, pin_order, name_key
      """
    ).map { row in
      SavedQuery(
        name: row.string(0) ?? "", expression: row.string(1) ?? "", isPinned: row.int(2) == 1,
        created: Instant(milliseconds: row.int64(3) ?? 0))
    }
  }

  /// The saved query called `name` (any case).
  ///
  /// - Throws: ``DispatchError`` `unknownReference` naming the closest saved query.
  public func savedQuery(named name: String) throws -> SavedQuery {
    let all = try savedQueries()
    if let query = all.first(where: { $0.name.lowercased() == name.lowercased() }) { return query }
    let hint = Suggestion.closest(to: name, in: all.map(\.name)).map { "; did you mean '\($0)'?" }
    throw DispatchError(
      .unknownReference,
      "no saved query '\(name)'" + (hint ?? "; 'dispatch query list' shows them"))
  }

  /// Pins or unpins a saved query.
  public func setQueryPinned(_ name: String, _ pinned: Bool) throws {
    try write { try $0.setQueryPinned(name, pinned) }
  }

  /// Removes a saved query.
  public func removeSavedQuery(_ name: String) throws {
    try write { try $0.removeSavedQuery(name) }
  }

  /// Moves a pinned query to `position` among the pinned ones (1 is the top; a position past
  /// the end is the end).
  ///
  /// - Throws: ``DispatchError`` `.invalidValue` when the query is not pinned or the position
  ///   is below 1; `.unknownReference` when there is no such saved query.
  public func movePinnedQuery(_ name: String, to position: Int) throws {
    try write { try $0.movePinnedQuery(name, to: position) }
  }

  /// Each pinned query run now: its count, newest match and mean main value.
  public func pinnedQuerySummaries() throws -> [PinnedQuerySummary] {
    let engine = try queryEngine()
    return try savedQueries().filter(\.isPinned).map { query in
      let plan: QueryPlan
      switch Result(catching: { () throws(QueryDiagnostic) in try engine.plan(query.expression) }) {
      case .success(let planned): plan = planned
      case .failure(let problem):
        return PinnedQuerySummary(query: query, count: 0, latest: nil, mean: nil, problem: problem)
      }
      return PinnedQuerySummary(
        query: query, count: try engine.count(plan),
        latest: try engine.records(plan, limit: 1).first, mean: try engine.mean(plan),
        problem: nil)
    }
  }
}

extension QueryEngine {
  /// The mean of the type's main value over `plan`'s matches, if the type has one.
  public func mean(_ plan: QueryPlan) throws -> (
    attribute: String, kind: QueryAttributeKind, value: Double
  )? {
    guard let name = plan.type.mainValue, let attribute = plan.type.attribute(named: name) else {
      return nil
    }
    let sql =
      SQLFragment("SELECT avg(") + plan.on(attribute.value) + SQLFragment(") FROM ") + plan.from
      + SQLFragment(" WHERE ") + plan.predicate
    guard let value = try rows(sql).first?.double(0) else { return nil }
    return (attribute.name, attribute.kind, value)
  }
}

extension StoreTransaction {
  /// Saves `expression` as `name` (replacing a query of that name), after checking that it
  /// parses and names known types and attributes.
  public func saveQuery(name: String, expression: String) throws {
    let trimmed = name.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty, !trimmed.hasPrefix("-") else {
      throw DispatchError(.invalidValue, "a saved query needs a name that does not start with '-'")
    }
    _ = try store.queries.queryEngine().plan(expression)
    let db = database
    try db.execute(
      """
      INSERT INTO saved_queries (name, name_key, expression, is_pinned, created_ms)
      VALUES (?, ?, ?, 0, ?)
      ON CONFLICT (name_key) DO UPDATE SET name = excluded.name, expression = excluded.expression
      """, [trimmed, trimmed.lowercased(), expression, environment.now().milliseconds])
  }

  /// Pins a saved query at the end of the pinned ones, or unpins it.
  public func setQueryPinned(_ name: String, _ pinned: Bool) throws {
    let query = try store.queries.savedQuery(named: name)
    guard query.isPinned != pinned else { return }
    let db = database
    let last = try db.scalarInt("SELECT max(pin_order) FROM saved_queries WHERE is_pinned = 1")
    try db.execute(
      "UPDATE saved_queries SET is_pinned = ?, pin_order = ? WHERE name_key = ?",
      [pinned ? 1 : 0, pinned ? (last ?? 0) + 1 : 0, query.name.lowercased()])
  }

  /// Moves a pinned query to `position` among the pinned ones and numbers them all again.
  public func movePinnedQuery(_ name: String, to position: Int) throws {
    let query = try store.queries.savedQuery(named: name)
    guard query.isPinned else {
      throw DispatchError(
        .invalidValue,
        "'\(query.name)' is not pinned; pin it first: dispatch query pin \(query.name)")
    }
    guard position >= 1 else {
      throw DispatchError(.invalidValue, "a position starts at 1 (the top), not \(position)")
    }
    var pinned = try store.queries.savedQueries().filter(\.isPinned).map(\.name)
    pinned.removeAll { $0 == query.name }
    pinned.insert(query.name, at: min(position - 1, pinned.count))
    let db = database
    for (index, name) in pinned.enumerated() {
      try db.execute(
        "UPDATE saved_queries SET pin_order = ? WHERE name_key = ?", [index + 1, name.lowercased()])
    }
  }

  /// Removes a saved query.
  public func removeSavedQuery(_ name: String) throws {
    let query = try store.queries.savedQuery(named: name)
    try database.execute("DELETE FROM saved_queries WHERE name_key = ?", [query.name.lowercased()])
  }
}
