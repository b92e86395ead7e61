import DispatchKit
import Foundation
import Testing

/// Opening connections, binding, errors and transactions of the SQLite layer.
struct DatabaseTests {
  let directory: TemporaryDirectory
  let db: Database

  init() throws {
    directory = try TemporaryDirectory()
    db = try Database()
    try db.executeScript(
      "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE) STRICT")
  }

  private func names(_ db: Database? = nil) throws -> [String] {
    try (db ?? self.db).rows("SELECT name FROM items ORDER BY id").compactMap { $0.string(0) }
  }

  // MARK: - Opening

  @Test func `create makes the store file with mode 0600 and its parent folders`() throws {
    let path = directory.file("new/folder/store.sqlite")
    let created = try Database(path: path, mode: .create)
    #expect(created.path == path)
    #expect(try TemporaryDirectory.permissions(of: path) == 0o600)
    #expect(try TemporaryDirectory.permissions(of: directory.file("new/folder")) == 0o700)
    // SQLite gives the write-ahead log the database file's mode.
    try created.write { db in try db.executeScript("CREATE TABLE t (x)") }
    #expect(try TemporaryDirectory.permissions(of: path + "-wal") == 0o600)
  }

  @Test(arguments: [Database.OpenMode.readWrite, .readOnly])
  func `opening a missing file without create throws missingStore`(mode: Database.OpenMode)
    throws
  {
    let path = directory.file("absent.sqlite")
    let error = #expect(throws: StoreError.self) { try Database(path: path, mode: mode) }
    #expect(error?.kind == .missingStore)
    #expect(error?.message.contains("'\(path)'") == true)
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func `a file store uses WAL, NORMAL sync and foreign keys`() throws {
    let store = try Database(path: directory.file("store.sqlite"), mode: .create)
    #expect(try store.rows("PRAGMA journal_mode").first?.string(0) == "wal")
    #expect(try store.scalarInt("PRAGMA synchronous") == 1)
    #expect(try store.scalarInt("PRAGMA foreign_keys") == 1)
  }

  @Test func `a new store has 16 KiB pages and an existing one keeps its page size`() throws {
    let fresh = try Database(path: directory.file("fresh.sqlite"), mode: .create)
    try fresh.write { db in try db.executeScript("CREATE TABLE t (x)") }
    #expect(try fresh.scalarInt("PRAGMA page_size") == 16384)

    let oldPath = directory.file("old.sqlite")
    let old = try Database(path: oldPath, mode: .create)
    try old.executeScript("PRAGMA journal_mode = DELETE; PRAGMA page_size = 4096; VACUUM")
    try old.write { db in try db.executeScript("CREATE TABLE t (x); INSERT INTO t VALUES (1)") }
    #expect(try old.scalarInt("PRAGMA page_size") == 4096)
    let reopened = try Database(path: oldPath, mode: .readWrite)
    #expect(try reopened.scalarInt("PRAGMA page_size") == 4096)
    #expect(try reopened.scalarInt("SELECT x FROM t") == 1)
  }

  @Test func `an in-memory database enforces foreign keys`() throws {
    #expect(try db.scalarInt("PRAGMA foreign_keys") == 1)
    #expect(db.path == ":memory:")
  }

  @Test func `double-quoted strings are identifiers, never string literals`() throws {
    let error = #expect(throws: StoreError.self) {
      try db.rows(#"SELECT "no such column" FROM items"#)
    }
    #expect(error?.sqliteCode == 1)
  }

  // MARK: - Binding

  @Test func `bound values are stored verbatim and never run as SQL`() throws {
    let hostile = "'); DROP TABLE items; --"
    try db.execute("INSERT INTO items (name) VALUES (?)", [hostile])
    #expect(try names() == [hostile])
    #expect(try db.rows("SELECT name FROM items WHERE name = ?", [hostile]).count == 1)
  }

  @Test func `the executed SQL carries placeholders, not values`() throws {
    let recorder = SQLRecorder(db)
    try db.execute("INSERT INTO items (name) VALUES (?)", ["'); DROP TABLE items; --"])
    #expect(recorder.statements == ["INSERT INTO items (name) VALUES (?)"])
  }

  @Test func `quoted identifiers survive quotes in the name`() throws {
    let name = #"odd "table" name"#
    #expect(Database.quoteIdentifier(name) == #""odd ""table"" name""#)
    try db.executeScript("CREATE TABLE \(Database.quoteIdentifier(name)) (x)")
    #expect(
      try db.scalarInt("SELECT count(*) FROM sqlite_schema WHERE name = ?", [name]) == 1)
  }

