import DispatchKit
import Foundation
import Testing

@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchStorage
@testable import DispatchSupport

/// Sync through one folder (docs/sync.md): devices as stores in a temporary folder, sharing
/// the sync folder as Syncthing would keep it in step. Whatever the order of operations and
/// exchanges, and whatever the devices' clocks say, every device ends with the same reports.
@Suite(.serialized) struct SyncEngineTests {
  /// A device: its store and a clock the test moves, skewed by `skew` milliseconds.
  final class Device {
    let name: String
    let store: DispatchStore
    let clock: MutableClock
    let skew: Int64
    let passphrase: [UInt8]?
    var compactionRun = 100
    var engine: SyncEngine {
      var engine = SyncEngine(
        store: store, environment: RunEnvironment(clock: clock), passphrase: passphrase)
      engine.compactionRun = compactionRun
      return engine
    }

    init(
      _ folder: TemporaryDirectory, name: String, skew: Int64, sync: String,
      passphrase: String? = nil, prepare: (DispatchStore) throws -> Void = { _ in }
    ) throws {
      self.name = name
      clock = MutableClock(Instant(milliseconds: 1_780_000_000_000 + skew))
      self.skew = skew
      self.passphrase = passphrase.map { Array($0.utf8) }
      store = try DispatchStore(
        path: folder.file(name + ".sqlite"), access: .write,
        environment: RunEnvironment(clock: clock))
      try prepare(store)
      try engine.setUp(folder: sync, name: name, id: name)
    }

    func tick(_ milliseconds: Int64) {
      clock.instant = Instant(milliseconds: clock.instant.milliseconds + milliseconds)
    }

    /// The reports as the JSON export writes them, by ID: what "the same store" means here.
    func reports() throws -> [String] {
      try store.reports.list().sorted { $0.id < $1.id }.map {
        JSONWriter.string(V2Exporter.reportValue($0), style: .compact)
      }
    }
  }

  private static func report(_ id: String, note: String, at milliseconds: Int64) -> Report {
    Report(
      id: id, date: Instant(milliseconds: milliseconds), timeZoneIdentifier: "Europe/Lisbon",
      utcOffsetSeconds: 3_600,
      responses: [
        Response(
          id: id + "-note", questionID: nil, questionPrompt: "What are you thinking?",
          notes: [TokenValue(id: id + "-n", text: note)])
      ])
  }

