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
    guard written.written == count, merged.applied == count else {
      throw BenchFailure("wrote \(written.written) and merged \(merged.applied) of \(count)")
    }
    let segment = folder + "/devices/a/00000001.jsonl.gz"
    let bytes = (try FileManager.default.attributesOfItem(atPath: segment)[.size] as? Int) ?? 0
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
    ]
  }
}