  @Test(arguments: BindingCase.all)
  func `every value kind round-trips through a bound parameter`(_ test: BindingCase) throws {
    let row = try #require(try db.rows("SELECT ?", [test.value]).first)
    #expect(row[0] == test.expected)
  }

  @Test func `changes counts the rows the last statement touched`() throws {
    try db.execute("INSERT INTO items (name) VALUES (?), (?), (?)", ["a", "b", "c"])
    try db.execute("DELETE FROM items WHERE name <> ?", ["a"])
    #expect(db.changes == 2)
  }

  // MARK: - Errors

  @Test(arguments: FailingStatement.all)
  func `a failing statement throws its SQL but hides bound values`(_ test: FailingStatement)
    throws
  {
    try db.execute("INSERT INTO items (name) VALUES (?)", ["top-secret answer"])
    try db.executeScript("CREATE TABLE checked (score INTEGER CHECK (score < 10)) STRICT")
    let error = #expect(throws: StoreError.self) { try db.execute(test.sql, test.arguments) }
    #expect(error?.sqliteCode == test.primaryCode)
    #expect(error?.sql == test.sql)
    #expect(error?.message.contains(test.messageFragment) == true)
    #expect(error?.description.contains("while running '\(test.sql)'") == true)
    #expect(error?.description.contains("top-secret") == false)
    #expect(error?.description.contains("12345") == false)
  }

  @Test func `a failing script reports the script`() throws {
    let error = #expect(throws: StoreError.self) { try db.executeScript("SELEC 1") }
    #expect(error?.kind == .sqlite(code: 1))
    #expect(error?.sql == "SELEC 1")
  }

  // MARK: - Transactions

  @Test func `write commits when the body returns`() throws {
    let count = try db.write { db in
      try db.execute("INSERT INTO items (name) VALUES (?)", ["kept"])
      #expect(db.isInTransaction)
      return try db.scalarInt("SELECT count(*) FROM items")
    }
    #expect(count == 1)
    #expect(!db.isInTransaction)
    #expect(try names() == ["kept"])
  }

