import DispatchCore

/// Correlations, workouts, activity summaries, `Me`, the export date and kept elements.
extension HealthImportWriter {
  func write(
    _ correlation: HealthCorrelationItem, members: [Int64], into summary: inout ImportSummary
  ) throws {
    let node = correlation.node
    guard let typeText = node.value("type"), let sourceText = node.value("sourceName"),
      let start = node.date("startDate"), let end = node.date("endDate")
    else {
      skip(
        correlation.ordinal, field: "type", "a Correlation without its type, source or dates",
        into: &summary)
      return
    }
    try db.execute(
      """
      INSERT OR IGNORE INTO health_correlations (type_id, source_id, start_ms, end_ms,
        start_offset_s, content, content_hash) VALUES (?, ?, ?, ?, ?, ?, ?)
      """,
      values: [
        .integer(try Self.string(typeText, in: db)), .integer(try Self.string(sourceText, in: db)),
        .integer(start.milliseconds), .integer(end.milliseconds), .integer(Int64(start.offset)),
        .text(node.jsonText), .integer(correlation.hash),
      ])
    let metadataCount = node.children(named: "MetadataEntry").count
    guard db.changes > 0 else {
      summary["unchanged"] += 1 + metadataCount
      return
    }
    let id = db.lastInsertedRowID
    summary["correlationsImported"] += 1
    summary["metadataEntriesImported"] += metadataCount
    try writeMetadata(of: node, owner: .correlation, id: id)
    for member in members {
      try db.execute(
        "INSERT OR IGNORE INTO health_correlation_members (correlation_id, sample_id) VALUES (?, ?)",
        values: [.integer(id), .integer(member)])
    }
  }

  func write(_ element: HealthElementItem, into summary: inout ImportSummary) throws {
    switch element.kind {
    case .workout: try writeWorkout(element, into: &summary)
    case .activitySummary: try writeSummary(element, into: &summary)
    case .me:
      for attribute in element.node.attributes where !attribute.value.isEmpty {
        try ImportJournal.keepCharacteristic(key: attribute.name, db)
        try db.execute(
          "INSERT OR REPLACE INTO health_characteristics (key, value) VALUES (?, ?)",
          values: [.text(attribute.name), .text(attribute.value)])
      }
    case .exportDate:
      let date = element.node.date("value")
      try db.execute(
        """
        INSERT INTO health_exports (imported_ms, file, export_ms, export_offset_s, locale)
        VALUES (?, ?, ?, ?, ?)
        """,
        values: [
          .integer(importedAt), .text(currentPath), DatabaseValue(date?.milliseconds),
          DatabaseValue(date.map { Int64($0.offset) }), DatabaseValue(locale),
        ])
    case .healthData:
      break
    case .other:
      summary["unknownElements"] += 1
      try db.execute(
        "INSERT OR IGNORE INTO health_other_elements (name, content, content_hash) VALUES (?, ?, ?)",
        values: [.text(element.node.name), .text(element.node.jsonText), .integer(element.hash)])
    }
  }

  private func writeSummary(_ element: HealthElementItem, into summary: inout ImportSummary)
    throws
  {
    let node = element.node
    guard var day = node.value("dateComponents"),
      day.withUTF8({ HealthDateParser.day($0) }) != nil
    else {
      skip(
        element.ordinal, field: "dateComponents", "an ActivitySummary without a date",
        into: &summary)
      return
    }
    let stored = try db.rows(
      "SELECT content_hash FROM health_activity_summaries WHERE day = ?", [day]
    ).first?.int64(0)
    if stored == element.hash {
      summary["unchanged"] += 1
      return
    }
    if stored != nil { try ImportJournal.keepSummary(day: day, db) }
    try db.execute(
      """
      INSERT OR REPLACE INTO health_activity_summaries (day, active_energy, active_energy_goal,
        active_energy_unit, move_time, move_time_goal, exercise_time, exercise_time_goal,
        stand_hours, stand_hours_goal, content, content_hash)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      values: [
        .text(day), DatabaseValue(node.number("activeEnergyBurned")),
        DatabaseValue(node.number("activeEnergyBurnedGoal")),
        DatabaseValue(node.value("activeEnergyBurnedUnit")),
        DatabaseValue(node.number("appleMoveTime") ?? node.number("appleMoveMinutes")),
        DatabaseValue(node.number("appleMoveTimeGoal") ?? node.number("appleMoveMinutesGoal")),
        DatabaseValue(node.number("appleExerciseTime")),
        DatabaseValue(node.number("appleExerciseTimeGoal")),
        DatabaseValue(node.number("appleStandHours")),
        DatabaseValue(node.number("appleStandHoursGoal")), .text(node.jsonText),
        .integer(element.hash),
      ])
    // A later export's summary of the same day replaces the earlier one: a day's rings grow
    // until it ends.
    summary[stored == nil ? "activitySummariesImported" : "updated"] += 1
  }

  /// Counts an element that cannot be stored as skipped, with a problem naming it.
  func skip(_ ordinal: Int, field: String, _ reason: String, into summary: inout ImportSummary) {
    summary["skipped"] += 1
    summary.problems.append(
      ImportProblem(file: currentPath, record: ordinal, field: field, reason: reason))
  }

  /// Each `MetadataEntry` child of `node`, in order, under the owner `id`.
  func writeMetadata(of node: HealthNode, owner: Owner, id: Int64) throws {
    var position: Int64 = 0
    for entry in node.children(named: "MetadataEntry") {
      guard let key = entry.value("key") else { continue }
      try db.execute(
        """
        INSERT INTO health_metadata (owner_kind, owner_id, position, key_id, value)
        VALUES (?, ?, ?, ?, ?)
        """,
        values: [
          .integer(owner.rawValue), .integer(id), .integer(position),
          .integer(try Self.string(key, in: db)), .text(entry.value("value") ?? ""),
        ])
      position += 1
    }
  }
}
