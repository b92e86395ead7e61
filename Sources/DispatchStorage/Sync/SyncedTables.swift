/// The records besides reports that sync (docs/sync.md#what-syncs), each a row of one table
/// with, for some, rows of tables it owns. A change carries the row's columns by name, so a
/// device reads what it knows and a column it lacks (from a later version) is left out.
///
/// The order is the order puts apply in (a definition before its activities), and deletions
/// apply in reverse.
struct SyncedTable: Sendable {
  /// The change's `kind`.
  let kind: String
  let table: String
  /// The column holding the record's ID.
  let idColumn: String
  /// Whether the ID is the primary key, so a put updates the row in place (replacing it would
  /// delete the rows that refer to it). Otherwise a put deletes the row with the ID and
  /// inserts the new one: a name kept unique without case (`name_key`, or a name compared
  /// without case) syncs under its folded form, so two devices' "Home" and "home" are one
  /// record whose last writer wins.
  var isPrimaryKey = true
  /// The ID is the column's text in lower case.
  var foldsCase = false
  /// Columns that are each device's own count, recomputed from the reports.
  var derived: [String] = []
  /// Rows of other tables this record owns: the table and its column naming the owner.
  var owned: [(table: String, owner: String)] = []
  /// Which rows sync, as an SQL condition over the row's columns (`NEW.`/`OLD.` in triggers).
  var only: (@Sendable (String) -> String)?
  /// A column naming a record of another kind this one belongs to.
  var parent: (column: String, kind: String)?
  /// A column that no two rows may share besides the key (a name's folded form); see
  /// ``SyncTables/resolveNameClash``.
  var uniqueName: String?
  /// Columns holding a JSON list of IDs of records of another kind (a prompt group's
  /// questions): a record merged into another is listed as that one.
  var idLists: [(column: String, kind: String)] = []

  /// Settings that are the user's rather than this device's: sleeping or awake, the time zone
  /// of zone-less records, the check-in reminders. Notifier, sensors, paths, secrets and
  /// webhooks stay per device.
  static let userSettings = ["awake", "timeZone", "checkin.reminders"]

  static let all: [SyncedTable] = [
    // A question added on two devices alike (the same prompt) becomes one.
    SyncedTable(kind: "question", table: "questions", idColumn: "id", uniqueName: "prompt"),
    SyncedTable(
      kind: "prompt-group", table: "prompt_groups", idColumn: "id",
      idLists: [("question_ids", "question")]),
    SyncedTable(
      kind: "setting", table: "settings", idColumn: "key",
      only: { row in "\(row)key IN (\(userSettings.map { "'\($0)'" }.joined(separator: ", ")))" }
    ),
    // Only people named on purpose (renamed, merged, imported): the others are made on every
    // device from the names its reports answer, with IDs derived from the name.
    SyncedTable(
      kind: "person", table: "people", idColumn: "id",
      derived: ["usage_count", "question_count"],
      owned: [("person_alternate_names", "person_id")], only: { "\($0)is_explicit = 1" }),
    SyncedTable(
      kind: "place", table: "sensor_places", idColumn: "name", isPrimaryKey: false,
      foldsCase: true),
    SyncedTable(kind: "rating", table: "ratings", idColumn: "id"),
    SyncedTable(
      kind: "activity-definition", table: "activity_definitions", idColumn: "id",
      uniqueName: "name_key"),
    SyncedTable(
      kind: "activity", table: "activities", idColumn: "id",
      parent: ("definition_id", "activity-definition")),
    SyncedTable(
      kind: "medication", table: "medications", idColumn: "id", uniqueName: "name_key"),
    SyncedTable(
      kind: "dose", table: "medication_doses", idColumn: "id",
      parent: ("medication_id", "medication")),
    SyncedTable(kind: "stressor", table: "stressors", idColumn: "name"),
    SyncedTable(
      kind: "stress", table: "stress_checkins", idColumn: "id",
      owned: [("stress_ratings", "checkin_id")]),
    SyncedTable(kind: "metric-context", table: "metric_context", idColumn: "id"),
    SyncedTable(kind: "lost-item", table: "lost_items", idColumn: "id"),
    SyncedTable(kind: "check-in-preset", table: "checkin_presets", idColumn: "name"),
    SyncedTable(
      kind: "saved-query", table: "saved_queries", idColumn: "name_key",
      isPrimaryKey: false),
    SyncedTable(
      kind: "saved-graph", table: "saved_graphs", idColumn: "name_key",
      isPrimaryKey: false),
  ]

  static let byKind = Dictionary(uniqueKeysWithValues: all.map { ($0.kind, $0) })

  /// Where each kind applies: puts in this order, deletions in reverse.
  static let rank = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1.kind, $0 + 1) })

  /// The ID expression over a row named `row` (`NEW.`, `OLD.` or empty).
  func id(of row: String) -> String {
    foldsCase ? "lower(\(row)\(idColumn))" : row + idColumn
  }

  /// The triggers that note this kind's changes for the next segment.
  var triggers: [String] {
    var made: [String] = []
    for (event, row) in [("INSERT", "NEW."), ("UPDATE", "NEW."), ("DELETE", "OLD.")] {
      var conditions = only.map { [$0(row)] } ?? []
      if event == "UPDATE", kind == "person" {
        // A person's row is saved again whenever their counts change; only a change of name
        // or of being named on purpose is the user's.
        conditions.append(
          "(OLD.display_name IS NOT NEW.display_name OR OLD.is_explicit IS NOT NEW.is_explicit)")
      }
      if event == "UPDATE", let only {
        // A row that stops matching (a setting renamed away) is noted as it was.
        conditions[0] = "(\(only("NEW.")) OR \(only("OLD.")))"
      }
      made.append(
        Self.trigger(
          "sync_\(table)_\(event.lowercased())", event, table,
          when: conditions.joined(separator: " AND "), kind: kind, id: id(of: row)))
    }
    for owned in owned where kind != "person" {
      // A person's names are saved again with their counts; renames and merges note the
      // person themselves (`noteSyncChange`).
      for (event, row) in [("INSERT", "NEW."), ("UPDATE", "NEW."), ("DELETE", "OLD.")] {
        made.append(
          Self.trigger(
            "sync_\(owned.table)_\(event.lowercased())", event, owned.table, when: "", kind: kind,
            id: row + owned.owner))
      }
    }
    return made
  }

  var triggerNames: [String] {
    let events = ["insert", "update", "delete"]
    return events.map { "sync_\(table)_\($0)" }
      + (kind == "person"
        ? [] : owned.flatMap { owned in events.map { "sync_\(owned.table)_\($0)" } })
  }

  static func trigger(
    _ name: String, _ event: String, _ table: String, when: String, kind: String, id: String
  ) -> String {
    "CREATE TRIGGER IF NOT EXISTS \(name) AFTER \(event) ON \(table) "
      + (when.isEmpty ? "" : "WHEN \(when) ")
      + "BEGIN INSERT INTO sync_changes (kind, record_id) VALUES ('\(kind)', \(id)); END;"
  }
}