  @Test func `write rolls back when the body throws and rethrows that error`() throws {
    #expect(throws: TestFailure.first) {
      try db.write { db in
        try db.execute("INSERT INTO items (name) VALUES (?)", ["discarded"])
        throw TestFailure.first
      }
    }
    #expect(!db.isInTransaction)
    #expect(try names().isEmpty)
  }

  @Test func `write keeps the first error when the rollback itself cannot run`() throws {
    // The body ends the transaction itself, so the rollback finds nothing to roll back.
    #expect(throws: TestFailure.first) {
      try db.write { db in
        try db.executeScript("ROLLBACK")
        throw TestFailure.first
      }
    }
    #expect(!db.isInTransaction)
  }

  @Test func `write keeps a statement's error and undoes earlier statements`() throws {
    let error = #expect(throws: StoreError.self) {
      try db.write { db in
        try db.execute("INSERT INTO items (name) VALUES (?)", ["a"])
        try db.execute("INSERT INTO items (name) VALUES (?)", ["a"])
      }
    }
    #expect(error?.kind == .sqlite(code: 2067))  // SQLITE_CONSTRAINT_UNIQUE
    #expect(try names().isEmpty)
  }

  @Test func `a failed commit rolls back and throws the commit error`() throws {
    try db.executeScript(
      """
      CREATE TABLE parents (id INTEGER PRIMARY KEY);
      CREATE TABLE children (
        parent_id INTEGER REFERENCES parents (id) DEFERRABLE INITIALLY DEFERRED);
      """)
    let error = #expect(throws: StoreError.self) {
      try db.write { db in
        try db.execute("INSERT INTO children (parent_id) VALUES (?)", [42])
        try db.execute("INSERT INTO items (name) VALUES (?)", ["with the orphan"])
      }
    }
    #expect(error?.kind == .sqlite(code: 787))  // SQLITE_CONSTRAINT_FOREIGNKEY
    #expect(error?.sql == "COMMIT TRANSACTION")
    #expect(!db.isInTransaction)
    #expect(try db.scalarInt("SELECT count(*) FROM children") == 0)
    #expect(try names().isEmpty)
  }

  @Test func `transactions and savepoints run the expected statements`() throws {
    let recorder = SQLRecorder(db)
    try db.write { db in
      try db.write { db in try db.execute("INSERT INTO items (name) VALUES (?)", ["a"]) }
      try? db.write { _ in throw TestFailure.first }
    }
    _ = try db.read { db in try db.scalarInt("SELECT count(*) FROM items") }
    #expect(
      recorder.statements == [
        "BEGIN IMMEDIATE TRANSACTION", "SAVEPOINT dispatch",
        "INSERT INTO items (name) VALUES (?)", "RELEASE SAVEPOINT dispatch",
        "SAVEPOINT dispatch", "ROLLBACK TRANSACTION TO SAVEPOINT dispatch",
        "RELEASE SAVEPOINT dispatch", "COMMIT TRANSACTION", "BEGIN DEFERRED TRANSACTION",
        "SELECT count(*) FROM items", "COMMIT TRANSACTION",
      ])
    #expect(recorder.unfinishedStatements.isEmpty)
  }

  @Test func `a nested write that fails rolls back only its own work when caught`() throws {
    try db.write { db in
      try db.execute("INSERT INTO items (name) VALUES (?)", ["outer before"])
      #expect(throws: TestFailure.second) {
        try db.write { db in
          try db.execute("INSERT INTO items (name) VALUES (?)", ["inner"])
          throw TestFailure.second
        }
      }
      #expect(db.isInTransaction)
      try db.execute("INSERT INTO items (name) VALUES (?)", ["outer after"])
    }
    #expect(try names() == ["outer before", "outer after"])
  }

  @Test func `a nested write that succeeds commits with the outer transaction`() throws {
    #expect(throws: TestFailure.first) {
      try db.write { db in
        try db.write { db in try db.execute("INSERT INTO items (name) VALUES (?)", ["inner"]) }
        #expect(try self.names(db) == ["inner"])
        throw TestFailure.first
      }
    }
    #expect(try names().isEmpty)
  }

  @Test func `an uncaught failure in a nested write rolls back everything`() throws {
    #expect(throws: TestFailure.second) {
      try db.write { db in
        try db.execute("INSERT INTO items (name) VALUES (?)", ["outer"])
        try db.write { db in
          try db.execute("INSERT INTO items (name) VALUES (?)", ["inner"])
          throw TestFailure.second
        }
      }
    }
    #expect(!db.isInTransaction)
    #expect(try names().isEmpty)
  }

  @Test func `a top-level savepoint releases on success and rolls back on error`() throws {
    try db.inSavepoint { db in try db.execute("INSERT INTO items (name) VALUES (?)", ["kept"]) }
    #expect(throws: TestFailure.first) {
      try db.inSavepoint { db in
        try db.execute("INSERT INTO items (name) VALUES (?)", ["dropped"])
        throw TestFailure.first
      }
    }
    #expect(!db.isInTransaction)
    #expect(try names() == ["kept"])
  }

  @Test func `read sees one snapshot while another connection writes`() throws {
    let path = directory.file("snapshot.sqlite")
    let reader = try Database(path: path, mode: .create)
    try reader.executeScript("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT) STRICT")
    let writer = try Database(path: path, mode: .readWrite)
    let counts = try reader.read { db in
      let before = try db.scalarInt("SELECT count(*) FROM items")
      try writer.write { db in
        try db.execute("INSERT INTO items (name) VALUES (?)", ["written meanwhile"])
      }
      let after = try db.scalarInt("SELECT count(*) FROM items")
      return [before, after]
    }
    #expect(counts == [0, 0])
    #expect(try reader.scalarInt("SELECT count(*) FROM items") == 1)
  }

  @Test func `a row handler that throws does not pin an old snapshot`() throws {
    let path = directory.file("pinned.sqlite")
    let reader = try Database(path: path, mode: .create)
    try reader.executeScript(
      """
      CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT) STRICT;
      INSERT INTO items (name) VALUES ('a'), ('b');
      """)
    let writer = try Database(path: path, mode: .readWrite)
    let recorder = SQLRecorder(reader)
    #expect(throws: TestFailure.first) {
      try reader.forEachRow("SELECT name FROM items") { _ in throw TestFailure.first }
    }
    #expect(recorder.unfinishedStatements.isEmpty)
    try writer.execute("INSERT INTO items (name) VALUES (?)", ["c"])
    #expect(try reader.scalarInt("SELECT count(*) FROM items") == 3)
    #expect(try reader.rows("SELECT name FROM items ORDER BY id").count == 3)
  }

  @Test func `read inside write sees the uncommitted rows`() throws {
    let seen = try db.write { db in
      try db.execute("INSERT INTO items (name) VALUES (?)", ["pending"])
      return try db.read { db in try self.names(db) }
    }
    #expect(seen == ["pending"])
  }
}

