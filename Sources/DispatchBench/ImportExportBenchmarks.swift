import DispatchKit
import Foundation

extension BenchmarkSuite {
  /// `dispatch import` of a synthetic Reporter 2.x history (ten years, one with `--quick`) into
  /// a fresh store, then `dispatch export --format v2` of that store: wall time (median of 3)
  /// and the child's peak memory. The peer is Python's `json.load` of the same file, the
  /// parse-only floor.
  static let reporterImportExport = Benchmark(name: "import and v2 export: Reporter history") {
    context in
    guard let binary = context.dispatchBinary else {
      throw BenchFailure("build the CLI first: swift build -c release --product dispatch")
    }
    let days = context.quick ? 365 : 3650
    let years = days / 365
    let file = context.workspace.appendingPathComponent("reporter-history.json").path
    let store = context.workspace.appendingPathComponent("import.sqlite").path
    let summaryPath = context.workspace.appendingPathComponent("import-summary.json").path
    let generated = try writeHistory(days: days, to: file)

    let imported = try ChildMeter.median(
      runs: 3, prepare: { removeStore(store) },
      {
        try ChildMeter.run(
          binary.path, ["import", file, "--store", store, "--json"], stdout: summaryPath)
      })
    let counts = try summaryCounts(summaryPath)
    let reports = counts["reportsImported"] ?? -1
    let responses = counts["responsesImported"] ?? -1
    let countCheck =
      reports == generated.snapshots && responses == generated.responses
      ? "as generated" : "EXPECTED \(generated.snapshots) / \(generated.responses)"
    FileHandle.standardError.write(
      Data(
        "  import --json: reportsImported \(reports), responsesImported \(responses), questionsImported \(counts["questionsImported"] ?? -1), skipped \(counts["skipped"] ?? -1) (\(countCheck))\n"
          .utf8))
    let parseOnly = try? pythonParse(file)

    var importTime = BenchResult(
      name: "import: \(years)-year Reporter history", value: imported.seconds, unit: "s",
      detail: String(
        format:
          "%.1f MiB Reporter 2.x JSON; --json summary: %d reports, %d responses, %d questions (%@); median of 3, fresh store each, process start to exit",
        generated.mebibytes, reports, responses, counts["questionsImported"] ?? -1, countCheck))
    var importMemory = BenchResult(
      name: "import: \(years)-year Reporter history, peak RSS", value: imported.peakMiB ?? 0,
      unit: "MiB", detail: imported.method)
    if let parseOnly {
      importTime.peerName = "python3 json.load"
      importTime.peerValue = parseOnly.seconds
      if let peak = parseOnly.peakMiB {
        importMemory.peerName = "python3 json.load"
        importMemory.peerValue = peak
      }
    }
    var results = [importTime]
    if imported.peakMiB != nil { results.append(importMemory) }
    results += try exportV2(binary: binary, store: store, context: context, years: years)
    return results
  }

  /// `dispatch export --format v2` of `store`, or `store.export(.v2)` in process when the
  /// command is not there.
  private static func exportV2(binary: URL, store: String, context: BenchContext, years: Int)
    throws -> [BenchResult]
  {
    let output = context.workspace.appendingPathComponent("export-v2.json").path
    let name = "v2 export: \(years)-year Reporter history"
    do {
      let exported = try ChildMeter.median(
        runs: 3, prepare: { try? FileManager.default.removeItem(atPath: output) },
        {
          try ChildMeter.run(
            binary.path, ["export", "--format", "v2", "-o", output, "--store", store])
        })
      let size = Double(fileSize(output)) / 1_048_576
      var results = [
        BenchResult(
          name: name, value: exported.seconds, unit: "s",
          detail: String(
            format: "dispatch export --format v2 -o FILE, %.1f MiB written; median of 3", size))
      ]
      if let peak = exported.peakMiB {
        results.append(
          BenchResult(name: name + ", peak RSS", value: peak, unit: "MiB", detail: exported.method))
      }
      return results
    } catch {
      FileHandle.standardError.write(
        Data("  dispatch export failed (\(error)); timing store.export(.v2) in process\n".utf8))
      let opened = try DispatchStore(path: store, access: .read)
      var size = 0
      let seconds = try Stopwatch.median(runs: 3) {
        if case .file(let bytes) = try opened.export(.v2) { size = bytes.count }
      }
      return [
        BenchResult(
          name: name + " (in process)", value: seconds, unit: "s",
          detail: String(
            format: "store.export(.v2) in process (the export command failed), %.1f MiB",
            Double(size) / 1_048_576))
      ]
    }
  }

  /// Writes the synthetic export and returns its counts; the generated value is freed here.
  private static func writeHistory(days: Int, to path: String) throws
    -> (snapshots: Int, responses: Int, mebibytes: Double)
  {
    let made = SyntheticReporterExport.make(days: days)
    try Data(made.bytes).write(to: URL(fileURLWithPath: path))
    return (made.snapshots, made.responses, Double(made.bytes.count) / 1_048_576)
  }

  /// Removes a store file and its write-ahead log.
  private static func removeStore(_ path: String) {
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
  }

  /// The integer counters of an import summary (`dispatch import --json`).
  private static func summaryCounts(_ path: String) throws -> [String: Int] {
    guard let data = FileManager.default.contents(atPath: path),
      let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { throw BenchFailure("dispatch import --json printed no summary") }
    return object.compactMapValues { $0 as? Int }
  }

  /// Python's `json.load` of `file` (the real interpreter, not a version-manager shim).
  private static func pythonParse(_ file: String) throws -> ChildMeasurement {
    guard let python = ProcessRunner.find("python3") else { throw BenchFailure("no python3") }
    let executableFile = FileManager.default.temporaryDirectory
      .appendingPathComponent("dispatch-bench-python-\(getpid())")
    defer { try? FileManager.default.removeItem(at: executableFile) }
    try ProcessRunner.run(
      python, ["-c", "import sys; print(sys.executable)"], stdout: executableFile)
    let resolved =
      (try? String(contentsOf: executableFile, encoding: .utf8))?
      .trimmingCharacters(in: .whitespacesAndNewlines) ?? python.path
    let interpreter = resolved.isEmpty ? python.path : resolved
    return try ChildMeter.median(runs: 3) {
      try ChildMeter.run(
        interpreter, ["-c", "import json, sys; json.load(open(sys.argv[1], 'rb'))", file])
    }
  }

  private static func fileSize(_ path: String) -> Int {
    (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
  }
}
