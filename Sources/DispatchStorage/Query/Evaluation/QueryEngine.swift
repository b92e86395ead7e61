import DispatchCore

/// Runs planned queries against a store's database: counts, records, explanations.
public struct QueryEngine {
  public let db: Database
  public let registry: QueryTypeRegistry
  public let context: QueryContext

  /// An engine over `db` with the types `registry` offers.
  public init(db: Database, registry: QueryTypeRegistry, context: QueryContext) {
    self.db = db
    self.registry = registry
    self.context = context
  }

  /// Parses and plans `text`.
  public func plan(_ text: String) throws(QueryDiagnostic) -> QueryPlan {
    try QueryCompiler.plan(text, registry: registry, context: context)
  }

  /// How many records `plan` selects.
  public func count(_ plan: QueryPlan) throws -> Int {
    try count(plan, where: plan.predicate)
  }

  /// How many records of `plan`'s type meet `predicate` (over the plan's alias).
  func count(_ plan: QueryPlan, where predicate: SQLFragment) throws -> Int {
    let sql = SQLFragment("SELECT count(*) FROM ") + plan.from + SQLFragment(" WHERE ") + predicate
    return try rows(sql).first?.int(0) ?? 0
  }

  /// The records `plan` selects, newest first, at most `limit` after skipping `offset` (a
  /// page of results).
  public func records(_ plan: QueryPlan, limit: Int? = nil, offset: Int = 0) throws
    -> [QueryRecord]
  {
    try records(plan, where: plan.predicate, limit: limit, offset: offset)
  }

  func records(_ plan: QueryPlan, where predicate: SQLFragment, limit: Int?, offset: Int = 0)
    throws -> [QueryRecord]
  {
    let type = plan.type
    let columns = type.columns.compactMap { type.attribute(named: $0) }
    var select = [plan.on(type.id), plan.on(type.start), plan.on(type.offset)]
    select.append(type.end.map(plan.on) ?? SQLFragment("NULL"))
    for column in columns {
      select.append(
        column.kind == .tags
          ? SQLFragment("(SELECT group_concat(v, ', ') FROM (") + plan.on(column.value)
            + SQLFragment("))")
          : plan.on(column.value))
    }
    var sql =
      SQLFragment("SELECT ") + SQLFragment.joined(select, separator: ", ")
      + SQLFragment(" FROM ") + plan.from + SQLFragment(" WHERE ") + predicate
      + SQLFragment(" ORDER BY 2 DESC, 1 DESC")
    if let limit { sql = sql + SQLFragment(" LIMIT ?", [.integer(Int64(limit))]) }
    if offset > 0 {
      if limit == nil { sql = sql + SQLFragment(" LIMIT -1") }
      sql = sql + SQLFragment(" OFFSET ?", [.integer(Int64(offset))])
    }
    return try rows(sql).map { row in
      let end = row.int64(3).map { Instant(milliseconds: $0) }
      return QueryRecord(
        type: type.name, id: row.string(0) ?? "",
        start: Instant(milliseconds: row.int64(1) ?? 0), offsetSeconds: row.int(2) ?? 0,
        end: end == nil || end?.milliseconds == row.int64(1) ? nil : end,
        fields: columns.enumerated().map { index, column in
          QueryRecord.Field(
            name: column.name, kind: column.kind, value: row.values[4 + index])
        })
    }
  }

  func rows(_ sql: SQLFragment) throws -> [Row] {
    try db.rows(sql.sql, sql.values)
  }
}
