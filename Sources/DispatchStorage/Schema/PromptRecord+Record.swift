import DispatchCore

/// Reading and writing the compliance log.
extension PromptRecord {
  static let columnList = """
    identifier, source, prompt_group_id, parent_identifier, due_ms, time_zone,
    utc_offset_seconds, state, fired_ms, delivery, acted_ms, action, answered_ms, report_id,
    closed_ms
    """

  init(row: Row) throws(StoreError) {
    let stateText = try row.requiredString(7)
    guard let state = State(rawValue: stateText) else {
      throw StoreError(.corruptValue, "unknown prompt state '\(stateText)'")
    }
    self.init(
      identifier: try row.requiredString(0), source: try row.requiredString(1),
      promptGroupID: row.string(2), parentIdentifier: row.string(3),
      due: Instant(milliseconds: row.int64(4) ?? 0), timeZoneIdentifier: try row.requiredString(5),
      utcOffsetSeconds: row.int(6) ?? 0, state: state)
    firedAt = row.int64(8).map(Instant.init(milliseconds:))
    delivery = row.string(9)
    actedAt = row.int64(10).map(Instant.init(milliseconds:))
    action = row.string(11)
    answeredAt = row.int64(12).map(Instant.init(milliseconds:))
    reportID = row.string(13)
    closedAt = row.int64(14).map(Instant.init(milliseconds:))
  }

  var columnValues: [any DatabaseValueConvertible] {
    [
      identifier, source, promptGroupID, parentIdentifier, due.milliseconds, timeZoneIdentifier,
      utcOffsetSeconds, state.rawValue, firedAt?.milliseconds, delivery, actedAt?.milliseconds,
      action, answeredAt?.milliseconds, reportID, closedAt?.milliseconds,
    ]
  }

  func save(_ db: Database) throws(StoreError) {
    try db.execute(
      "INSERT OR REPLACE INTO prompts (\(Self.columnList)) VALUES (\(placeholders(15)))",
      columnValues)
  }
}
