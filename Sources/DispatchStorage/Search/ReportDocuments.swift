import DispatchCore

/// Reports' search documents: one line per answer — each token, chosen option and note, each
/// place answer — in question order, then where the report was filed. Drafts have none.
enum ReportDocuments {
  /// The document of `report`, or nil for a draft or a report without text.
  static func document(for report: Report) -> SearchDocument? {
    // The only derivation of a report's document: from memory when it is saved, from the
    // tables (through ReportFetch) when a change elsewhere queued it.
    guard !report.isDraft else { return nil }
    var lines: [(text: String, response: String)] = []
    for response in report.responses {
      var texts = (response.tokens ?? []).map(\.text) + (response.options ?? [])
      texts += (response.notes ?? []).map(\.text)
      if let location = response.location {
        let place = location.location?.placemark
        texts.append(
          joined([
            location.text, place?.name == location.text ? nil : place?.name, place?.thoroughfare,
            place?.locality, place?.administrativeArea, place?.country,
          ]))
      }
      for text in texts where !text.isEmpty { lines.append((oneLine(text), response.id)) }
    }
    if let place = report.context.location?.placemark {
      let filed = joined([
        place.name, place.thoroughfare, place.locality, place.subLocality,
        place.administrativeArea, place.country,
      ])
      if !filed.isEmpty { lines.append((filed, "")) }
    }
    guard !lines.isEmpty else { return nil }
    return SearchDocument(
      recordType: "report", recordID: report.id, date: report.date.milliseconds,
      utcOffsetSeconds: report.utcOffsetSeconds,
      body: lines.map(\.text).joined(separator: "\n"),
      parts: lines.map(\.response).joined(separator: "\n"))
  }

  /// The documents of the reports whose IDs the SQL query `idQuery` gives.
  static func documents(_ db: Database, idQuery: String) throws -> [SearchDocument] {
    var selection = ReportSelection(includeDrafts: true)
    selection.idSubquery = idQuery
    return try ReportFetch.fetch(db, selection).compactMap(document(for:))
  }

  /// Puts `report`'s document into its queue row, so the indexer need not read the report back
  /// (``SearchSchema``). Called by `Report.save` after the report's rows are written.
  static func prepare(_ report: Report, _ db: Database) throws(StoreError) {
    let document = document(for: report)
    try db.execute(
      """
      INSERT OR REPLACE INTO search_queue (record_type, record_id, date_ms, utc_offset_s, body,
        parts) VALUES ('report', ?, ?, ?, ?, ?)
      """,
      [
        report.id, document?.date, document?.utcOffsetSeconds, document?.body ?? "",
        document?.parts,
      ])
  }

  /// The non-empty parts joined by " · ".
  private static func joined(_ parts: [String?]) -> String {
    oneLine(parts.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · "))
  }

  /// A line break inside an answer would split it into two lines of the document.
  private static func oneLine(_ text: String) -> String {
    guard text.contains(where: \.isNewline) else { return text }
    return String(text.map { $0.isNewline ? " " : $0 })
  }
}