extension DatabaseTests {
  /// Distinct errors a transaction body throws.
  enum TestFailure: Error, Equatable {
    case first
    case second
  }

  /// A value bound to `SELECT ?` and the value SQLite gives back.
  struct BindingCase: Sendable, CustomTestStringConvertible {
    let id: String
    let value: any DatabaseValueConvertible
    let expected: DatabaseValue

    var testDescription: String { id }

    static let all: [BindingCase] = [
      BindingCase(id: "Int", value: 42, expected: .integer(42)),
      BindingCase(id: "Int64.max", value: Int64.max, expected: .integer(.max)),
      BindingCase(id: "Int32.min", value: Int32.min, expected: .integer(Int64(Int32.min))),
      BindingCase(id: "Double", value: -2.5, expected: .real(-2.5)),
      BindingCase(id: "true", value: true, expected: .integer(1)),
      BindingCase(id: "false", value: false, expected: .integer(0)),
      BindingCase(id: "text", value: "héllo 🌍", expected: .text("héllo 🌍")),
      BindingCase(id: "empty text", value: "", expected: .text("")),
      BindingCase(id: "text with NUL", value: "a\u{0}b", expected: .text("a\u{0}b")),
      BindingCase(
        id: "blob", value: DatabaseValue.blob([0, 1, 255]), expected: .blob([0, 1, 255])),
      BindingCase(id: "empty blob", value: DatabaseValue.blob([]), expected: .blob([])),
      BindingCase(id: "nil", value: String?.none, expected: .null),
      BindingCase(id: "some", value: Int?.some(7), expected: .integer(7)),
    ]
  }

  /// A statement that fails against the `items` table.
  struct FailingStatement: Sendable, CustomTestStringConvertible {
    let id: String
    let sql: String
    let arguments: [any DatabaseValueConvertible]
    let primaryCode: Int32
    let messageFragment: String

    var testDescription: String { id }

    static let all: [FailingStatement] = [
      FailingStatement(
        id: "unique violation", sql: "INSERT INTO items (name) VALUES (?)",
        arguments: ["top-secret answer"], primaryCode: 19,
        messageFragment: "UNIQUE constraint failed: items.name"),
      FailingStatement(
        id: "not null violation", sql: "INSERT INTO items (id, name) VALUES (?, ?)",
        arguments: [7, String?.none], primaryCode: 19,
        messageFragment: "NOT NULL constraint failed: items.name"),
      FailingStatement(
        id: "text for a rowid", sql: "INSERT INTO items (id, name) VALUES (?, ?)",
        arguments: ["top-secret id", "x"], primaryCode: 20, messageFragment: "datatype mismatch"),
      FailingStatement(
        id: "check violation", sql: "INSERT INTO checked (score) VALUES (?)",
        arguments: [12_345], primaryCode: 19, messageFragment: "CHECK constraint failed"),
      FailingStatement(
        id: "missing table", sql: "SELECT * FROM missing WHERE x = ?",
        arguments: ["top-secret"], primaryCode: 1, messageFragment: "no such table: missing"),
      FailingStatement(
        id: "syntax error", sql: "SELEC name FROM items WHERE name = ?",
        arguments: ["top-secret"], primaryCode: 1, messageFragment: "syntax error"),
    ]
  }
}
