import DispatchCore

/// The triggers that queue the records whose search documents a change touches
/// (``SearchSchema``).
///
/// Inserts into a report's answer tables have no trigger: answers are only ever written by
/// `Report.save` right after the report's own row, whose insert trigger queues the report, and
/// a trigger per answer would cost a Reporter import a statement savepoint per row. Updates
/// and deletes of answers do have triggers. SQLite runs the triggers of rows a foreign-key
/// cascade deletes; a REPLACE that removes a row is followed by the new row's insert trigger,
/// which queues the same record.
enum SearchTriggers {
  static var all: String {
    (reportTriggers + personTriggers + recordTriggers).joined(separator: "\n")
  }

  /// The report of the response `row.response_id`.
  private static func reportOf(_ row: String) -> String {
    "SELECT 'report', report_id FROM responses WHERE id = \(row).response_id"
  }

  static let reportTriggers = [
    trigger("search_reports_insert", "AFTER INSERT ON reports", ["SELECT 'report', new.id"]),
    trigger(
      "search_reports_update",
      updating("reports", ["id", "date_ms", "utc_offset_s", "is_draft"]),
      ["SELECT 'report', old.id", "SELECT 'report', new.id"]),
    trigger("search_reports_delete", "AFTER DELETE ON reports", ["SELECT 'report', old.id"]),
    trigger(
      "search_responses_update", updating("responses", ["id", "report_id"]),
      ["SELECT 'report', old.report_id", "SELECT 'report', new.report_id"]),
    trigger(
      "search_responses_delete", "AFTER DELETE ON responses", ["SELECT 'report', old.report_id"]),
    trigger(
      "search_response_values_update",
      updating("response_values", ["response_id", "role", "position", "text"]),
      [reportOf("old"), reportOf("new")]),
    trigger("search_response_values_delete", "AFTER DELETE ON response_values", [reportOf("old")]),
    trigger(
      "search_response_locations_update",
      updating(
        "response_locations",
        [
          "response_id", "text", "place_name", "thoroughfare", "locality",
          "administrative_area", "country",
        ]),
      [reportOf("old"), reportOf("new")]),
    trigger(
      "search_response_locations_delete", "AFTER DELETE ON response_locations",
      [reportOf("old")]),
    trigger(
      "search_report_locations_update",
      updating(
        "report_locations",
        [
          "report_id", "place_name", "thoroughfare", "locality", "sub_locality",
          "administrative_area", "country",
        ]),
      ["SELECT 'report', old.report_id", "SELECT 'report', new.report_id"]),
    trigger(
      "search_report_locations_delete", "AFTER DELETE ON report_locations",
      ["SELECT 'report', old.report_id"]),
  ]

  static let personTriggers =
    triggers("people", type: "person", id: "id", watching: ["id", "display_name"])
    + triggers(
      "person_alternate_names", type: "person", id: "person_id",
      watching: ["person_id", "position", "name"])
    + triggers(
      "vocabulary", type: "place", id: "text", watching: ["kind", "text"],
      only: { "\($0).kind = 'place'" })

  static let recordTriggers =
    triggers(
      "activities", type: "activity", id: "id",
      watching: ["id", "definition_id", "start_ms", "start_utc_offset_seconds", "note"])
    + [
      // Each activity's document starts with its definition's name.
      trigger(
        "search_activity_definitions_update", updating("activity_definitions", ["name"]),
        ["SELECT 'activity', id FROM activities WHERE definition_id = new.id"])
    ]
    // A rating is queued under every kind, so one whose kind changed loses its old document.
    + triggers(
      "ratings", types: RatingKind.allCases.map(\.rawValue), id: "id",
      watching: ["id", "kind", "date_ms", "utc_offset_seconds", "note"])
    + triggers("medications", type: "medication", id: "id", watching: ["id", "name", "notes"])
    + triggers(
      "stress_checkins", type: "stress", id: "id",
      watching: ["id", "date_ms", "utc_offset_seconds", "note"])
    + triggers(
      "metric_context", type: "context", id: "id",
      watching: ["id", "metric", "from_ms", "utc_offset_seconds", "note"])
    + triggers(
      "lost_items", type: "lost", id: "id",
      watching: ["id", "item", "place", "note", "noticed_ms", "utc_offset_seconds"])

  /// Insert, update and delete triggers of a table whose row `id` names a record of `type`.
  private static func triggers(
    _ table: String, type: String, id: String, watching columns: [String],
    only condition: ((String) -> String)? = nil
  ) -> [String] {
    triggers(table, types: [type], id: id, watching: columns, only: condition)
  }

  private static func triggers(
    _ table: String, types: [String], id: String, watching columns: [String],
    only condition: ((String) -> String)? = nil
  ) -> [String] {
    let records = { (row: String) in types.map { "SELECT '\($0)', \(row).\(id)" } }
    let when = { (row: String) in condition.map { " WHEN \($0(row))" } ?? "" }
    var update = updating(table, columns)
    if let condition { update += " AND (\(condition("old")) OR \(condition("new")))" }
    return [
      trigger("search_\(table)_insert", "AFTER INSERT ON \(table)" + when("new"), records("new")),
      trigger("search_\(table)_update", update, records("old") + records("new")),
      trigger("search_\(table)_delete", "AFTER DELETE ON \(table)" + when("old"), records("old")),
    ]
  }

  /// `AFTER UPDATE OF … ON table WHEN (one of them changed)`.
  private static func updating(_ table: String, _ columns: [String]) -> String {
    let changed = columns.map { "old.\($0) IS NOT new.\($0)" }.joined(separator: " OR ")
    return "AFTER UPDATE OF \(columns.joined(separator: ", ")) ON \(table) WHEN (\(changed))"
  }

  /// A trigger that queues the `(record_type, record_id)` rows each of `selects` gives,
  /// dropping any document `Report.save` prepared in the row, which the change makes stale.
  /// An upsert rather than `INSERT OR REPLACE`: an outer statement's conflict clause (an
  /// UPSERT on `people`, say) overrides a triggered statement's `OR REPLACE` and would fail on
  /// the queue's key. (`WHERE true` keeps `ON CONFLICT` from parsing as a join constraint.)
  private static func trigger(_ name: String, _ event: String, _ selects: [String]) -> String {
    "CREATE TRIGGER \(name) \(event)\nBEGIN\n"
      + selects.map {
        "  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (\($0)) WHERE true\n"
          + "    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL,"
          + " parts = NULL;\n"
      }
      .joined() + "END;"
  }
}
