import DispatchCore

/// Merges imported reports: new ones are inserted, identical ones counted as unchanged,
/// changed ones replaced — or, for sources that carry less than the store (Reporter CSV),
/// completed with only what the stored report lacks.
struct ReportMerge {
  let db: Database

  func merge(_ reports: [Report], byInstant: Bool, into summary: inout ImportSummary) throws {
    guard !reports.isEmpty else { return }
    let stored = try storedReports(matching: reports, byInstant: byInstant)
    // A report imported again over one it changes syncs as the fields it changed.
    let queueEnd = try ReportEditNotes.queueEnd(db)
    for report in reports {
      let existing =
        stored.byID[report.id] ?? (byInstant ? stored.byInstant[report.date.milliseconds] : nil)
      guard let existing else {
        try report.save(db)
        summary["reportsImported"] += 1
        summary["responsesImported"] += report.responses.count
        continue
      }
      let merged = byInstant ? completing(existing, with: report) : report
      let responseIDs = Set(existing.responses.map(\.id))
      let added = merged.responses.filter { !responseIDs.contains($0.id) }.count
      if merged == existing {
        summary["unchanged"] += 1 + existing.responses.count
        continue
      }
      try merged.save(db)
      if let queueEnd, merged.id == existing.id {
        try ReportEditNotes.note(db, from: existing, to: merged, after: queueEnd)
      }
      summary["updated"] += 1
      summary["responsesImported"] += added
      summary["unchanged"] += merged.responses.count - added
    }
  }

  /// `existing` with the answers and context it lacks taken from `incoming`; nothing it has is
  /// removed or replaced (docs/import-export.md#how-imports-merge).
  private func completing(_ existing: Report, with incoming: Report) -> Report {
    var merged = existing
    for response in incoming.responses
    where !merged.responses.contains(where: { answers($0, response) }) {
      merged.responses.append(response)
    }
    var context = merged.context
    let extra = incoming.context
    context.battery = context.battery ?? extra.battery
    context.connection = context.connection ?? extra.connection
    context.altitudeMeters = context.altitudeMeters ?? extra.altitudeMeters
    context.audio = context.audio ?? extra.audio
    context.location = context.location ?? extra.location
    context.weather = context.weather ?? extra.weather
    if context.photos.isEmpty { context.photos = extra.photos }
    for reading in extra.health where !context.health.contains(where: { $0.type == reading.type }) {
      context.health.append(reading)
    }
    merged.context = context
    return merged
  }

  /// Whether two responses answer the same question.
  private func answers(_ a: Response, _ b: Response) -> Bool {
    if let left = a.questionID, let right = b.questionID { return left == right }
    return a.questionPrompt == b.questionPrompt
  }

  /// The stored reports that share an ID (or, when merging by instant, an instant) with the
  /// imported ones, fetched in one pass through a temporary table.
  private func storedReports(matching reports: [Report], byInstant: Bool) throws
    -> (byID: [String: Report], byInstant: [Int64: Report])
  {
    try db.executeScript(
      "CREATE TEMP TABLE IF NOT EXISTS import_keys (id TEXT, date_ms INTEGER); DELETE FROM import_keys"
    )
    for report in reports {
      try db.execute(
        "INSERT INTO import_keys (id, date_ms) VALUES (?, ?)",
        [report.id, report.date.milliseconds])
    }
    let condition =
      byInstant
      ? "id IN (SELECT id FROM import_keys) OR date_ms IN (SELECT date_ms FROM import_keys)"
      : "id IN (SELECT id FROM import_keys)"
    var selection = ReportSelection(includeDrafts: true)
    selection.idSubquery = "SELECT id FROM reports WHERE " + condition
    var byID: [String: Report] = [:]
    var byDate: [Int64: Report] = [:]
    for report in try ReportFetch.fetch(db, selection) {
      byID[report.id] = report
      if byDate[report.date.milliseconds] == nil { byDate[report.date.milliseconds] = report }
    }
    try db.executeScript("DELETE FROM import_keys")
    return (byID, byDate)
  }
}
