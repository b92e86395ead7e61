import DispatchCore
import DispatchStorage
import DispatchSupport
import Foundation

/// What one `dispatch sync` did.
public struct SyncSummary: Sendable, Equatable {
  /// Records written into this device's new segment (0: no segment written).
  public var written = 0
  /// The new segment's number, when one was written.
  public var segment: Int?
  /// Changes read from other devices' segments.
  public var read = 0
  /// Of those, the ones that changed this store (a later stamp than the record had).
  public var applied = 0
  /// Of those read, the ones an equal or later stamp had already decided: a conflict resolved
  /// (last writer wins), or a change merged before.
  public var superseded = 0
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

  /// The setting naming the passphrase file `sync setup --passphrase-file` chose.
  public static let passphraseFileSetting = "sync.passphraseFile"

  public init(store: DispatchStore, environment: RunEnvironment, passphrase: [UInt8]? = nil) {
    self.store = store
    self.environment = environment
    self.passphrase = passphrase
  }

  /// Makes the store a device of the folder `folder` and queues every report for its first
  /// segment.
  ///
  /// - Throws: ``DispatchError`` when the folder cannot be written, or another device there
  ///   already has the ID.
  @discardableResult
  public func setUp(folder: String, name: String, id: String? = nil) throws -> SyncDevice {
    let sync = SyncFolder(path: folder)
    let deviceID = id ?? Self.newDeviceID(name: name)
    if sync.devices().contains(deviceID), try store.sync.device()?.id != deviceID {
      throw DispatchError(
        .conflict, "the sync folder already has a device '\(deviceID)'; choose another name")
    }
    do {
      try FileManager.default.createDirectory(
        atPath: sync.deviceFolder(deviceID), withIntermediateDirectories: true)
    } catch {
      throw DispatchError(
        .failure, "cannot write the sync folder '\(folder)': \(error.localizedDescription)")
    }
    try store.write { try $0.setUpSync(id: deviceID, name: name, folder: folder) }
    guard let device = try store.sync.device() else {
      preconditionFailure("a device was just set up")
    }
    return device
  }

  /// Whether a run would do anything: this device has changes to write, or another device
  /// has a segment not merged yet. The daemon asks at every look and syncs only then.
  public func hasWork() throws -> Bool {
    guard let device = try store.sync.device() else { return false }
    if try store.sync.pendingCount() > 0 { return true }
    let folder = SyncFolder(path: device.folder)
    let merged = try store.sync.mergedSegments()
    return folder.devices().contains { other in
      other != device.id && (folder.segments(of: other).last ?? 0) > (merged[other] ?? 0)
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
    return summary
  }

  private func writeOwn(_ device: SyncDevice, clock: inout HybridClock, summary: inout SyncSummary)
    throws
  {
    let folder = SyncFolder(path: device.folder, passphrase: passphrase)
    try store.write { transaction in
      let pending = try transaction.pendingSyncChanges()
      guard !pending.records.isEmpty else { return }
      var lines: [String] = []
      let reports = try self.reports(pending.records.map(\.id))
      for record in pending.records {
        let stamp = clock.stamp(now: environment.now().milliseconds)
        let change = SyncChange(
          stamp: stamp, kind: record.kind, id: record.id, report: reports[record.id])
        lines.append(change.line)
        try transaction.setRecordStamp(
          kind: record.kind, id: record.id, stamp, deleted: change.report == nil)
      }
      try folder.write(lines, device: device.id, number: device.nextSegment)
      try transaction.clearSyncChanges(upTo: pending.upTo)
      try transaction.advanceSyncDevice(nextSegment: device.nextSegment + 1, latest: clock.latest)
      summary.written = lines.count
      summary.segment = device.nextSegment
    }
  }

  private func mergeOthers(
    _ device: SyncDevice, clock: inout HybridClock, summary: inout SyncSummary
  ) throws {
    let folder = SyncFolder(path: device.folder, passphrase: passphrase)
    let merged = try store.sync.mergedSegments()
    var changes: [SyncChange] = []
    var reached: [String: Int] = [:]
    for other in folder.devices() where other != device.id {
      var whole = merged[other] ?? 0
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
    summary.read = changes.count
    let now = environment.now().milliseconds
    // Last writer wins: of a record's changes only the latest can matter.
    var latest: [String: SyncChange] = [:]
    for change in changes {
      clock.observe(change.stamp, now: now)
      let key = change.kind + "\u{1F}" + change.id
      if let kept = latest[key], kept.stamp >= change.stamp { continue }
      latest[key] = change
    }
    summary.superseded = changes.count - latest.count
    try store.write { transaction in
      var winners: [SyncChange] = []
      for change in latest.values.sorted(by: { $0.stamp < $1.stamp }) {
        if let known = try transaction.recordStamp(kind: change.kind, id: change.id),
          known.stamp >= change.stamp
        {
          summary.superseded += 1
        } else {
          winners.append(change)
        }
      }
      // Other devices' changes are not noted for this device's next segment. One vocabulary
      // recount for all the reports filed, one for all those removed: many reports (a
      // device's first segment) are filed as an import files them, with one rebuild of the
      // vocabulary; a few are adjusted report by report.
      let puts = winners.compactMap(\.report)
      try transaction.withoutNotingSyncChanges {
        if puts.count > 1_000 {
          try transaction.fileAll(puts)
        } else {
          try transaction.fileReportsTogether {
            for report in puts { try transaction.file(report, sendingWebhooks: false) }
          }
        }
        try transaction.removeReports(ids: winners.filter { $0.report == nil }.map(\.id))
      }
      for change in winners {
        try transaction.setRecordStamp(
          kind: change.kind, id: change.id, change.stamp, deleted: change.report == nil)
      }
      summary.applied = winners.count
      for (other, segment) in reached { try transaction.setMergedSegment(device: other, segment) }
      try transaction.advanceSyncDevice(
        nextSegment: try store.sync.device()?.nextSegment ?? device.nextSegment,
        latest: clock.latest)
    }
  }

  /// The reports of `ids` that exist, drafts included: all of them read at once when many
  /// are asked for (the first segment holds every report).
  private func reports(_ ids: [String]) throws -> [String: Report] {
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
