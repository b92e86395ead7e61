/// Keeps the full-text index in step with the records (docs/search.md#how-it-works;
/// ``SearchSchema``).
enum SearchIndexer {
  /// Records handled per round: bounds what a rebuild of a long history holds in memory.
  static let batchSize = 1000

  /// Re-derives the documents of the records the triggers queued, if any, and empties the
  /// queue. Runs just before every write transaction of a store commits, and before each
  /// search, so a search never sees a stale index, even after a write made outside the store's
  /// transactions.
  static func flush(_ db: Database) throws {
    guard try db.scalarInt("SELECT EXISTS (SELECT 1 FROM search_queue)") == 1 else { return }
    var ids = DocumentIDs()
    let queued = try db.rows("SELECT DISTINCT record_type FROM search_queue").compactMap {
      $0.string(0)
    }
    for type in queued {
      guard SearchDocuments.recordTypes.contains(type) else {
        // Nothing of this Dispatch writes such an entry; it has no documents to derive.
        try db.execute("DELETE FROM search_queue WHERE record_type = ?", [type])
        continue
      }
      // The same statement selects the same batch each time until it is dequeued. `type` is
      // one of the known names, so it can stand in the SQL text.
      let batch = """
        (SELECT record_id FROM search_queue WHERE record_type = '\(type)'
          ORDER BY record_id LIMIT \(batchSize))
        """
      while try db.scalarInt("SELECT count(*) FROM \(batch)") ?? 0 > 0 {
        try removeDocuments(db, type: type, ids: batch)
        // FTS5 keeps pending terms in rowid order: a smaller rowid than the last one written
        // makes it write everything pending out as a segment first. IDs follow dates, so
        // inserting by date keeps the batch in one segment.
        let documents = try SearchDocuments.documents(db, type: type, ids: batch).sorted {
          ($0.date ?? Int64.max, $0.recordID) < ($1.date ?? Int64.max, $1.recordID)
        }
        for document in documents {
          try insert(document, db, &ids)
        }
        try db.execute(
          "DELETE FROM search_queue WHERE record_type = ? AND record_id IN \(batch)", [type])
      }
    }
  }

  /// Deletes every document and indexes every record again.
  ///
  /// - Returns: the number of documents.
  static func rebuild(_ db: Database) throws -> Int {
    try db.executeScript(
      """
      DELETE FROM search_queue;
      DELETE FROM search_documents;
      INSERT INTO search_index (search_index) VALUES ('delete-all');
      \(SearchSchema.queueEverything);
      """)
    try flush(db)
    return try db.scalarInt("SELECT count(*) FROM search_documents") ?? 0
  }

  /// Removes the documents of `type` whose record IDs `ids` gives, from the index too. An
  /// external-content index forgets a row only when told its old values
  /// (https://sqlite.org/fts5.html#the_delete_command).
  private static func removeDocuments(_ db: Database, type: String, ids: String) throws {
    try db.execute(
      """
      INSERT INTO search_index (search_index, rowid, body, record_type)
        SELECT 'delete', id, body, record_type FROM search_documents
        WHERE record_type = ? AND record_id IN \(ids)
      """, [type])
    try db.execute(
      "DELETE FROM search_documents WHERE record_type = ? AND record_id IN \(ids)", [type])
  }

  /// One row per statement: a single-row insert into FTS5 opens no statement savepoint, so the
  /// index's pending terms are written out once, at commit.
  private static func insert(_ document: SearchDocument, _ db: Database, _ ids: inout DocumentIDs)
    throws
  {
    let id = try ids.next(for: document.date, db)
    try db.execute(
      """
      INSERT INTO search_documents (id, record_type, record_id, date_ms, utc_offset_s, body,
        parts) VALUES (?, ?, ?, ?, ?, ?, ?)
      """,
      [
        id, document.recordType, document.recordID, document.date, document.utcOffsetSeconds,
        document.body, document.parts,
      ])
    try db.execute(
      "INSERT INTO search_index (rowid, body, record_type) VALUES (?, ?, ?)",
      [id, document.body, document.recordType])
  }
}

/// Hands out document IDs in date order (``SearchSchema``): after the highest one already in
/// the date's range, remembered across one flush.
private struct DocumentIDs {
  private static let datedWidth: Int64 = 65536
  private static let limit: Int64 = 1 << 45
  private static let undatedBase: Int64 = 1 << 62

  private var lastByBase: [Int64: Int64] = [:]

  mutating func next(for date: Int64?, _ db: Database) throws -> Int64 {
    let base = date.map { max(-Self.limit, min(Self.limit - 1, $0)) * Self.datedWidth }
    let start = base ?? Self.undatedBase
    let end = base.map { $0 + Self.datedWidth } ?? Int64.max
    let last: Int64
    if let known = lastByBase[start] {
      last = known
    } else {
      last =
        try db.rows(
          "SELECT max(id) FROM search_documents WHERE id >= ? AND id < ?", [start, end]
        ).first?.int64(0) ?? start - 1
    }
    guard last + 1 < end else {
      throw StoreError(.corruptValue, "more than 65,536 records share the instant \(date ?? 0)")
    }
    lastByBase[start] = last + 1
    return last + 1
  }
}
