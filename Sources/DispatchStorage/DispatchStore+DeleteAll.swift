/// Wiping every record (`dispatch delete-all`, docs/import-export.md#dispatch-delete-all).
extension MaintenanceView {
  /// Tables `deleteAll()` keeps: the user's settings, the event log that records the wipe for
  /// diagnostics, and the schema bookkeeping that makes the file a store.
  public static let tablesKeptByDeleteAll: Set<String> = [
    "settings", "event_log", "schema_migrations",
  ]

  /// Deletes every record in one transaction: reports with their responses and context,
  /// questions, prompt groups, people, vocabulary, and whatever record tables later schema
  /// steps add. Settings and the event log stay; an event `deleteAll` with the counts is logged.
  ///
  /// The tables come from `PRAGMA table_list` rather than a fixed list, so a table added by a
  /// later migration cannot be forgotten. Foreign keys are checked at commit, so the order of
  /// the deletes does not matter; a failure rolls everything back.
  ///
  /// - Returns: the rows each table held before the wipe.
  @discardableResult
  public func deleteAll() throws -> DeleteAllSummary {
    return try write { try $0.deleteAll() }
  }

  fileprivate struct RecordTable {
    var name: String
    var isExternalContentFTS5: Bool
  }

  /// Ordinary and virtual tables of the main schema, minus the kept ones, SQLite's own and
  /// virtual-table shadow tables (which their virtual table maintains).
  fileprivate static func recordTables(_ db: Database) throws -> [RecordTable] {
    var tables: [RecordTable] = []
    for row in try db.rows("SELECT name, type FROM pragma_table_list WHERE schema = 'main'") {
      guard let name = row.string(0), let type = row.string(1),
        type == "table" || type == "virtual",
        !name.hasPrefix("sqlite_"), !tablesKeptByDeleteAll.contains(name)
      else { continue }
      var external = false
      if type == "virtual" {
        let sql =
          try db.rows("SELECT sql FROM sqlite_schema WHERE name = ?", [name]).first?.string(0)
          ?? ""
        let compact = sql.lowercased().filter { !$0.isWhitespace }
        external = compact.contains("usingfts5") && compact.contains("content=")
      }
      tables.append(RecordTable(name: name, isExternalContentFTS5: external))
    }
    return tables.sorted { $0.name < $1.name }
  }
}

/// What `deleteAll()` removed.
public struct DeleteAllSummary: Sendable, Equatable {
  /// Rows each table held before the wipe, cascaded children included, by table name.
  public var rowsByTable: [String: Int]

  /// Creates a summary from per-table counts.
  public init(rowsByTable: [String: Int]) {
    self.rowsByTable = rowsByTable
  }

  /// Reports removed, drafts included.
  public var reports: Int { rowsByTable["reports"] ?? 0 }
  /// Responses removed.
  public var responses: Int { rowsByTable["responses"] ?? 0 }
  /// Questions removed.
  public var questions: Int { rowsByTable["questions"] ?? 0 }
  /// Prompt groups removed.
  public var promptGroups: Int { rowsByTable["prompt_groups"] ?? 0 }
  /// People removed.
  public var people: Int { rowsByTable["people"] ?? 0 }
  /// Vocabulary entries (tokens and places) removed.
  public var vocabulary: Int { rowsByTable["vocabulary"] ?? 0 }
  /// Rows removed across every table.
  public var totalRows: Int { rowsByTable.values.reduce(0, +) }

  /// The event-log line: counts only.
  var logDetail: String {
    "reports \(reports), responses \(responses), questions \(questions), "
      + "prompt groups \(promptGroups), people \(people), vocabulary \(vocabulary)"
  }
}

extension StoreTransaction {
  /// Deletes every record in one transaction: reports with their responses and context,
  /// questions, prompt groups, people, vocabulary, and whatever record tables later schema
  /// steps add. Settings and the event log stay; an event `deleteAll` with the counts is logged.
  ///
  /// The tables come from `PRAGMA table_list` rather than a fixed list, so a table added by a
  /// later migration cannot be forgotten. Foreign keys are checked at commit, so the order of
  /// the deletes does not matter; a failure rolls everything back.
  ///
  /// - Returns: the rows each table held before the wipe.
  @discardableResult
  public func deleteAll() throws -> DeleteAllSummary {
    let db = database
    try db.execute("PRAGMA defer_foreign_keys = ON")
    let tables = try MaintenanceView.recordTables(db)
    // Counted before any delete: deleting reports cascades to responses and context.
    var counts: [String: Int] = [:]
    for table in tables {
      let quoted = Database.quoteIdentifier(table.name)
      counts[table.name] = try db.scalarInt("SELECT count(*) FROM \(quoted)") ?? 0
    }
    for table in tables {
      let quoted = Database.quoteIdentifier(table.name)
      if table.isExternalContentFTS5 {
        // https://sqlite.org/fts5.html#the_delete_all_command: the only way to empty the
        // index of an external-content or contentless table.
        try db.execute("INSERT INTO \(quoted) (\(quoted)) VALUES ('delete-all')")
      } else {
        try db.execute("DELETE FROM \(quoted)")
      }
    }
    let summary = DeleteAllSummary(rowsByTable: counts)
    try logEvent("deleteAll", detail: summary.logDetail)
    return summary
  }
}
