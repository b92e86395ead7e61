import DispatchCore

/// The query language over a store: its engine and the indexes queries build on first use.
extension QueriesView {
  /// An engine over this store's current types, with now from the store's clock and the
  /// user's time zone.
  public func queryEngine() throws -> QueryEngine {
    let now = environment.now()
    let zone = try HealthContextAttachment.zone(database)
    return QueryEngine(
      db: database, registry: try QueryTypeRegistry.load(from: database, now: now),
      context: QueryContext(now: now, zone: zone))
  }

  /// The indexes `plan` would use that the store lacks.
  public func missingQueryIndexes(for plan: QueryPlan) throws -> [QueryIndex] {
    try plan.indexes.filter { index in
      try database.scalarInt(
        "SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name = ?", [index.name]) == 0
    }
  }

  /// Builds `indexes` (once; later imports keep them up to date).
  public func buildQueryIndexes(_ indexes: [QueryIndex]) throws {
    try write { try $0.buildQueryIndexes(indexes) }
  }
}

extension StoreTransaction {
  /// Builds `indexes` (once; later imports keep them up to date).
  public func buildQueryIndexes(_ indexes: [QueryIndex]) throws {
    let db = database
    for index in indexes { try db.executeScript(index.sql) }
  }
}