  @Test func `a line round-trips every field of a report, its offset included`() throws {
    var report = ReportFixtures.everything
    report.utcOffsetSeconds = 5_400  // not the zone's offset: kept as filed
    let stamp = SyncStamp(milliseconds: 5, counter: 2, device: "laptop-1")
    let change = SyncChange(stamp: stamp, id: report.id, report: report)
    let read = try SyncChange(line: Array(change.line.utf8))
    #expect(read == change)
    let deletion = SyncChange(stamp: stamp, id: "gone", report: nil)
    #expect(try SyncChange(line: Array(deletion.line.utf8)) == deletion)
    for (line, message) in [
      ("[]", "not a JSON object"), (#"{"v": 9, "stamp": "x"}"#, "format 9 is newer"),
      (#"{"v": 1, "stamp": "x"}"#, "not a stamp"),
      (#"{"v": 1, "stamp": "\#(stamp)", "kind": "mood", "id": "a", "op": "put"}"#, "kind 'mood'"),
      (#"{"v": 1, "stamp": "\#(stamp)", "kind": "report", "id": "a", "op": "put"}"#, "no record"),
      (#"{"v": 1, "stamp": "\#(stamp)", "kind": "report", "id": "a", "op": "edit"}"#, "op must be"),
    ] {
      #expect(throws: SyncChangeError.self, "\(line)") { try SyncChange(line: Array(line.utf8)) }
      do {
        _ = try SyncChange(line: Array(line.utf8))
      } catch {
        #expect(error.description.contains(message), "\(line): \(error.description)")
      }
    }
  }

  @Test func `random filings, edits and deletions on three devices end in one history`() throws {
    let folder = try TemporaryDirectory()
    let sync = folder.file("sync")
    // Clocks an hour fast, right, and ten minutes slow.
    let devices = try [("a", 3_600_000), ("b", 0), ("c", -600_000)].map {
      try Device(folder, name: $0.0, skew: Int64($0.1), sync: sync)
    }
    var random = SplitMix64(seed: 1_800)
    var ids: [String] = []
    for step in 0..<600 {
      let device = devices[Int.random(in: 0..<3, using: &random)]
      device.tick(Int64.random(in: 1...90_000, using: &random))
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<4:
        let id = "report-\(step)"
        ids.append(id)
        try device.store.reports.file(
          Self.report(id, note: "filed \(step)", at: device.clock.instant.milliseconds))
      case 4..<6 where !ids.isEmpty:
        // An edit of a report this device may or may not have yet.
        let id = ids[Int.random(in: 0..<ids.count, using: &random)]
        try device.store.reports.file(
          Self.report(id, note: "edited \(step)", at: 1_780_000_000_000))
      case 6 where !ids.isEmpty:
        let id = ids[Int.random(in: 0..<ids.count, using: &random)]
        if try device.store.reports.contains(id) { try device.store.reports.removeReport(id: id) }
      default:
        _ = try device.engine.run()
      }
    }
    // Two rounds: the first carries every device's last changes, the second what merging
    // them left each device to agree on.
    for _ in 0..<2 { for device in devices { _ = try device.engine.run() } }
    let first = try devices[0].reports()
    #expect(first.count > 50)
    for device in devices.dropFirst() { #expect(try device.reports() == first) }
    // Running again changes nothing and writes nothing.
    for device in devices {
      let again = try device.engine.run()
      #expect(again.written == 0 && again.applied == 0)
    }
  }

  @Test func `a later deletion wins over an older edit, and an older one loses to a later edit`()
    throws
  {
    let folder = try TemporaryDirectory()
    let sync = folder.file("sync")
    let a = try Device(folder, name: "a", skew: 0, sync: sync)
    let b = try Device(folder, name: "b", skew: 0, sync: sync)
    try a.store.reports.file(Self.report("r1", note: "first", at: 1_780_000_000_000))
    try a.store.reports.file(Self.report("r2", note: "first", at: 1_780_000_000_000))
    _ = try a.engine.run()
    _ = try b.engine.run()
    // b edits r1 then a deletes it later; a edits r2 after b deleted it.
    b.tick(1_000)
    try b.store.reports.file(Self.report("r1", note: "b's edit", at: 1_780_000_000_000))
    try b.store.reports.removeReport(id: "r2")
    _ = try b.engine.run()
    a.tick(5_000)
    try a.store.reports.removeReport(id: "r1")
    try a.store.reports.file(Self.report("r2", note: "a's edit", at: 1_780_000_000_000))
    _ = try a.engine.run()
    _ = try b.engine.run()
    for device in [a, b] {
      #expect(try !device.store.reports.contains("r1"))
      #expect(try device.store.reports.list().map(\.responses.first?.summary) == ["a's edit"])
    }
    #expect(try a.store.sync.recordStamp(kind: "report", id: "r1")?.isDeleted == true)
  }

  @Test func `a report merged from another device is not sent to this device's webhook`() throws {
    let folder = try TemporaryDirectory()
    let sync = folder.file("sync")
    let a = try Device(folder, name: "a", skew: 0, sync: sync)
    let b = try Device(folder, name: "b", skew: 0, sync: sync)
    for device in [a, b] {
      try device.store.settings.setSetting(WebhookSettingKey.enabled, "true")
    }
    try a.store.reports.file(Self.report("r1", note: "one", at: 1_780_000_000_000))
    #expect(try a.store.outbox.webhookOutbox().count == 1)
    _ = try a.engine.run()
    #expect(try b.engine.run().applied == 1)
    #expect(try b.store.outbox.webhookOutbox().isEmpty)
  }

  @Test func `an encrypted folder is read with the passphrase and skipped without it`() throws {
    let folder = try TemporaryDirectory()
    let sync = folder.file("sync")
    let a = try Device(folder, name: "a", skew: 0, sync: sync, passphrase: "correct horse")
    let b = try Device(folder, name: "b", skew: 0, sync: sync, passphrase: "correct horse")
    let c = try Device(folder, name: "c", skew: 0, sync: sync)
    let d = try Device(folder, name: "d", skew: 0, sync: sync, passphrase: "wrong")
    try a.store.reports.file(Self.report("secret", note: "my diary", at: 1_780_000_000_000))
    _ = try a.engine.run()
    let segment = try Data(contentsOf: URL(fileURLWithPath: sync + "/devices/a/00000001.jsonl.gz"))
    #expect(BackupCrypto.isEncrypted(Array(segment)))
    #expect(String(decoding: segment, as: UTF8.self).range(of: "diary") == nil)
    #expect(try b.engine.run().applied == 1)
    #expect(
      try c.engine.run().skipped.map(\.reason) == [
        "encrypted, and this device has no passphrase (--passphrase-file)"
      ])
    #expect(
      try d.engine.run().skipped.map(\.reason) == [
        "fails to decrypt (a wrong passphrase, or damaged)"
      ])
    #expect(try c.store.reports.list().isEmpty && d.store.reports.list().isEmpty)
  }

  @Test func `a truncated or damaged segment is skipped, named, and merged once whole`() throws {
    let folder = try TemporaryDirectory()
    let sync = folder.file("sync")
    let a = try Device(folder, name: "a", skew: 0, sync: sync)
    let b = try Device(folder, name: "b", skew: 0, sync: sync)
    try a.store.reports.file(Self.report("r1", note: "one", at: 1_780_000_000_000))
    _ = try a.engine.run()
    try a.store.reports.file(Self.report("r2", note: "two", at: 1_780_000_000_000))
    _ = try a.engine.run()
    let second = sync + "/devices/a/00000002.jsonl.gz"
    let whole = try Data(contentsOf: URL(fileURLWithPath: second))
    try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: second))
    let partial = try b.engine.run()
    #expect(
      partial.skipped.map(\.description) == [second + ": the gzip data ends early (truncated)"])
    #expect(try b.store.reports.list().map(\.id) == ["r1"])
    #expect(try b.store.sync.mergedSegments() == ["a": 1])
    // The engine finishes copying it.
    try whole.write(to: URL(fileURLWithPath: second))
    let later = try b.engine.run()
    #expect(later.skipped.isEmpty && later.applied == 1)
    #expect(try b.store.reports.list().map(\.id).sorted() == ["r1", "r2"])
    // A segment of a later format waits for a later Dispatch, without stopping the rest.
    let newer =
      #"{"v": 2, "stamp": "0001780000000000-00000000-c", "kind": "report", "id": "x", "op": "put"}"#
    try FileManager.default.createDirectory(
      atPath: sync + "/devices/c", withIntermediateDirectories: true)
    try Data(Gzip.compress(Array(newer.utf8))).write(
      to: URL(fileURLWithPath: sync + "/devices/c/00000001.jsonl.gz"))
    let skipped = try b.engine.run().skipped
    #expect(skipped.count == 1 && skipped[0].description.contains("format 2 is newer"))
  }

