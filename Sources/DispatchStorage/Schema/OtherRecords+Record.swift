import DispatchCore

/// Row mappings of stress check-ins, metric context and lost items.
extension StressCheckIn {
  /// The check-in's own row; its stressor ratings are rows of `stress_ratings`.
  static let table = TableColumns<StressCheckIn>(
    "stress_checkins",
    [Column("id", .text) { .text($0.id) }] + Column.time("date_ms") { $0.time } + [
      Column("overall_status", .text) { .text($0.overall.status) },
      Column("overall", .optionalInteger) { DatabaseValue($0.overall.value) },
      Column("note", .optionalText) { DatabaseValue($0.note) },
    ])

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
    let rows = try db.rows(
      "SELECT \(table.selectList) FROM stress_checkins \(clause) ORDER BY date_ms, id", arguments)
    var checkIns = try ColumnLayout.decode(rows, table) { row throws(StoreError) in
      StressCheckIn(
        id: try row.requiredText("id"), time: try row.requiredTime("date_ms"),
        overall: answer(status: row.text("overall_status"), value: row.int("overall")),
        note: row.text("note"))
    }
    for index in checkIns.indices {
      var checkIn = checkIns[index]
      for rating in try db.rows(
        "SELECT stressor, status, value FROM stress_ratings WHERE checkin_id = ? ORDER BY position",
        [checkIn.id])
      {
        checkIn.stressors.append(
          (try rating.requiredString(0), answer(status: rating.string(1), value: rating.int(2))))
      }
      checkIns[index] = checkIn
    }
    return checkIns
  }

  func save(_ db: Database) throws(StoreError) {
    try db.execute("DELETE FROM stress_ratings WHERE checkin_id = ?", [id])
    try db.execute(Self.table.statements.replace, values: Self.table.values(of: self))
    for (position, stressor) in stressors.enumerated() {
      try db.execute(
        "INSERT INTO stress_ratings (checkin_id, position, stressor, status, value) VALUES (?, ?, ?, ?, ?)",
        [id, position, stressor.name, stressor.answer.status, stressor.answer.value])
    }
  }
}

extension MetricContextEntry: StoredRecord {
  static let table = TableColumns<MetricContextEntry>(
    "metric_context",
    [
      Column("id", .text) { .text($0.id) },
      Column("metric", .optionalText) { DatabaseValue($0.metric) },
    ] + Column.time("from_ms") { $0.from } + [
      Column("to_ms", .optionalInteger) { DatabaseValue($0.to?.milliseconds) },
      Column("note", .text) { .text($0.note) },
    ])

  init(reading row: inout ColumnReader) throws(StoreError) {
    self.init(
      id: try row.requiredText("id"), metric: row.text("metric"),
      from: try row.requiredTime("from_ms"),
      to: row.int64("to_ms").map(Instant.init(milliseconds:)), note: try row.requiredText("note"))
  }
}

extension LostItemEvent: StoredRecord {
  static let table = TableColumns<LostItemEvent>(
    "lost_items",
    [
      Column("id", .text) { .text($0.id) },
      Column("item", .text) { .text($0.item) },
    ] + Column.time("noticed_ms") { $0.noticed } + [
      Column("place", .optionalText) { DatabaseValue($0.place) },
      Column("found_ms", .optionalInteger) { DatabaseValue($0.foundAt?.milliseconds) },
      Column("note", .optionalText) { DatabaseValue($0.note) },
    ])

  init(reading row: inout ColumnReader) throws(StoreError) {
    self.init(
      id: try row.requiredText("id"), item: try row.requiredText("item"),
      noticed: try row.requiredTime("noticed_ms"), place: row.text("place"),
      foundAt: row.int64("found_ms").map(Instant.init(milliseconds:)), note: row.text("note"))
  }
}
