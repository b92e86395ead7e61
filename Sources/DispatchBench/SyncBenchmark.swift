import DispatchKit
import Foundation

extension BenchmarkSuite {
  /// Sync (issue "18 · Sync over Syncthing"): one device writes its whole history into the
  /// sync folder, another merges it (target < 5 s for 100,000 reports), and the journal's
  /// compressed bytes per report (target < 400 B).
  static let sync = Benchmark(name: "sync") { context in
    let count = context.reportCount
    let folder = context.workspace.appendingPathComponent("sync").path
    let writer = try SyntheticHistory.makeStore(
      at: context.workspace.appendingPathComponent("sync-a.sqlite").path, count: count)
    let reader = try DispatchStore(
      path: context.workspace.appendingPathComponent("sync-b.sqlite").path, access: .write)
    let environment = RunEnvironment.current
    let a = SyncEngine(store: writer, environment: environment)
    let b = SyncEngine(store: reader, environment: environment)
    try a.setUp(folder: folder, name: "a", id: "a")
    try b.setUp(folder: folder, name: "b", id: "b")
    var written = SyncSummary()
    let writeSeconds = try Stopwatch.time { written = try a.run() }
    var merged = SyncSummary()
    let mergeSeconds = try Stopwatch.time { merged = try b.run() }
    let (wrote, applied) = (written.writtenByKind["report"], merged.appliedByKind["report"])
    guard wrote == count, applied == count else {
      throw BenchFailure("wrote \(wrote ?? 0) and merged \(applied ?? 0) of \(count) reports")
    }
    let segment = folder + "/devices/a/00000001.jsonl.gz"
    let bytes = (try FileManager.default.attributesOfItem(atPath: segment)[.size] as? Int) ?? 0
    let demo = try demoJournal(context)
    return [
      BenchResult(
        name: "sync: write \(count) reports into a segment", value: writeSeconds, unit: "s",
        detail: String(format: "%.0f reports/s", Double(count) / writeSeconds)),
      BenchResult(
        name: "sync: merge another device's \(count) reports (target < 5 s)", value: mergeSeconds,
        unit: "s", detail: String(format: "%.0f reports/s", Double(count) / mergeSeconds)),
      BenchResult(
        name: "sync: journal bytes per report, gzip (target < 400 B)",
        value: Double(bytes) / Double(count), unit: "B",
        detail: "\(bytes / 1024) KiB for \(count) reports with 7 answers each and their context"),
      BenchResult(
        name: "sync: journal bytes per report, the demo's history (target < 400 B)",
        value: Double(demo.bytes) / Double(demo.reports), unit: "B",
        detail: "\(demo.bytes / 1024) KiB for \(demo.reports) reports with full context and "
          + "\(demo.others) other records; \(demo.identifierBytes) B of each report's share is "
          + "its random IDs"),
    ]
  }

  /// The first segment of the history `dispatch demo` makes (reports with weather, location,
  /// health and photos, moods, activities, doses…): its size, its reports and other records,
  /// and what its UUIDs alone cost per report once compressed.
  private static func demoJournal(_ context: BenchContext) throws -> (
    bytes: Int, reports: Int, others: Int, identifierBytes: Int
  ) {
    let store = try DispatchStore(
      path: context.workspace.appendingPathComponent("sync-demo.sqlite").path, access: .write)
    let today = CivilTime(milliseconds: RunEnvironment.current.now().milliseconds, offsetSeconds: 0)
    guard let demo = DemoConfiguration(asOf: today.dateText) else {
      throw BenchFailure("no demo history as of \(today.dateText)")
    }
    _ = try DemoHistory.populate(store, configuration: demo, health: false)
    let folder = context.workspace.appendingPathComponent("sync-demo").path
    let engine = SyncEngine(store: store, environment: .current)
    try engine.setUp(folder: folder, name: "demo", id: "demo")
    let summary = try engine.run()
    let segment = folder + "/devices/demo/00000001.jsonl.gz"
    let data = try Data(contentsOf: URL(fileURLWithPath: segment))
    let reports = summary.writtenByKind["report"] ?? 0
    // The same lines with every UUID blanked: the difference is what the IDs cost.
    let text = String(decoding: try Gzip.decompress(Array(data)), as: UTF8.self)
    let blanked = text.replacingOccurrences(
      of: "[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}", with: "",
      options: .regularExpression)
    let saved = data.count - Gzip.compress(Array(blanked.utf8)).count
    return (data.count, reports, summary.written - reports, saved / max(reports, 1))
  }
}
