import DispatchCore
import Foundation

/// Row mappings of the direct records (``DirectRecordSchema``).

/// `INSERT … ON CONFLICT (id) DO UPDATE` for tables whose rows others refer to: `INSERT OR
/// REPLACE` would delete the old row first, and with it (through `ON DELETE CASCADE`) every
/// activity or dose of a definition being saved again. A clash on another unique column (a
/// second definition of the same name) fails instead of deleting the other row.
func upsert(into table: String, columns: String) -> String {
  let names = columns.split(separator: ",").map {
    $0.trimmingCharacters(in: .whitespacesAndNewlines)
  }
  let updates = names.filter { $0 != "id" }.map { "\($0) = excluded.\($0)" }
  return
    "INSERT INTO \(table) (\(names.joined(separator: ", "))) VALUES (\(placeholders(names.count))) "
    + "ON CONFLICT (id) DO UPDATE SET " + updates.joined(separator: ", ")
}
extension RecordTime {
  /// The four columns `<instant>, <zone>, <offset>, <precision>` starting at `index`.
  init(row: Row, at index: Int) throws(StoreError) {
    guard let milliseconds = row.int64(index) else {
      throw StoreError(.corruptValue, "a record has no time")
    }
    self.init(
      Instant(milliseconds: milliseconds), timeZoneIdentifier: row.string(index + 1),
      utcOffsetSeconds: row.int(index + 2) ?? 0,
      precision: row.string(index + 3).flatMap(TimestampPrecision.init(rawValue:)) ?? .exact)
  }

  /// The four columns' values.
  var databaseValues: [DatabaseValue] {
    [
      .integer(instant.milliseconds), DatabaseValue(timeZoneIdentifier),
      .integer(Int64(utcOffsetSeconds)), .text(precision.rawValue),
    ]
  }
}

extension RatingRecord: StoredRecord {
  static let columns =
    "id, kind, date_ms, time_zone, utc_offset_seconds, precision, rating, scale_min, scale_max, note, source"

  init(row: Row) throws(StoreError) {
    let kindText = try row.requiredString(1)
    guard let kind = RatingKind(rawValue: kindText) else {
      throw StoreError(.corruptValue, "unknown rating kind '\(kindText)'")
    }
    self.init(
      id: try row.requiredString(0), kind: kind, time: try RecordTime(row: row, at: 2),
      rating: row.double(6) ?? 0,
      scale: RatingScale(minimum: row.double(7) ?? 0, maximum: row.double(8) ?? 0),
      note: row.string(9), source: try row.requiredString(10))
  }

  static let statements = StoredRecordStatements(table: "ratings", columns: columns)

  var databaseValues: [DatabaseValue] {
    [.text(id), .text(kind.rawValue)] + time.databaseValues + [
      .real(rating), .real(scale.minimum), .real(scale.maximum), DatabaseValue(note), .text(source),
    ]
  }
}

extension ActivityDefinition {
  static let columns = "id, name, description, tags, auto_note, sort_order, source"

  init(row: Row) throws(StoreError) {
    self.init(
      id: try row.requiredString(0), name: try row.requiredString(1), description: row.string(2),
      tags: JSONStringList.decode(row.string(3)), autoNote: row.bool(4) ?? false,
      sortOrder: row.int(5) ?? 0, source: try row.requiredString(6))
  }

  func save(_ db: Database) throws(StoreError) {
    try db.execute(
      upsert(into: "activity_definitions", columns: Self.columns + ", name_key"),
      [
        id, name, description, JSONStringList.encode(tags), autoNote, sortOrder, source,
        NameKey.normalize(name),
      ])
  }
}

extension ActivityRecord: StoredRecord {
  static let columns = """
    id, definition_id, start_ms, start_time_zone, start_utc_offset_seconds, start_precision,
    start_set_at_ms, end_ms, end_time_zone, end_utc_offset_seconds, end_precision, end_set_at_ms,
    note, tags, source
    """

  init(row: Row) throws(StoreError) {
    self.init(
      id: try row.requiredString(0), definitionID: try row.requiredString(1),
      start: try RecordTime(row: row, at: 2),
      startSetAt: row.int64(6).map(Instant.init(milliseconds:)),
      end: row.int64(7) == nil ? nil : try RecordTime(row: row, at: 7),
      endSetAt: row.int64(11).map(Instant.init(milliseconds:)), note: row.string(12),
      tags: JSONStringList.decode(row.string(13)), source: try row.requiredString(14))
  }

  static let statements = StoredRecordStatements(table: "activities", columns: columns)

  var databaseValues: [DatabaseValue] {
    // One array literal: building it from parts cost a few allocations per row.
    [
      .text(id), .text(definitionID), .integer(start.instant.milliseconds),
      DatabaseValue(start.timeZoneIdentifier), .integer(Int64(start.utcOffsetSeconds)),
      .text(start.precision.rawValue), DatabaseValue(startSetAt?.milliseconds),
      DatabaseValue(end?.instant.milliseconds), DatabaseValue(end?.timeZoneIdentifier),
      DatabaseValue(end?.utcOffsetSeconds), DatabaseValue(end?.precision.rawValue),
      DatabaseValue(endSetAt?.milliseconds), DatabaseValue(note),
      .text(JSONStringList.encode(tags)), .text(source),
    ]
  }
}

extension Medication {
  static let columns = """
    id, name, default_dosage, frequency, started_on, started_on_time_zone, notes, sort_order,
    source
    """

  init(row: Row) throws(StoreError) {
    self.init(
      id: try row.requiredString(0), name: try row.requiredString(1), defaultDosage: row.string(2),
      frequency: row.string(3), startedOn: row.string(4), startedOnTimeZone: row.string(5),
      notes: row.string(6), sortOrder: row.int(7) ?? 0, source: try row.requiredString(8))
  }

  func save(_ db: Database) throws(StoreError) {
    try db.execute(
      upsert(into: "medications", columns: Self.columns + ", name_key"),
      [
        id, name, defaultDosage, frequency, startedOn, startedOnTimeZone, notes, sortOrder, source,
        NameKey.normalize(name),
      ])
  }
}

extension MedicationDose: StoredRecord {
  static let columns =
    "id, medication_id, date_ms, time_zone, utc_offset_seconds, precision, dosage, source"

  init(row: Row) throws(StoreError) {
    self.init(
      id: try row.requiredString(0), medicationID: try row.requiredString(1),
      time: try RecordTime(row: row, at: 2), dosage: row.string(6),
      source: try row.requiredString(7))
  }

  static let statements = StoredRecordStatements(table: "medication_doses", columns: columns)

  var databaseValues: [DatabaseValue] {
    [.text(id), .text(medicationID)] + time.databaseValues + [DatabaseValue(dosage), .text(source)]
  }
}
