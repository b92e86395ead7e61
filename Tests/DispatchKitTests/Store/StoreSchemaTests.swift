import DispatchKit
import Testing

/// The migrated schema compared with its golden dump.
struct StoreSchemaTests {
  let db: Database

  init() throws {
    db = try Database()
    try StoreSchema.migrator.migrate(db)
  }

  @Test func `an empty database migrates to the golden schema`() throws {
    GoldenFile.expectMatches(try db.schemaDump(), suite: "StoreSchemaTests", name: "schema.sql")
  }

  @Test func `the schema dump is sorted tables first and ends with a newline`() throws {
    let dump = try db.schemaDump()
    #expect(dump.hasPrefix("CREATE TABLE "))
    #expect(dump.hasSuffix(";\n"))
    #expect(!dump.contains("sqlite_autoindex"))
  }

  @Test func `every table is STRICT`() throws {
    // FTS5's virtual table and the shadow tables it makes are SQLite's own and cannot be.
    let loose = try db.rows(
      """
      SELECT name FROM sqlite_schema
      WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE '%STRICT%'
        AND name IN (SELECT name FROM pragma_table_list WHERE type = 'table')
      """
    ).compactMap { $0.string(0) }
    #expect(loose.isEmpty)
  }

  @Test func `the schema has no foreign key pointing at a missing table or column`() throws {
    #expect(try db.rows("PRAGMA foreign_key_check").isEmpty)
    let tables = try db.rows("SELECT name FROM sqlite_schema WHERE type = 'table'")
      .compactMap { $0.string(0) }
    let dangling = try tables.flatMap { table in
      try db.rows("SELECT \"table\", \"to\" FROM pragma_foreign_key_list(?)", [table])
        .filter { row in
          let target = row.string(0) ?? ""
          let column = row.string(1) ?? ""
          return try db.scalarInt(
            "SELECT count(*) FROM pragma_table_info(?) WHERE name = ?", [target, column]) != 1
        }
    }
    #expect(dangling.isEmpty)
  }
}
