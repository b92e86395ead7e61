import DispatchCore
import DispatchStorage
import DispatchSupport
import Foundation

/// What one `dispatch sync` did.
public struct SyncSummary: Sendable, Equatable {
  /// Records written into this device's new segment (0: no segment written).
  public var written = 0
  /// Of those, how many of each kind.
  public var writtenByKind: [String: Int] = [:]
  /// The new segment's number, when one was written.
  public var segment: Int?
  /// Changes read from other devices' segments.
  public var read = 0
  /// Of those, the ones that changed this store (a later stamp than the record had).
  public var applied = 0
  /// Of those, how many of each kind.
  public var appliedByKind: [String: Int] = [:]
  /// Of those read, the ones an equal or later stamp had already decided: a conflict resolved
  /// (last writer wins), or a change merged before.
  public var superseded = 0
  /// Of those, how many each device made.
  public var supersededByDevice: [String: Int] = [:]
  /// Changes waiting for the record they belong to (a dose whose medication this device has
  /// not merged yet), tried again at every run.
  public var waiting = 0
  /// The snapshot this run replaced this device's segments up to, when it compacted.
  public var compacted: Int?
  /// Segments left for a later run, each with its reason.
  public var skipped: [SegmentProblem] = []

  public init() {}
}

/// Writes this device's changes into the sync folder and merges every other device's
/// (docs/sync.md#merging): last writer wins per record by hybrid-logical-clock stamp, a
/// deletion is a tombstone that wins over older writes, and merging any changes in any order,
/// any number of times, ends in the same store.
public struct SyncEngine {
  public let store: DispatchStore
  public let environment: RunEnvironment
  /// The passphrase segments are sealed with, when the folder is encrypted.
  let passphrase: [UInt8]?

  /// How many segments a run must have before it is compacted (docs/sync.md#compaction): a
  /// daemon that syncs after every filing writes one segment per report.
  public var compactionRun = 100

  /// The setting naming the passphrase file `sync setup --passphrase-file` chose.
  public static let passphraseFileSetting = "sync.passphraseFile"

  public init(store: DispatchStore, environment: RunEnvironment, passphrase: [UInt8]? = nil) {
    self.store = store
    self.environment = environment
    self.passphrase = passphrase
  }

  /// Makes the store a device of the folder `folder` and queues every synced record for its
  /// first segment.
  ///
  /// - Throws: ``DispatchError`` when the folder cannot be written, or another device there
  ///   already has the ID.
  @discardableResult
  public func setUp(folder: String, name: String, id: String? = nil) throws -> SyncDevice {
    // Kept absolute: every later run, from any folder, finds it.
    let folder = URL(fileURLWithPath: folder).standardizedFileURL.path
    let sync = SyncFolder(path: folder)
    let deviceID = id ?? Self.newDeviceID(name: name)
    if sync.devices().contains(deviceID), try store.sync.device()?.id != deviceID {
      throw DispatchError(
        .conflict, "the sync folder already has a device '\(deviceID)'; choose another name")
    }
    try sync.writeDeviceFile(deviceID, name: name, created: environment.now())
    try store.write { try $0.setUpSync(id: deviceID, name: name, folder: folder) }
    guard let device = try store.sync.device() else {
      preconditionFailure("a device was just set up")
    }
    return device
  }

  /// Forgets `other`, a device that is gone (an old laptop): its folder leaves the sync folder
  /// and this store stops counting it. What was merged from it stays; a device still in use
  /// that writes again comes back as new.
  ///
  /// - Throws: ``DispatchError`` `.invalidRequest` for this device or one not in the folder,
  ///   `.conflict` when some of its segments are not merged here yet (forgetting it would lose
  ///   them: run `dispatch sync` first).
  public func forget(_ other: String) throws {
    guard let device = try store.sync.device() else {
      throw DispatchError(
        .invalidRequest, "sync is not set up; run 'dispatch sync setup --folder DIR' first")
    }
    let folder = SyncFolder(path: device.folder)
    guard other != device.id else {
      throw DispatchError(.invalidRequest, "'\(other)' is this device; forget it from another one")
    }
    guard folder.devices().contains(other) else {
      throw DispatchError(
        .invalidRequest,
        "no device '\(other)' in \(device.folder); 'dispatch sync status' lists them")
    }
    let written = folder.written(by: other)
    let merged = try store.sync.mergedSegments()[other] ?? 0
    guard merged >= written else {
      throw DispatchError(
        .conflict,
        "\(written - merged) of \(other)'s segments are not merged here yet; run 'dispatch sync' first"
      )
    }
    do {
      try FileManager.default.removeItem(atPath: folder.deviceFolder(other))
    } catch {
      throw DispatchError(
        .failure, "cannot remove '\(folder.deviceFolder(other))': \(error.localizedDescription)")
    }
    try store.write { try $0.forgetSyncDevice(other) }
  }

