import DispatchKit
import Testing

/// Named, append-only schema steps.
struct MigratorTests {
  let db: Database
  let migrator: Migrator

  init() throws {
    db = try Database()
    var migrator = Migrator()
    migrator.register("0001-parents", sql: "CREATE TABLE parents (id INTEGER PRIMARY KEY)")
    migrator.register(
      "0002-children",
      sql: """
        CREATE TABLE children (parent_id INTEGER NOT NULL REFERENCES parents (id));
        CREATE INDEX children_by_parent ON children (parent_id);
        """)
    self.migrator = migrator
  }

  private func tableNames() throws -> [String] {
    try db.rows("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
      .compactMap { $0.string(0) }
  }

  @Test func `migrate applies every step once and records its name`() throws {
    #expect(try migrator.hasPendingMigrations(in: db))
    try migrator.migrate(db)
    #expect(try migrator.appliedNames(in: db) == ["0001-parents", "0002-children"])
    #expect(try tableNames() == ["children", "parents", "schema_migrations"])
    #expect(try !migrator.hasPendingMigrations(in: db))
    // A second run would fail on CREATE TABLE if it re-ran a step.
    try migrator.migrate(db)
    #expect(try migrator.appliedNames(in: db) == ["0001-parents", "0002-children"])
  }

  @Test func `an empty database has applied nothing`() throws {
    #expect(try migrator.appliedNames(in: db).isEmpty)
    #expect(try tableNames().isEmpty)
  }

  @Test func `a later build applies only the steps it adds`() throws {
    try migrator.migrate(db)
    var later = migrator
    later.register("0003-names", sql: "ALTER TABLE parents ADD COLUMN name TEXT")
    #expect(try later.hasPendingMigrations(in: db))
    try later.migrate(db)
    #expect(
      try later.appliedNames(in: db) == ["0001-parents", "0002-children", "0003-names"])
    try db.execute("INSERT INTO parents (name) VALUES (?)", ["ok"])
  }

  @Test func `steps run with foreign keys back on afterwards`() throws {
    try migrator.migrate(db)
    #expect(try db.scalarInt("PRAGMA foreign_keys") == 1)
    let error = #expect(throws: StoreError.self) {
      try db.execute("INSERT INTO children (parent_id) VALUES (?)", [1])
    }
    #expect(error?.sqliteCode == 19)
  }

  @Test func `a store with an unknown step is refused as newer and left untouched`() throws {
    var older = Migrator()
    older.register("0001-parents", sql: "CREATE TABLE parents (id INTEGER PRIMARY KEY)")
    var newer = older
    newer.register("0009-future", sql: "CREATE TABLE future (id INTEGER PRIMARY KEY)")
    try newer.migrate(db)
    let before = try db.schemaDump()

    let error = #expect(throws: StoreError.self) { try migrator.migrate(db) }
    #expect(error?.kind == .newerSchema)
    #expect(error?.message.contains("'0009-future'") == true)
    #expect(try db.schemaDump() == before)
    #expect(try migrator.appliedNames(in: db) == ["0001-parents", "0009-future"])
    #expect(throws: StoreError.self) { try migrator.checkNotNewer(db) }
    try newer.checkNotNewer(db)
  }

  @Test func `a step that leaves a foreign key violation is rolled back`() throws {
    try migrator.migrate(db)
    let before = try db.schemaDump()
    var broken = migrator
    broken.register(
      "0003-orphans",
      sql: """
        CREATE TABLE extra (id INTEGER PRIMARY KEY);
        INSERT INTO children (parent_id) VALUES (99);
        """)

    let error = #expect(throws: StoreError.self) { try broken.migrate(db) }
    #expect(error?.sqliteCode == 19)
    #expect(error?.message.contains("'0003-orphans'") == true)
    #expect(error?.message.contains("'children'") == true)
    #expect(try db.schemaDump() == before)
    #expect(try db.scalarInt("SELECT count(*) FROM children") == 0)
    #expect(try broken.appliedNames(in: db) == ["0001-parents", "0002-children"])
    #expect(try db.scalarInt("PRAGMA foreign_keys") == 1)
    #expect(!db.isInTransaction)
  }

  @Test func `a failing step leaves the schema as the previous step left it`() throws {
    var broken = migrator
    broken.register(
      "0003-broken",
      sql: """
        CREATE TABLE half_done (id INTEGER PRIMARY KEY);
        CREATE TABLE oops (;
        """)
    broken.register("0004-never", sql: "CREATE TABLE never (id INTEGER PRIMARY KEY)")

    let error = #expect(throws: StoreError.self) { try broken.migrate(db) }
    #expect(error?.sqliteCode == 1)
    #expect(try tableNames() == ["children", "parents", "schema_migrations"])
    #expect(try broken.appliedNames(in: db) == ["0001-parents", "0002-children"])
    #expect(!db.isInTransaction)
  }

  @Test func `the store schema records every shipped step and the application ID`() throws {
    try StoreSchema.migrator.migrate(db)
    #expect(
      try StoreSchema.migrator.appliedNames(in: db)
        == StoreSchema.migrator.migrations.map(\.name))
    #expect(try db.scalarInt("PRAGMA application_id") == StoreSchema.applicationID)
    #expect(StoreSchema.applicationID == 0x4453_5054)  // "DSPT"
  }

  @Test func `0006 rebuilds response values with their rows and check`() throws {
    var before = Migrator()
    for step in StoreSchema.migrator.migrations.prefix(while: {
      $0.name != "0006-response-values-check"
    }) {
      before.register(step.name, sql: step.sql)
    }
    try before.migrate(db)
    try db.execute(
      """
      INSERT INTO reports (id, date_ms, utc_offset_s, time_zone, kind, trigger, is_draft,
        is_backdated, was_in_background) VALUES ('r', 0, 0, 'UTC', 'regular', 'manual', 0, 0, 0)
      """)
    try db.execute(
      "INSERT INTO responses (id, report_id, question_prompt) VALUES ('a', 'r', 'What?')")
    try db.execute(
      "INSERT INTO response_values (response_id, role, position, text) VALUES ('a', 'token', 0, 'tea')"
    )
    try StoreSchema.migrator.migrate(db)
    #expect(try db.rows("SELECT text FROM response_values").map { $0.string(0) } == ["tea"])
    #expect(throws: StoreError.self) {
      try db.execute(
        "INSERT INTO response_values (response_id, role, position, text) VALUES ('a', 'tag', 1, 'x')"
      )
    }
    try db.execute("DELETE FROM responses WHERE id = 'a'")
    #expect(try db.scalarInt("SELECT count(*) FROM response_values") == 0)
  }
}