  @Test func `segments every device merged become one snapshot, which a new device reads`()
    throws
  {
    let folder = try TemporaryDirectory()
    let sync = folder.file("sync")
    let a = try Device(folder, name: "a", skew: 0, sync: sync)
    let b = try Device(folder, name: "b", skew: 0, sync: sync)
    a.compactionRun = 3
    for index in 1...5 {
      a.tick(1_000)
      try a.store.reports.file(Self.report("r\(index)", note: "n\(index)", at: 1_780_000_000_000))
      if index == 4 { try a.store.reports.removeReport(id: "r2") }
      #expect(try a.engine.run().compacted == nil)
    }
    // b has not merged them: a keeps its segments.
    #expect(SyncFolder(path: sync).segments(of: "a") == [1, 2, 3, 4, 5])
    _ = try b.engine.run()
    #expect(SyncFolder(path: sync).merged(by: "b") == ["a": 5])
    #expect(try a.engine.run().compacted == 5)
    let files = try FileManager.default.contentsOfDirectory(atPath: sync + "/devices/a").sorted()
    #expect(files == ["device.json", "merged.json", "snapshot-00000005.jsonl.gz"])
    // A device that joins later reads the snapshot, deletion included, and what follows.
    a.tick(1_000)
    try a.store.reports.file(Self.report("r6", note: "n6", at: 1_780_000_000_000))
    _ = try a.engine.run()
    let c = try Device(folder, name: "c", skew: 0, sync: sync)
    _ = try c.engine.run()
    #expect(try c.reports() == a.reports())
    #expect(try c.store.reports.list().map(\.id).sorted() == ["r1", "r3", "r4", "r5", "r6"])
    // b, which had merged the segments, reads only the new one.
    let later = try b.engine.run()
    #expect(later.read == 1 && later.applied == 1)
    #expect(try b.reports() == a.reports())
    let device = try #require(try c.store.sync.device())
    let status = SyncStatus.read(store: c.store, device: device)
    #expect(status.others.first { $0.id == "a" }?.merged == 6)
  }

