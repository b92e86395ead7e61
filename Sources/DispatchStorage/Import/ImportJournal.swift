import DispatchCore
import Foundation

/// The record of an import that made way for other writers (docs/store.md#imports-that-make-way): an
/// Apple Health import commits what it has written so far when another process waits to
/// write, so a report filed during a long import gets in within a moment. The import is still
/// all or nothing: the journal row, committed with the first part, says which rows are the
/// import's (those above each table's largest row id when it began), and an import that fails
/// afterwards — or whose process dies — is undone from it: by the import itself, or by the
/// next process that opens the store for writing.
///
/// Only Apple Health's tables are written in parts, because only imports write them: rows
/// above a mark can be nobody else's. An import that has merged anything else (reports,
/// questions, direct records) keeps its one transaction.
struct ImportJournal {
  let id: Int64

  /// Migration 0013. The two `import_replaced_*` tables keep the rows an import replaced (a
  /// day's activity summary, a characteristic) with their row ids, in the columns of their
  /// tables, so undoing it puts them back; they are emptied by every import that completes.
  static let migration = """
    CREATE TABLE import_journal (
      id INTEGER PRIMARY KEY,
      owner TEXT NOT NULL,
      started_ms INTEGER NOT NULL,
      files TEXT NOT NULL,
      marks TEXT NOT NULL
    ) STRICT;
    CREATE TABLE import_replaced_activity_summaries (
      old_rowid INTEGER NOT NULL,
      day TEXT NOT NULL PRIMARY KEY,
      active_energy REAL,
      active_energy_goal REAL,
      active_energy_unit TEXT,
      move_time REAL,
      move_time_goal REAL,
      exercise_time REAL,
      exercise_time_goal REAL,
      stand_hours REAL,
      stand_hours_goal REAL,
      content TEXT NOT NULL,
      content_hash INTEGER NOT NULL
    ) STRICT;
    CREATE TABLE import_replaced_characteristics (
      old_rowid INTEGER NOT NULL,
      key TEXT NOT NULL PRIMARY KEY,
      value TEXT NOT NULL
    ) STRICT;
    """

  /// Tables whose rows an import adds, with the row id their new rows are above.
  static let markedTables = [
    "health_strings", "health_devices", "health_samples", "health_correlations",
    "health_workouts", "health_workout_activities", "health_workout_events",
    "health_workout_statistics", "health_workout_routes", "health_activity_summaries",
    "health_characteristics", "health_exports", "health_other_elements",
  ]

  /// Rows kept by their owner's id (tables without row ids), undone with their owner.
  private static let ownedRows: [(table: String, ownerColumn: String, ownerTable: String)] = [
    ("health_hrv_beats", "sample_id", "health_samples"),
    ("health_correlation_members", "correlation_id", "health_correlations"),
    ("health_route_points", "route_id", "health_workout_routes"),
  ]

  /// The tables `HealthImportWriter.Owner` numbers metadata and extra attributes by.
  private static let metadataOwners = [
    "health_samples", "health_correlations", "health_workouts", "health_workout_activities",
    "health_workout_events", "health_workout_routes", "health_activity_summaries",
  ]

  /// Each marked table's largest row id, read when an import begins.
  static func marks(_ db: Database) throws -> [String: Int64] {
    var marks: [String: Int64] = [:]
    for table in markedTables {
      marks[table] =
        try db.scalarInt("SELECT coalesce(max(rowid), 0) FROM \(table)").map(Int64.init) ?? 0
    }
    return marks
  }

  /// Records, inside the open transaction, that this process's import is being committed in
  /// parts from `marks`.
  static func begin(_ db: Database, marks: [String: Int64], files: [String], now: Instant)
    throws -> ImportJournal
  {
    let encodedMarks = String(decoding: try JSONEncoder().encode(marks), as: UTF8.self)
    try db.execute(
      "INSERT INTO import_journal (owner, started_ms, files, marks) VALUES (?, ?, ?, ?)",
      [ProcessOwner.current(), now.milliseconds, files.joined(separator: "\n"), encodedMarks])
    return ImportJournal(id: db.lastInsertedRowID)
  }

