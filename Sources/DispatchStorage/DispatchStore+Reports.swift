import DispatchCore
import Foundation

/// Filing and reading reports.
extension ReportsView {
  /// Files (or replaces) a report, attaches the Apple Health readings of its moment (when
  /// health data has been imported), then recounts the vocabulary entries it had or has.
  ///
  /// While webhooks are on, a new report (or a draft filed for good) is queued in the webhook
  /// outbox in the same transaction; an edit of a filed report is not sent again
  /// (docs/webhooks.md#what-is-sent-and-when).
  public func file(_ report: Report) throws {
    try write { try $0.file(report) }
  }

  /// Files many reports in one transaction, rebuilding the vocabulary once at the end. Bulk
  /// filing (the demo, benchmarks) never queues webhooks.
  public func fileAll(_ reports: [Report]) throws {
    try write { try $0.fileAll(reports) }
  }

  /// Whether a report (a draft too) has this ID.
  public func contains(_ id: String) throws -> Bool {
    try database.scalarInt("SELECT EXISTS (SELECT 1 FROM reports WHERE id = ?)", [id]) == 1
  }

  /// The reports a selection matches, oldest first, with responses and context.
  public func list(_ selection: ReportSelection = ReportSelection()) throws -> [Report] {
    try database.read { db in try ReportFetch.fetch(db, selection) }
  }

  /// Calls `body` with the selected reports, oldest first, loading them a page at a time so
  /// memory stays bounded however large the store is.
  public func forEachReport(
    _ selection: ReportSelection = ReportSelection(), pageSize: Int = 2_000,
    _ body: (Report) throws -> Void
  ) throws {
    try forEachPage(selection, pageSize: pageSize) { try $0.forEach(body) }
  }

  /// Calls `body` with the selected reports a page of at most `pageSize` at a time, oldest
  /// first, all read in one transaction (a consistent snapshot while another process writes).
  public func forEachPage(
    _ selection: ReportSelection = ReportSelection(), pageSize: Int = 2_000,
    _ body: ([Report]) throws -> Void
  ) throws {
    guard selection.limit == nil else {
      try body(list(selection))
      return
    }
    try database.read { db in
      var page = selection
      page.pageSize = pageSize
      while true {
        let reports = try ReportFetch.fetch(db, page)
        if !reports.isEmpty { try body(reports) }
        guard reports.count == pageSize, let last = reports.last else { return }
        page.after = (last.date.milliseconds, last.id)
      }
    }
  }

  /// The report with an ID, a unique ID prefix of at least four characters, or `last`: the
  /// newest filed report (IDs are hexadecimal, so no ID reads "last").
  public func report(matching reference: String) throws -> Report {
    let trimmed = reference.trimmingCharacters(in: .whitespaces)
    if trimmed.lowercased() == "last" {
      guard
        let id = try database.rows(
          "SELECT id FROM reports WHERE is_draft = 0 ORDER BY date_ms DESC, id DESC LIMIT 1"
        ).first?.string(0),
        let report = try list(ReportSelection(includeDrafts: true, id: id)).first
      else {
        throw DispatchError(
          .unknownReference, "there are no reports yet; file one with 'dispatch report'")
      }
      return report
    }
    var matches = try database.rows("SELECT id FROM reports WHERE id = ?", [trimmed])
    if matches.isEmpty && trimmed.count >= 4 {
      matches = try database.rows(
        "SELECT id FROM reports WHERE lower(substr(id, 1, ?)) = lower(?) LIMIT 2",
        [trimmed.count, trimmed])
    }
    guard matches.count == 1, let id = matches[0].string(0) else {
      let reason =
        matches.isEmpty
        ? "no report has ID '\(reference)'"
        : "'\(reference)' matches several reports; give more of the ID"
      throw DispatchError(.unknownReference, reason + " (see 'dispatch reports list')")
    }
    guard let report = try list(ReportSelection(includeDrafts: true, id: id)).first else {
      throw DispatchError(.unknownReference, "no report has ID '\(reference)'")
    }
    return report
  }

  /// Deletes a report with its responses and context.
  public func removeReport(id: String) throws {
    try write { try $0.removeReport(id: id) }
  }
}

extension PeopleView {
  /// Every person in the registry.
  public func list() throws -> [Person] {
    try Person.fetchAll(database)
  }

