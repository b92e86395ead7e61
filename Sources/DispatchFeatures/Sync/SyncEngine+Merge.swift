import DispatchCore
import DispatchStorage
import DispatchSupport

/// Merging the other devices' segments (docs/sync.md#merging).
extension SyncEngine {
  func mergeOthers(
    _ device: SyncDevice, clock: inout HybridClock, summary: inout SyncSummary
  ) throws {
    let (changes, reached) = try readOthers(device, summary: &summary)
    summary.read = changes.count
    let now = environment.now().milliseconds
    for change in changes { clock.observe(change.stamp, now: now) }
    try store.write { transaction in
      // Changes that waited for the record they belong to are tried again with the new ones.
      let waiting = try transaction.waitingSyncChanges().compactMap {
        try? SyncChange(line: Array($0.utf8))
      }
      let waited = Set(waiting.map { $0.kind + "\u{1F}" + $0.id })
      let winners = try Self.winners(
        changes.filter { $0.kind != "report" } + waiting, waited: waited, transaction,
        summary: &summary)
      let reports = try planReports(
        changes.filter { $0.kind == "report" }, transaction, summary: &summary)
      let outcomes = try transaction.withoutNotingSyncChanges {
        try apply(winners, reports, transaction)
      }
      for change in winners {
        let outcome = outcomes[change.stamp] ?? .applied
        if outcome == .waiting || waited.contains(change.kind + "\u{1F}" + change.id) {
          try transaction.setWaitingSyncChange(
            kind: change.kind, id: change.id, line: outcome == .waiting ? change.line : nil)
        }
        guard outcome != .waiting else { continue }
        try transaction.setRecordStamp(
          kind: change.kind, id: change.id, change.stamp, deleted: change.record == nil)
        if outcome == .applied { summary.applied(change) } else { summary.lost(change) }
      }
      for record in reports.stamps {
        try transaction.setRecordStamp(
          kind: "report", id: record.id, record.stamp, deleted: record.isDeleted,
          fields: record.fields)
      }
      summary.waiting = try transaction.waitingSyncChanges().count
      var latest: [String: SyncStamp] = [:]
      for change in changes {
        latest[change.stamp.device] = max(latest[change.stamp.device] ?? change.stamp, change.stamp)
      }
      for (other, segment) in reached {
        try transaction.setMergedSegment(
          device: other, segment, latest: latest[other],
          superseded: summary.supersededByDevice[other] ?? 0)
      }
      try transaction.advanceSyncDevice(
        nextSegment: try store.sync.device()?.nextSegment ?? device.nextSegment,
        latest: clock.latest)
    }
  }

  /// The changes of the other devices' segments not merged yet, and per device the last
  /// segment of the unbroken run read whole.
  private func readOthers(_ device: SyncDevice, summary: inout SyncSummary) throws -> (
    [SyncChange], [String: Int]
  ) {
    let folder = SyncFolder(path: device.folder, passphrase: passphrase)
    let merged = try store.sync.mergedSegments()
    var changes: [SyncChange] = []
    var reached: [String: Int] = [:]
    for other in folder.devices() where other != device.id {
      var whole = merged[other] ?? 0
      // A snapshot stands for the segments up to its number, which its device removed: read
      // when this device has not merged that far (again, idempotently, when partly).
      if let snapshot = folder.snapshot(of: other), snapshot > whole {
        switch folder.read(device: other, number: snapshot, snapshot: true) {
        case .success(let read):
          changes += read
          whole = snapshot
        case .failure(let problem):
          summary.skipped.append(problem)
        }
      }
      for number in folder.segments(of: other) where number > (merged[other] ?? 0) {
        switch folder.read(device: other, number: number) {
        case .success(let read):
          changes += read
          // Only an unbroken run of whole segments counts as merged; one after a gap is read
          // again next time, which changes nothing.
          if number == whole + 1 { whole = number }
        case .failure(let problem):
          summary.skipped.append(problem)
        }
      }
      reached[other] = whole
    }
    return (changes, reached)
  }

  /// Last writer wins: of each record's changes the latest, when it is later than the stamp
  /// the record took here; the others are counted as superseded.
  private static func winners(
    _ changes: [SyncChange], waited: Set<String>, _ transaction: StoreTransaction,
    summary: inout SyncSummary
  ) throws -> [SyncChange] {
    var latest: [String: SyncChange] = [:]
    for change in changes {
      let key = change.kind + "\u{1F}" + change.id
      if let kept = latest[key], kept.stamp >= change.stamp {
        summary.lost(change)
        continue
      }
      if let kept = latest[key] { summary.lost(kept) }
      latest[key] = change
    }
    var winners: [SyncChange] = []
    for change in latest.values.sorted(by: { $0.stamp < $1.stamp }) {
      if let known = try transaction.recordStamp(kind: change.kind, id: change.id),
        known.stamp >= change.stamp
      {
        summary.lost(change)
        if waited.contains(change.kind + "\u{1F}" + change.id) {
          try transaction.setWaitingSyncChange(kind: change.kind, id: change.id, line: nil)
        }
      } else {
        winners.append(change)
      }
    }
    return winners
  }

  /// Applies the winning changes of kinds other than reports, then the reports' plan; what
  /// became of each change that is not a plain application, by stamp. The other kinds go
  /// first (a report's people question before its answers). Many reports (a device's first
  /// segment) are filed as an import files them, with one rebuild of the vocabulary; a few
  /// are adjusted report by report.
  private func apply(
    _ winners: [SyncChange], _ reports: ReportMergePlan, _ transaction: StoreTransaction
  ) throws -> [SyncStamp: SyncedRecordApplier.Outcome] {
    var outcomes: [SyncStamp: SyncedRecordApplier.Outcome] = [:]
    var rows = try SyncedRecordApplier(transaction)
    for change in winners {
      if let into = change.mergedInto {
        try rows.expectMerge(kind: change.kind, from: change.id, into: into)
      }
    }
    for change in Self.rowOrder(winners) {
      let row: JSONValue?
      switch change.record {
      case .row(let value): row = value
      case .report: continue
      case nil: row = nil
      }
      outcomes[change.stamp] = try rows.apply(
        kind: change.kind, id: change.id, record: row, mergedInto: change.mergedInto)
    }
    try transaction.removeReports(ids: reports.remove)
    if reports.file.count > 1_000 {
      // Filed as an import files them, with one rebuild of the vocabulary and the people
      // registry, which takes in the people and questions applied above.
      try transaction.fileAll(reports.file)
    } else {
      try transaction.fileReportsTogether {
        for report in reports.file { try transaction.file(report, sendingWebhooks: false) }
      }
      try rows.finish()
    }
    return outcomes
  }

  /// The changes of kinds other than reports in the order they apply: puts by kind (a
  /// definition before its activities), then deletions in the reverse order.
  static func rowOrder(_ changes: [SyncChange]) -> [SyncChange] {
    let rows = changes.filter { $0.kind != "report" }
    func rank(_ change: SyncChange) -> Int {
      let kind = StoreTransaction.syncRank(of: change.kind)
      return change.record == nil ? 1_000 - kind : kind
    }
    return rows.sorted { (rank($0), $0.stamp) < (rank($1), $1.stamp) }
  }
}

extension SyncSummary {
  /// Counts a change decided already by a later one (or by the record it belonged to going),
  /// under the device that made it.
  mutating func lost(_ change: SyncChange) {
    superseded += 1
    supersededByDevice[change.stamp.device, default: 0] += 1
  }
}
