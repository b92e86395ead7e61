/// Applies named, append-only schema migrations.
///
/// Applied names are recorded in `schema_migrations`. Each migration runs in its own IMMEDIATE
/// transaction with foreign keys deferred, followed by `PRAGMA foreign_key_check`, as in
/// SQLite's recipe for schema changes (https://sqlite.org/lang_altertable.html#otheralter).
/// A store that has applied a migration this build does not know was written by a newer
/// Dispatch and is refused.
public struct Migrator: Sendable {
  /// One schema step.
  public struct Migration: Sendable {
    /// The unique, never-changing name recorded once applied.
    public let name: String
    /// Builds the SQL only when the step runs: opening a store that is up to date (every
    /// command, a status bar's poll) needs the names alone.
    private let makeSQL: @Sendable () -> String
    /// The SQL the step runs.
    public var sql: String { makeSQL() }

    init(name: String, sql: @escaping @Sendable () -> String) {
      self.name = name
      makeSQL = sql
    }
  }

  /// The registered steps, in order.
  public private(set) var migrations: [Migration] = []

  /// Creates an empty migrator.
  public init() {}

  /// Appends a step. Names must be unique.
  public mutating func register(_ name: String, sql: @autoclosure @escaping @Sendable () -> String)
  {
    precondition(!migrations.contains { $0.name == name }, "migration '\(name)' registered twice")
    migrations.append(Migration(name: name, sql: sql))
  }

  /// The names already applied to `db`, in application order.
  public func appliedNames(in db: Database) throws(StoreError) -> [String] {
    let exists = try db.scalarInt(
      "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'")
    guard exists == 1 else { return [] }
    return try db.rows("SELECT name FROM schema_migrations ORDER BY rowid").compactMap {
      $0.string(0)
    }
  }

  /// Whether `db` lacks any registered step.
  public func hasPendingMigrations(in db: Database) throws(StoreError) -> Bool {
    try appliedNames(in: db).count < migrations.count
  }

  /// Throws when `db` records a step this build does not know.
  public func checkNotNewer(_ db: Database) throws(StoreError) {
    let known = Set(migrations.map(\.name))
    if let unknown = try appliedNames(in: db).first(where: { !known.contains($0) }) {
      throw StoreError(
        .newerSchema,
        "'\(db.path)' was written by a newer Dispatch (schema step '\(unknown)'); upgrade Dispatch"
      )
    }
  }

  /// Applies every step `db` has not yet applied.
  public func migrate(_ db: Database) throws {
    try checkNotNewer(db)
    try db.executeScript(
      "CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT NOT NULL PRIMARY KEY) STRICT")
    let applied = Set(try appliedNames(in: db))
    for migration in migrations where !applied.contains(migration.name) {
      try apply(migration, to: db)
    }
  }

  private func apply(_ migration: Migration, to db: Database) throws {
    try db.executeScript("PRAGMA foreign_keys = OFF")
    defer { try? db.executeScript("PRAGMA foreign_keys = ON") }
    try db.inTransaction(.immediate) { db in
      try db.executeScript(migration.sql)
      let violations = try db.rows("PRAGMA foreign_key_check")
      if let first = violations.first {
        throw StoreError(
          .sqlite(code: 19),
          "migration '\(migration.name)' left a foreign key violation in '\(first.string(0) ?? "")'"
        )
      }
      try db.execute("INSERT INTO schema_migrations (name) VALUES (?)", [migration.name])
    }
  }
}

extension Database {
  /// The schema as SQL text, sorted by object type and name, for golden-file comparison.
  public func schemaDump() throws(StoreError) -> String {
    try rows(
      """
      SELECT type, name, sql FROM sqlite_schema
      WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'
      ORDER BY CASE type WHEN 'table' THEN 0 WHEN 'index' THEN 1 WHEN 'trigger' THEN 2 ELSE 3 END,
        name
      """
    ).compactMap { $0.string(2).map { $0 + ";" } }.joined(separator: "\n") + "\n"
  }
}
