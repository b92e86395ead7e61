import DispatchCore
import Foundation

/// Row mappings of the direct records (``DirectRecordSchema``): each table's columns declared
/// once.

/// `INSERT … ON CONFLICT (id) DO UPDATE` for tables whose rows others refer to: `INSERT OR
/// REPLACE` would delete the old row first, and with it (through `ON DELETE CASCADE`) every
/// activity or dose of a definition being saved again. A clash on another unique column (a
/// second definition of the same name) fails instead of deleting the other row.
func upsert(into table: String, columns names: [String]) -> String {
  let updates = names.filter { $0 != "id" }.map { "\($0) = excluded.\($0)" }
  return
    "INSERT INTO \(table) (\(names.joined(separator: ", "))) VALUES (\(placeholders(names.count))) "
    + "ON CONFLICT (id) DO UPDATE SET " + updates.joined(separator: ", ")
}

/// A definition other rows refer to (activity definitions, medications): written with
/// ``upsert(into:columns:)``, so saving it again never deletes what refers to it.
protocol UpsertedRecord {
  static var table: TableColumns<Self> { get }
  /// ``upsert(into:columns:)`` of ``table``: a `static let`, so it is built on the first save.
  static var upsertSQL: String { get }
  init(reading row: inout ColumnReader) throws(StoreError)
}

extension UpsertedRecord {
  /// The columns a `SELECT` of the record lists.
  static var columns: String { table.selectList }

  static func decode(_ rows: [Row]) throws(StoreError) -> [Self] {
    try ColumnLayout.decode(rows, table) { reader throws(StoreError) in
      try Self(reading: &reader)
    }
  }

  func save(_ db: Database) throws(StoreError) {
    try db.execute(Self.upsertSQL, values: Self.table.values(of: self))
  }
}

extension RatingRecord: StoredRecord {
  static let table = TableColumns<RatingRecord>(
    "ratings",
    [
      Column("id", .text) { .text($0.id) },
      Column("kind", .text) { .text($0.kind.rawValue) },
    ] + Column.time("date_ms") { $0.time } + [
      Column("rating", .real) { .real($0.rating) },
      Column("scale_min", .real) { .real($0.scale.minimum) },
      Column("scale_max", .real) { .real($0.scale.maximum) },
      Column("note", .optionalText) { DatabaseValue($0.note) },
      Column("source", .text) { .text($0.source) },
    ])

  init(reading row: inout ColumnReader) throws(StoreError) {
    let id = try row.requiredText("id")
    let kindText = try row.requiredText("kind")
    guard let kind = RatingKind(rawValue: kindText) else {
      throw StoreError(.corruptValue, "unknown rating kind '\(kindText)'")
    }
    self.init(
      id: id, kind: kind, time: try row.requiredTime("date_ms"),
      rating: row.double("rating") ?? 0,
      scale: RatingScale(
        minimum: row.double("scale_min") ?? 0, maximum: row.double("scale_max") ?? 0),
      note: row.text("note"), source: try row.requiredText("source"))
  }
}

extension ActivityDefinition: UpsertedRecord {
  /// The definition's columns; `name_key` (the name folded for case and accents) is written,
  /// never read back.
  static let table = TableColumns<ActivityDefinition>(
    "activity_definitions",
    [
      Column("id", .text) { .text($0.id) },
      Column("name", .text) { .text($0.name) },
      Column("description", .optionalText) { DatabaseValue($0.description) },
      Column("tags", .text) { .text(JSONStringList.encode($0.tags)) },
      Column("auto_note", .integer) { .integer($0.autoNote ? 1 : 0) },
      Column("sort_order", .integer) { .integer(Int64($0.sortOrder)) },
      Column("source", .text) { .text($0.source) },
      Column("name_key", .text) { .text(NameKey.normalize($0.name)) },
    ])

  static let upsertSQL = upsert(into: table.table, columns: table.names)

