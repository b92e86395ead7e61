import Foundation

extension BenchmarkSuite {
  /// Sync over real Syncthing on loopback (`Tests/Syncthing/pair.py`, the integration test's
  /// script): two Syncthing instances that know only each other share one folder (watcher
  /// delay 1 s), two stores are devices of it. Ten times: `dispatch report` on A, `dispatch
  /// sync` on A, and B runs `dispatch sync` and looks for the report every 0.2 s; the time runs
  /// from just before the report on A to the report in B's store. Then one report from B to
  /// A. Skipped, with a note, where Syncthing is not installed.
  static let syncthing = Benchmark(name: "syncthing") { context in
    guard let binary = context.dispatchBinary else {
      throw BenchFailure("build the CLI first: swift build -c release --product dispatch")
    }
    guard ProcessRunner.find("syncthing") != nil else {
      throw BenchFailure(
        "syncthing is not installed (apt-get install syncthing): no figure for sync over Syncthing"
      )
    }
    guard let python = ProcessRunner.find("python3") else { throw BenchFailure("no python3") }
    let script = try pairScript()
    let reports = 10
    let output = context.workspace.appendingPathComponent("syncthing-pair.json")
    let log = context.workspace.appendingPathComponent("syncthing-pair.log")
    let status = try runLogged(
      python,
      [
        script, "--dispatch", binary.path, "--work",
        context.workspace.appendingPathComponent("syncthing").path, "--reports", String(reports),
      ], stdout: output, stderr: log)
    guard status == 0 else {
      let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      throw BenchFailure(
        "pair.py exited \(status): " + (said.split(separator: "\n").first.map(String.init) ?? ""))
    }
    guard let data = FileManager.default.contents(atPath: output.path),
      let seen = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let timings = seen["timings"] as? [Double], timings.count == reports,
      let backwards = seen["b_to_a"] as? Double
    else { throw BenchFailure("pair.py printed no timings") }
    let sorted = timings.sorted()
    let median = (sorted[(reports - 1) / 2] + sorted[reports / 2]) / 2
    let version = seen["syncthing_version"] as? String ?? "?"
    let setting = "Syncthing \(version) on loopback, watcher delay 1 s, B polls every 0.2 s"
    return [
      BenchResult(
        name: "syncthing: report on A to B's store, median", value: median, unit: "s",
        detail: "\(reports) reports, fastest " + String(format: "%.2f s; ", sorted[0]) + setting),
      BenchResult(
        name: "syncthing: report on A to B's store, slowest", value: sorted[reports - 1],
        unit: "s",
        detail: "of the same \(reports): "
          + timings.map { String(format: "%.2f", $0) }.joined(separator: ", ")),
      BenchResult(
        name: "syncthing: report on B to A's store", value: backwards, unit: "s",
        detail: "one report, the other way"),
    ]
  }

  /// `Tests/Syncthing/pair.py` of the package this was built from, or of the working folder.
  private static func pairScript() throws -> String {
    let relative = "Tests/Syncthing/pair.py"
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    for candidate in [root.appendingPathComponent(relative).path, relative]
    where FileManager.default.fileExists(atPath: candidate) {
      return candidate
    }
    throw BenchFailure("cannot find \(relative): run dispatch-bench from the package root")
  }

  /// Runs `executable` with its output and errors in files; returns its exit status.
  private static func runLogged(
    _ executable: URL, _ arguments: [String], stdout: URL, stderr: URL
  ) throws -> Int32 {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    for file in [stdout, stderr] {
      _ = FileManager.default.createFile(atPath: file.path, contents: nil)
    }
    process.standardOutput = try FileHandle(forWritingTo: stdout)
    process.standardError = try FileHandle(forWritingTo: stderr)
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }
}