  /// Whether a run would do anything: this device has changes to write, or another device
  /// has a segment not merged yet. The daemon asks at every look and syncs only then.
  public func hasWork() throws -> Bool {
    guard let device = try store.sync.device() else { return false }
    if try store.sync.pendingCount() > 0 { return true }
    let folder = SyncFolder(path: device.folder)
    let merged = try store.sync.mergedSegments()
    return folder.devices().contains { other in
      other != device.id && folder.written(by: other) > (merged[other] ?? 0)
    }
  }

  /// Writes this device's changes, then merges the others'.
  ///
  /// - Throws: ``DispatchError`` `.invalidRequest` when sync is not set up.
  public func run() throws -> SyncSummary {
    guard let device = try store.sync.device() else {
      throw DispatchError(
        .invalidRequest, "sync is not set up; run 'dispatch sync setup --folder DIR' first")
    }
    var clock = HybridClock(device: device.id, latest: device.latest)
    var summary = SyncSummary()
    try writeOwn(device, clock: &clock, summary: &summary)
    try mergeOthers(device, clock: &clock, summary: &summary)
    let folder = SyncFolder(path: device.folder, passphrase: passphrase)
    // Rewritten only when it moved: every write is a change the engine carries to every device.
    let merged = try store.sync.mergedSegments()
    if merged != folder.merged(by: device.id) {
      try folder.writeMerged(merged, device: device.id)
    }
    summary.compacted = try compact(device.id, folder)
    return summary
  }

  func writeOwn(_ device: SyncDevice, clock: inout HybridClock, summary: inout SyncSummary)
    throws
  {
    let folder = SyncFolder(path: device.folder, passphrase: passphrase)
    try store.write { transaction in
      let pending = try transaction.pendingSyncChanges()
      guard !pending.records.isEmpty else { return }
      var lines: [String] = []
      let reports = try self.reports(pending.records.filter { $0.kind == "report" }.map(\.id))
      let reportFields = try transaction.recordStamps(kind: "report", onlyWithFields: true)
      for record in pending.records {
        let stamp = clock.stamp(now: environment.now().milliseconds)
        let change: SyncChange
        if record.kind == "report" {
          let report = reports[record.id]
          // Only an edit or a deletion needs the record's stamp; a whole put only the answers
          // removed before, which only a record with field stamps has.
          let known =
            record.fields == nil && report != nil
            ? reportFields[record.id]
            : try transaction.recordStamp(kind: "report", id: record.id)
          let state = ReportSyncState.written(
            report, stamp: stamp, changed: record.fields,
            prior: try ReportSyncState(stored: known, report: report))
          change = SyncChange(stamp: stamp, id: record.id, report: report, fieldStamps: state.older)
          try transaction.setRecordStamp(
            kind: "report", id: record.id, stamp, deleted: report == nil,
            fields: state.storedFields)
        } else {
          let row = try transaction.syncedRecord(kind: record.kind, id: record.id)
          let mergedInto =
            row == nil ? try transaction.syncMergedInto(kind: record.kind, id: record.id) : nil
          change = SyncChange(
            stamp: stamp, kind: record.kind, id: record.id, record: row.map(SyncChange.Record.row),
            mergedInto: mergedInto)
          try transaction.setRecordStamp(
            kind: record.kind, id: record.id, stamp, deleted: row == nil)
        }
        lines.append(change.line)
        summary.writtenByKind[record.kind, default: 0] += 1
      }
      try folder.write(lines, device: device.id, number: device.nextSegment)
      try transaction.clearSyncChanges(upTo: pending.upTo)
      try transaction.advanceSyncDevice(nextSegment: device.nextSegment + 1, latest: clock.latest)
      summary.written = lines.count
      summary.segment = device.nextSegment
    }
  }

  /// The reports of `ids` that exist, drafts included: all of them read at once when many
  /// are asked for (the first segment holds every report).
  func reports(_ ids: [String]) throws -> [String: Report] {
    let found: [Report]
    if ids.count > 500 {
      let wanted = Set(ids)
      found = try store.reports.list(ReportSelection(includeDrafts: true)).filter {
        wanted.contains($0.id)
      }
    } else {
      found = try ids.flatMap {
        try store.reports.list(ReportSelection(includeDrafts: true, id: $0))
      }
    }
    return Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// `laptop-3f9a1c`: the name made safe for a folder, and six random hex digits.
  static func newDeviceID(name: String) -> String {
    let safe = name.lowercased().unicodeScalars.map { scalar -> Character in
      (("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)) ? Character(scalar) : "-"
    }
    let base = String(safe).split(separator: "-").joined(separator: "-").prefix(24)
    let suffix = String(UInt32.random(in: 0...0xFF_FFFF), radix: 16)
    return (base.isEmpty ? "device" : String(base)) + "-"
      + String(repeating: "0", count: 6 - suffix.count) + suffix
  }
}
