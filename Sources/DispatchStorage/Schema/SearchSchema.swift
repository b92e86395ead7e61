/// The full-text search index (docs/search.md#how-it-works): `search_documents` holds one document
/// per record with free text, `search_index` is an FTS5 index over it (external content), and
/// `search_queue` names the records whose documents are out of date.
///
/// Triggers on the record tables only queue the record a change touches (``SearchTriggers``);
/// the store writes the queued records' documents just before each write transaction commits
/// (``SearchIndexer``). `Report.save` puts the report's document, made from the report in
/// memory, into its queue row (`body` not NULL), so an import reads nothing back; any later
/// trigger on that report replaces the row and the document is derived again.
///
/// Why not write the index from the triggers or from `Report.save`: FTS5 writes its pending
/// terms out as a new segment at every statement savepoint once it has been written in a
/// transaction (SQLite 3.40's `fts5SavepointMethod`), and every statement with a trigger or a
/// cascading foreign key opens one. Interleaved with an import's writes, each report would
/// become a segment of its own, at about 50 µs a row. Writing all of it at the end costs one.
///
/// Document IDs follow the record's date: `date_ms × 65536 + n` (dates clamped to ±2^45 ms,
/// about the years 855–3085), records without a date from 2^62 up. FTS5 walks a match in rowid
/// order cheaply, so the newest matches come first without reading the others.
enum SearchSchema {
  /// Migration 0009: the tables, the triggers, and every existing record queued, to be indexed
  /// by the first write or search.
  static var migration: String {
    tables + "\n" + SearchTriggers.all + "\n" + queueEverything + ";\n"
  }

  static let tables = """
    CREATE TABLE search_documents (
      id INTEGER PRIMARY KEY,
      record_type TEXT NOT NULL,
      record_id TEXT NOT NULL,
      date_ms INTEGER,
      utc_offset_s INTEGER,
      body TEXT NOT NULL,
      parts TEXT
    ) STRICT;
    CREATE UNIQUE INDEX search_documents_by_record ON search_documents (record_type, record_id);

    CREATE TABLE search_queue (
      record_type TEXT NOT NULL,
      record_id TEXT NOT NULL,
      date_ms INTEGER,
      utc_offset_s INTEGER,
      body TEXT,
      parts TEXT,
      PRIMARY KEY (record_type, record_id)
    ) STRICT, WITHOUT ROWID;

    CREATE VIRTUAL TABLE search_index USING fts5(
      body, record_type, content = 'search_documents', content_rowid = 'id',
      tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
    );
    """

  /// Queues every record that can have a document.
  static let queueEverything = """
    INSERT OR IGNORE INTO search_queue (record_type, record_id)
      SELECT 'report', id FROM reports WHERE is_draft = 0
      UNION ALL SELECT 'person', id FROM people
      UNION ALL SELECT 'place', text FROM vocabulary WHERE kind = 'place'
      UNION ALL SELECT 'activity', id FROM activities
      UNION ALL SELECT kind, id FROM ratings WHERE note <> ''
      UNION ALL SELECT 'medication', id FROM medications
      UNION ALL SELECT 'stress', id FROM stress_checkins WHERE note <> ''
      UNION ALL SELECT 'context', id FROM metric_context
      UNION ALL SELECT 'lost', id FROM lost_items
    """
}