  /// Ends the journal inside the import's last transaction: the import is complete.
  func end(_ db: Database) throws {
    try db.execute("DELETE FROM import_journal WHERE id = ?", [id])
  }

  /// Copies a day's activity summary before an import replaces it (the first copy is kept).
  static func keepSummary(day: String, _ db: Database) throws {
    try db.execute(
      """
      INSERT INTO import_replaced_activity_summaries
      SELECT rowid, * FROM health_activity_summaries WHERE day = ?
        AND NOT EXISTS (SELECT 1 FROM import_replaced_activity_summaries WHERE day = ?)
      """, [day, day])
  }

  /// Copies a characteristic before an import replaces it (the first copy is kept).
  static func keepCharacteristic(key: String, _ db: Database) throws {
    try db.execute(
      """
      INSERT INTO import_replaced_characteristics
      SELECT rowid, * FROM health_characteristics WHERE key = ?
        AND NOT EXISTS (SELECT 1 FROM import_replaced_characteristics WHERE key = ?)
      """, [key, key])
  }

  /// Forgets the replaced rows: the import that replaced them completed.
  static func forgetReplaced(_ db: Database) throws {
    try db.execute("DELETE FROM import_replaced_activity_summaries")
    try db.execute("DELETE FROM import_replaced_characteristics")
  }

  /// Another process's import is being committed in parts: this import must wait for it.
  struct AnotherImportRuns: Error {}

  /// Undoes, inside the open transaction, every journaled import whose process is gone, and
  /// throws ``AnotherImportRuns`` if one is still running.
  static func undoAbandoned(_ db: Database, refusingLive: Bool) throws {
    for row in try db.rows("SELECT id, owner FROM import_journal ORDER BY id") {
      let id = try row.requiredInt64(0)
      if ProcessOwner.isAlive(try row.requiredString(1)) {
        if refusingLive { throw AnotherImportRuns() }
        continue
      }
      try ImportJournal(id: id).undo(db)
    }
  }

  /// Whether a journaled import's process is gone: the cheap check every writable open makes,
  /// without taking the write lock.
  static func hasAbandoned(_ db: Database) throws -> Bool {
    try db.rows("SELECT owner FROM import_journal").contains {
      !ProcessOwner.isAlive(try $0.requiredString(0))
    }
  }

  /// Removes every row the journaled import added, puts back what it replaced and closes the
  /// journal, inside the open transaction.
  func undo(_ db: Database) throws {
    guard
      let text = try db.rows("SELECT marks FROM import_journal WHERE id = ?", [id]).first?
        .string(0),
      let marks = try? JSONDecoder().decode([String: Int64].self, from: Data(text.utf8))
    else { return }
    func mark(_ table: String) -> Int64 { marks[table] ?? Int64.max }
    for table in ["health_metadata", "health_extra_attributes"] {
      for (kind, owner) in Self.metadataOwners.enumerated() {
        try db.execute(
          "DELETE FROM \(table) WHERE owner_kind = ? AND owner_id > ?", [kind, mark(owner)])
      }
    }
    for owned in Self.ownedRows {
      try db.execute(
        "DELETE FROM \(owned.table) WHERE \(owned.ownerColumn) > ?", [mark(owned.ownerTable)])
    }
    // Children before parents, strings and devices last: every row that names them is gone.
    for table in Self.markedTables.reversed() {
      try db.execute("DELETE FROM \(table) WHERE rowid > ?", [mark(table)])
    }
    try restore("health_activity_summaries", from: "import_replaced_activity_summaries", db)
    try restore("health_characteristics", from: "import_replaced_characteristics", db)
    try Self.forgetReplaced(db)
    try end(db)
  }

  private func restore(_ table: String, from copies: String, _ db: Database) throws {
    let columns = try db.rows("SELECT name FROM pragma_table_info(?)", [table]).map {
      try $0.requiredString(0)
    }.joined(separator: ", ")
    try db.execute(
      "INSERT OR REPLACE INTO \(table) (rowid, \(columns)) SELECT old_rowid, \(columns) FROM \(copies)"
    )
  }
}