  /// Every person, most mentioned first, then by name: the order `dispatch people` and the
  /// served people page list them in.
  public func listByMentions() throws -> [Person] {
    try list().sorted {
      ($1.usageCount, $0.displayName.lowercased()) < ($0.usageCount, $1.displayName.lowercased())
    }
  }
}

extension PromptsView {
  /// Every prompt group.
  public func promptGroups() throws -> [PromptGroup] {
    try PromptGroup.fetchAll(database)
  }

  /// Saves a prompt group.
  public func savePromptGroup(_ group: PromptGroup) throws {
    try write { try $0.savePromptGroup(group) }
  }
}

extension StoreTransaction {
  /// Files (or replaces) a report, attaches the Apple Health readings of its moment (when
  /// health data has been imported), then recounts the vocabulary entries it had or has.
  ///
  /// While webhooks are on, a new report (or a draft filed for good) is queued in the webhook
  /// outbox in the same transaction; an edit of a filed report is not sent again
  /// (docs/webhooks.md#what-is-sent-and-when). A report merged from another device
  /// (`sendingWebhooks: false`) is that device's to send.
  public func file(_ report: Report, sendingWebhooks: Bool = true) throws {
    let db = database
    let queues = try sendingWebhooks && WebhookOutbox.shouldQueue(report, db)
    let before = try VocabularyIndex.contribution(of: report.id, db)
    // An edit syncs as the fields it changed, so another device's edit of another answer stays.
    let edited = try reportBeforeEdit(id: report.id)
    try report.save(db)
    if !report.isDraft {
      try HealthContextAttachment.attach(report: report.id, at: report.date.milliseconds, db)
    }
    if let edited { try noteReportEdit(edited) }
    let after = try VocabularyIndex.contribution(of: report.id, db)
    if var pending = pendingVocabulary {
      if pending.reports.contains(report.id) {
        try VocabularyIndex.refresh(pending, db)
        pending = VocabularyIndex.Change()
      }
      pending.add(report: report.id, before: before, after: after)
      pendingVocabulary = pending
    } else {
      try VocabularyIndex.refresh(report: report.id, from: before, to: after, db)
    }
    if queues { try WebhookOutbox.queue(reportID: report.id, at: environment.now(), db) }
  }

  /// Runs `body`, in which every report ``file(_:)`` files adjusts the vocabulary once, at
  /// the end, for all of them: a word many reports answer is counted once (the server files
  /// what many phones sent in one transaction, docs/serve.md#many-phones-at-once).
  ///
  /// Only filing belongs in `body`: a change that recounts the vocabulary itself (removing a
  /// report rebuilds it) would count the reports filed before it twice.
  public func fileReportsTogether<T>(_ body: () throws -> T) throws -> T {
    precondition(pendingVocabulary == nil, "fileReportsTogether inside fileReportsTogether")
    pendingVocabulary = VocabularyIndex.Change()
    defer { pendingVocabulary = nil }
    let result = try body()
    if let pending = pendingVocabulary, !pending.reports.isEmpty {
      try VocabularyIndex.refresh(pending, database)
    }
    return result
  }

  /// Files many reports in one transaction, rebuilding the vocabulary once at the end. Bulk
  /// filing (the demo, benchmarks) never queues webhooks.
  public func fileAll(_ reports: [Report]) throws {
    let db = database
    for report in reports {
      try report.save(db)
    }
    try VocabularyIndex.rebuild(db)
  }

  /// Deletes a report with its responses and context.
  public func removeReport(id: String) throws {
    let db = database
    try db.execute("DELETE FROM reports WHERE id = ?", [id])
    guard db.changes == 1 else {
      throw DispatchError(.unknownReference, "no report has ID '\(id)'")
    }
    try VocabularyIndex.rebuild(db)
  }

  /// Deletes the reports of `ids` that exist, recounting the vocabulary once (sync merging
  /// another device's deletions).
  public func removeReports(ids: [String]) throws {
    guard !ids.isEmpty else { return }
    let db = database
    let statement = try db.statement("DELETE FROM reports WHERE id = ?")
    for id in ids {
      try statement.bind([id])
      try statement.run()
    }
    try VocabularyIndex.rebuild(db)
  }

  /// Saves a prompt group.
  public func savePromptGroup(_ group: PromptGroup) throws {
    try group.save(database)
  }
}
