import DispatchCore
import DispatchStorage
import DispatchSupport

/// What merging reports' changes decided: the reports to file, those to remove, and the stamps
/// every changed record takes.
struct ReportMergePlan {
  var file: [Report] = []
  var remove: [String] = []
  var stamps: [(id: String, stamp: SyncStamp, isDeleted: Bool, fields: String?)] = []
}

/// Merging reports answer by answer (docs/sync.md#answers).
extension SyncEngine {
  /// Joins each report's changes with the report as this store holds it
  /// (``ReportSyncState``); a change that adds nothing to what is known is superseded.
  func planReports(
    _ changes: [SyncChange], _ transaction: StoreTransaction, summary: inout SyncSummary
  ) throws -> ReportMergePlan {
    var byID: [String: [SyncChange]] = [:]
    for change in changes { byID[change.id, default: []].append(change) }
    var records: [String: SyncRecordStamp] = [:]
    if byID.count > 1_000 {
      // Read at once: a first segment holds every report.
      records = try transaction.recordStamps(kind: "report").filter { byID[$0.key] != nil }
    } else {
      for id in byID.keys { records[id] = try transaction.recordStamp(kind: "report", id: id) }
    }
    let stored = try reports(records.filter { !$0.value.isDeleted }.map(\.key))
    var plan = ReportMergePlan()
    for (id, changes) in byID.sorted(by: { $0.key < $1.key }) {
      if records[id] == nil, changes.count == 1, let change = changes.first {
        // A report new here (every report of a device's first segment): taken as it came.
        plan.stamps.append((id, change.stamp, change.record == nil, change.fieldStamps.storedText))
        if let report = change.report { plan.file.append(report) }
        summary.applied(change)
        continue
      }
      let local = try ReportSyncState(stored: records[id], report: stored[id])
      var state = local
      for change in changes.sorted(by: { $0.stamp < $1.stamp }) {
        let next = state?.joined(with: ReportSyncState(change)) ?? ReportSyncState(change)
        if next == state { summary.lost(change) } else { summary.applied(change) }
        state = next
      }
      guard let state, state != local else { continue }
      plan.stamps.append((id, state.stamp, state.isDeleted, state.storedFields))
      if !state.isDeleted, let report = state.report {
        if stored[id] == nil || local?.report != report { plan.file.append(report) }
      } else if stored[id] != nil {
        plan.remove.append(id)
      }
    }
    return plan
  }
}

extension SyncSummary {
  /// Counts a change that changed this store.
  mutating func applied(_ change: SyncChange) {
    applied += 1
    appliedByKind[change.kind, default: 0] += 1
  }
}

extension StoreTransaction {
  /// Deletes a report. When this store syncs, the report's content stays hidden with its
  /// stamps (``ReportSyncState``): a device that edits it before hearing of the deletion
  /// brings it back, and every device must then bring back the same report.
  public func removeReportKeepingSyncState(id: String) throws {
    if let record = try recordStamp(kind: "report", id: id), !record.isDeleted,
      let report = try store.reports.list(ReportSelection(includeDrafts: true, id: id)).first,
      var state = try ReportSyncState(stored: record, report: report)
    {
      state.isDeleted = true
      if let fields = state.storedFields { try setRecordFields(kind: "report", id: id, fields) }
    }
    try removeReport(id: id)
  }
}
