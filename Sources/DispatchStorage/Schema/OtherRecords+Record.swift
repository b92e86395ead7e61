import DispatchCore

/// Row mappings of stress check-ins, metric context and lost items.
extension StressCheckIn {
  static let columns =
    "id, date_ms, time_zone, utc_offset_seconds, precision, overall_status, overall, note"

  static func answer(status: String?, value: Int?) -> StressAnswer {
    switch status {
    case "skipped": return .skipped
    case "notApplicable": return .notApplicable
    default: return value.map(StressAnswer.rated) ?? .skipped
    }
  }

  /// Reads check-ins with their stressor ratings.
  static func fetch(
    _ db: Database, where clause: String, _ arguments: [any DatabaseValueConvertible]
  )
    throws(StoreError) -> [StressCheckIn]
  {
    var checkIns: [StressCheckIn] = []
    for row in try db.rows(
      "SELECT \(columns) FROM stress_checkins \(clause) ORDER BY date_ms, id", arguments)
    {
      var checkIn = StressCheckIn(
        id: try row.requiredString(0), time: try RecordTime(row: row, at: 1),
        overall: answer(status: row.string(5), value: row.int(6)), note: row.string(7))
      for rating in try db.rows(
        "SELECT stressor, status, value FROM stress_ratings WHERE checkin_id = ? ORDER BY position",
        [checkIn.id])
      {
        checkIn.stressors.append(
          (try rating.requiredString(0), answer(status: rating.string(1), value: rating.int(2))))
      }
      checkIns.append(checkIn)
    }
    return checkIns
  }

  func save(_ db: Database) throws(StoreError) {
    try db.execute("DELETE FROM stress_ratings WHERE checkin_id = ?", [id])
    try db.execute(
      "INSERT OR REPLACE INTO stress_checkins (\(Self.columns)) VALUES (\(placeholders(8)))",
      values: [.text(id)] + time.databaseValues + [
        DatabaseValue(overall.status), DatabaseValue(overall.value), DatabaseValue(note),
      ])
    for (position, stressor) in stressors.enumerated() {
      try db.execute(
        "INSERT INTO stress_ratings (checkin_id, position, stressor, status, value) VALUES (?, ?, ?, ?, ?)",
        [id, position, stressor.name, stressor.answer.status, stressor.answer.value])
    }
  }
}

extension MetricContextEntry: StoredRecord {
  static let columns =
    "id, metric, from_ms, time_zone, utc_offset_seconds, precision, to_ms, note"

  init(row: Row) throws(StoreError) {
    self.init(
      id: try row.requiredString(0), metric: row.string(1), from: try RecordTime(row: row, at: 2),
      to: row.int64(6).map(Instant.init(milliseconds:)), note: try row.requiredString(7))
  }

  static let statements = StoredRecordStatements(table: "metric_context", columns: columns)

  var databaseValues: [DatabaseValue] {
    [.text(id), DatabaseValue(metric)] + from.databaseValues + [
      DatabaseValue(to?.milliseconds), .text(note),
    ]
  }
}

extension LostItemEvent: StoredRecord {
  static let columns =
    "id, item, noticed_ms, time_zone, utc_offset_seconds, precision, place, found_ms, note"

  init(row: Row) throws(StoreError) {
    self.init(
      id: try row.requiredString(0), item: try row.requiredString(1),
      noticed: try RecordTime(row: row, at: 2), place: row.string(6),
      foundAt: row.int64(7).map(Instant.init(milliseconds:)), note: row.string(8))
  }

  static let statements = StoredRecordStatements(table: "lost_items", columns: columns)

  var databaseValues: [DatabaseValue] {
    [.text(id), .text(item)] + noticed.databaseValues + [
      DatabaseValue(place), DatabaseValue(foundAt?.milliseconds), DatabaseValue(note),
    ]
  }
}