  @Test func `a device away for months comes back to everything, and held compaction back`()
    throws
  {
    let folder = try TemporaryDirectory()
    let sync = folder.file("sync")
    let a = try Device(folder, name: "a", skew: 0, sync: sync)
    let b = try Device(folder, name: "b", skew: 0, sync: sync)
    let away = try Device(folder, name: "away", skew: -86_400_000, sync: sync)
    try away.store.reports.file(Self.report("before", note: "filed before leaving", at: 1))
    _ = try away.engine.run()
    a.compactionRun = 10
    // Four months of a filing, editing and deleting, syncing with b every day.
    for day in 0..<120 {
      a.tick(86_400_000)
      b.tick(86_400_000)
      try a.store.reports.file(
        Self.report("day-\(day)", note: "day \(day)", at: a.clock.instant.milliseconds))
      if day % 7 == 3 { try a.store.reports.removeReport(id: "day-\(day - 1)") }
      if day % 5 == 4 {
        try b.store.reports.file(Self.report("day-\(day - 2)", note: "edited on b", at: 1))
      }
      _ = try a.engine.run()
      _ = try b.engine.run()
    }
    // The device away never merged a's segments: a kept every one of them.
    #expect(SyncFolder(path: sync).snapshot(of: "a") == nil)
    #expect(SyncFolder(path: sync).segments(of: "a").count >= 120)
    away.tick(120 * 86_400_000)
    _ = try away.engine.run()
    _ = try a.engine.run()
    _ = try b.engine.run()
    for device in [a, b] { #expect(try device.reports() == away.reports()) }
    #expect(try away.reports().count > 100)
    // Now that it is back, a compacts.
    #expect(SyncFolder(path: sync).snapshot(of: "a") != nil)
  }

  @Test func `a device ID already in the folder and a folder that cannot be written are refused`()
    throws
  {
    let folder = try TemporaryDirectory()
    let sync = folder.file("sync")
    _ = try Device(folder, name: "a", skew: 0, sync: sync)
    let other = try DispatchStore(path: folder.file("other.sqlite"), access: .write)
    let engine = SyncEngine(store: other, environment: .current)
    #expect(throws: DispatchError.self) { try engine.setUp(folder: sync, name: "a", id: "a") }
    #expect(try other.sync.device() == nil)
    let file = folder.file("plain-file")
    try Data("x".utf8).write(to: URL(fileURLWithPath: file))
    #expect(throws: DispatchError.self) { try engine.setUp(folder: file + "/sync", name: "b") }
    #expect(throws: DispatchError.self) { _ = try engine.run() }
    #expect(SyncEngine.newDeviceID(name: "Laptop A (home)").hasPrefix("laptop-a-home-"))
  }
}
