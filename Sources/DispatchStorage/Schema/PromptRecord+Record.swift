import DispatchCore

/// Reading and writing the compliance log.
extension PromptRecord {
  static let table = TableColumns<PromptRecord>(
    "prompts",
    [
      Column("identifier", .text) { .text($0.identifier) },
      Column("source", .text) { .text($0.source) },
      Column("prompt_group_id", .optionalText) { DatabaseValue($0.promptGroupID) },
      Column("parent_identifier", .optionalText) { DatabaseValue($0.parentIdentifier) },
      Column("due_ms", .integer) { .integer($0.due.milliseconds) },
      Column("time_zone", .text) { .text($0.timeZoneIdentifier) },
      Column("utc_offset_seconds", .integer) { .integer(Int64($0.utcOffsetSeconds)) },
      Column("state", .text) { .text($0.state.rawValue) },
      Column("fired_ms", .optionalInteger) { DatabaseValue($0.firedAt?.milliseconds) },
      Column("delivery", .optionalText) { DatabaseValue($0.delivery) },
      Column("acted_ms", .optionalInteger) { DatabaseValue($0.actedAt?.milliseconds) },
      Column("action", .optionalText) { DatabaseValue($0.action) },
      Column("answered_ms", .optionalInteger) { DatabaseValue($0.answeredAt?.milliseconds) },
      Column("report_id", .optionalText) { DatabaseValue($0.reportID) },
      Column("closed_ms", .optionalInteger) { DatabaseValue($0.closedAt?.milliseconds) },
    ])

  init(reading row: inout ColumnReader) throws(StoreError) {
    let identifier = try row.requiredText("identifier")
    let source = try row.requiredText("source")
    let promptGroupID = row.text("prompt_group_id")
    let parentIdentifier = row.text("parent_identifier")
    let due = Instant(milliseconds: row.int64("due_ms") ?? 0)
    let zone = try row.requiredText("time_zone")
    let offset = row.int("utc_offset_seconds") ?? 0
    let stateText = try row.requiredText("state")
    guard let state = State(rawValue: stateText) else {
      throw StoreError(.corruptValue, "unknown prompt state '\(stateText)'")
    }
    self.init(
      identifier: identifier, source: source, promptGroupID: promptGroupID,
      parentIdentifier: parentIdentifier, due: due, timeZoneIdentifier: zone,
      utcOffsetSeconds: offset, state: state)
    firedAt = row.int64("fired_ms").map(Instant.init(milliseconds:))
    delivery = row.text("delivery")
    actedAt = row.int64("acted_ms").map(Instant.init(milliseconds:))
    action = row.text("action")
    answeredAt = row.int64("answered_ms").map(Instant.init(milliseconds:))
    reportID = row.text("report_id")
    closedAt = row.int64("closed_ms").map(Instant.init(milliseconds:))
  }

  /// Decodes rows that select the declared columns.
  static func decode(_ rows: [Row]) throws(StoreError) -> [PromptRecord] {
    try ColumnLayout.decode(rows, table) { row throws(StoreError) in
      try PromptRecord(reading: &row)
    }
  }

  func save(_ db: Database) throws(StoreError) {
    try db.execute(Self.table.statements.replace, values: Self.table.values(of: self))
  }
}
