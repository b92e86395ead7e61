import DispatchCore

/// One record's searchable text, as stored in `search_documents` (``SearchSchema``).
struct SearchDocument: Equatable {
  var recordType: String
  var recordID: String
  var date: Int64?
  var utcOffsetSeconds: Int?
  /// The text, one answer or name per line.
  var body: String
  /// For reports, line for line, the response each line answers (empty for where the report
  /// was filed).
  var parts: String?
}

/// Deriving the documents of queued records (docs/search.md#what-is-indexed---type: answers, notes,
/// tokens, people, places, activities, metric context and the other records' notes).
enum SearchDocuments {
  /// The record types with documents, in the order the indexer handles them.
  static let recordTypes =
    ["report", "person", "place", "activity"] + RatingKind.allCases.map(\.rawValue)
    + ["medication", "stress", "context", "lost"]

  /// `SELECT record_id, date_ms, utc_offset_s, body` of the records of every type but reports
  /// whose IDs `ids` (an SQL subquery) gives. Ratings, stress check-ins without a note give an
  /// empty body and no document.
  static func select(_ type: String, ids: String) -> String? {
    switch type {
    case "person":
      return """
        SELECT pe.id, NULL, NULL, pe.display_name || coalesce(char(10) || (
            SELECT group_concat(name, char(10)) FROM (
              SELECT name FROM person_alternate_names WHERE person_id = pe.id ORDER BY position)
          ), '')
        FROM people pe WHERE pe.id IN \(ids)
        """
    case "place":
      return "SELECT text, NULL, NULL, text FROM vocabulary WHERE kind = 'place' AND text IN \(ids)"
    case "activity":
      return """
        SELECT t.id, t.start_ms, t.start_utc_offset_seconds, \(joined(["d.name", "t.note"]))
        FROM activities t JOIN activity_definitions d ON d.id = t.definition_id
        WHERE t.id IN \(ids)
        """
    case _ where RatingKind(rawValue: type) != nil:
      return """
        SELECT id, date_ms, utc_offset_seconds, coalesce(note, '') FROM ratings
        WHERE kind = '\(type)' AND id IN \(ids)
        """
    case "medication":
      return
        "SELECT id, NULL, NULL, \(joined(["name", "notes"])) FROM medications WHERE id IN \(ids)"
    case "stress":
      return """
        SELECT id, date_ms, utc_offset_seconds, coalesce(note, '') FROM stress_checkins
        WHERE id IN \(ids)
        """
    case "context":
      return """
        SELECT id, from_ms, utc_offset_seconds, \(joined(["metric", "note"])) FROM metric_context
        WHERE id IN \(ids)
        """
    case "lost":
      return """
        SELECT id, noticed_ms, utc_offset_seconds, \(joined(["item", "place", "note"]))
        FROM lost_items WHERE id IN \(ids)
        """
    default:
      return nil
    }
  }

  /// The documents of the records of `type` whose IDs `ids` (a parenthesized SQL subquery)
  /// gives. Reports whose queue row holds a document prepared by `Report.save` take it from
  /// there; the others are read and derived.
  static func documents(_ db: Database, type: String, ids: String) throws -> [SearchDocument] {
    if type == "report" {
      let queued = "FROM search_queue WHERE record_type = 'report' AND record_id IN \(ids)"
      let prepared = try db.rows(
        "SELECT record_id, date_ms, utc_offset_s, body, parts \(queued) AND body IS NOT NULL"
      ).compactMap { row -> SearchDocument? in
        guard let body = row.string(3), !body.isEmpty else { return nil }
        return SearchDocument(
          recordType: type, recordID: try row.requiredString(0), date: row.int64(1),
          utcOffsetSeconds: row.int(2), body: body, parts: row.string(4))
      }
      return try prepared
        + ReportDocuments.documents(db, idQuery: "SELECT record_id \(queued) AND body IS NULL")
    }
    guard let sql = select(type, ids: ids) else { return [] }
    return try db.rows(sql).compactMap { row in
      guard let body = row.string(3), !body.isEmpty else { return nil }
      return SearchDocument(
        recordType: type, recordID: try row.requiredString(0), date: row.int64(1),
        utcOffsetSeconds: row.int(2), body: body)
    }
  }

  /// The non-empty `parts` joined by " · ", or '' when all are empty or NULL. (SQLite 3.40
  /// lacks `concat_ws`; each part brings its own separator and the first one is cut off.)
  static func joined(_ parts: [String]) -> String {
    let pieces = parts.map { "coalesce(' · ' || nullif(\($0), ''), '')" }
    return "substr(" + pieces.joined(separator: " || ") + ", 4)"
  }
}