  init(reading row: inout ColumnReader) throws(StoreError) {
    self.init(
      id: try row.requiredText("id"), name: try row.requiredText("name"),
      description: row.text("description"), tags: JSONStringList.decode(row.text("tags")),
      autoNote: row.bool("auto_note") ?? false, sortOrder: row.int("sort_order") ?? 0,
      source: try row.requiredText("source"))
  }

}

extension ActivityRecord: StoredRecord {
  static let table = TableColumns<ActivityRecord>(
    "activities",
    [
      Column("id", .text) { .text($0.id) },
      Column("definition_id", .text) { .text($0.definitionID) },
    ] + Column.time("start_ms", prefix: "start_") { $0.start } + [
      Column("start_set_at_ms", .optionalInteger) { DatabaseValue($0.startSetAt?.milliseconds) }
    ] + Column.time("end_ms", prefix: "end_", optional: true) { $0.end } + [
      Column("end_set_at_ms", .optionalInteger) { DatabaseValue($0.endSetAt?.milliseconds) },
      Column("note", .optionalText) { DatabaseValue($0.note) },
      Column("tags", .text) { .text(JSONStringList.encode($0.tags)) },
      Column("source", .text) { .text($0.source) },
    ])

  init(reading row: inout ColumnReader) throws(StoreError) {
    self.init(
      id: try row.requiredText("id"), definitionID: try row.requiredText("definition_id"),
      start: try row.requiredTime("start_ms", prefix: "start_"),
      startSetAt: row.int64("start_set_at_ms").map(Instant.init(milliseconds:)),
      end: row.time("end_ms", prefix: "end_"),
      endSetAt: row.int64("end_set_at_ms").map(Instant.init(milliseconds:)),
      note: row.text("note"), tags: JSONStringList.decode(row.text("tags")),
      source: try row.requiredText("source"))
  }
}

extension Medication: UpsertedRecord {
  /// The medication's columns; `name_key` is written, never read back.
  static let table = TableColumns<Medication>(
    "medications",
    [
      Column("id", .text) { .text($0.id) },
      Column("name", .text) { .text($0.name) },
      Column("default_dosage", .optionalText) { DatabaseValue($0.defaultDosage) },
      Column("frequency", .optionalText) { DatabaseValue($0.frequency) },
      Column("started_on", .optionalText) { DatabaseValue($0.startedOn) },
      Column("started_on_time_zone", .optionalText) { DatabaseValue($0.startedOnTimeZone) },
      Column("notes", .optionalText) { DatabaseValue($0.notes) },
      Column("sort_order", .integer) { .integer(Int64($0.sortOrder)) },
      Column("source", .text) { .text($0.source) },
      Column("name_key", .text) { .text(NameKey.normalize($0.name)) },
    ])

  static let upsertSQL = upsert(into: table.table, columns: table.names)

  init(reading row: inout ColumnReader) throws(StoreError) {
    self.init(
      id: try row.requiredText("id"), name: try row.requiredText("name"),
      defaultDosage: row.text("default_dosage"), frequency: row.text("frequency"),
      startedOn: row.text("started_on"), startedOnTimeZone: row.text("started_on_time_zone"),
      notes: row.text("notes"), sortOrder: row.int("sort_order") ?? 0,
      source: try row.requiredText("source"))
  }

}

extension MedicationDose: StoredRecord {
  static let table = TableColumns<MedicationDose>(
    "medication_doses",
    [
      Column("id", .text) { .text($0.id) },
      Column("medication_id", .text) { .text($0.medicationID) },
    ] + Column.time("date_ms") { $0.time } + [
      Column("dosage", .optionalText) { DatabaseValue($0.dosage) },
      Column("source", .text) { .text($0.source) },
    ])

  init(reading row: inout ColumnReader) throws(StoreError) {
    self.init(
      id: try row.requiredText("id"), medicationID: try row.requiredText("medication_id"),
      time: try row.requiredTime("date_ms"), dosage: row.text("dosage"),
      source: try row.requiredText("source"))
  }
}
