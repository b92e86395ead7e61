import Foundation
import Testing

/// A Selenium script of `Tests/Browser` run against a `dispatch serve`: Debian's Chromium
/// through chromium-driver, from python3-selenium (`.ci/run` installs them). The script prints
/// one JSON object with what it saw; its step log goes to a file.
enum SeleniumScript {
  static let folder = PythonScript.testsFolder.appendingPathComponent("Browser")
  /// Screenshots, kept as CI artifacts.
  static let artifacts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent(".build/artifacts/serve")

  static let isInstalled: Bool = {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver"),
      FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium")
    else { return false }
    let probe = Process()
    probe.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    probe.arguments = ["-c", "import selenium"]
    probe.standardError = FileHandle.nullDevice
    guard (try? probe.run()) != nil else { return false }
    probe.waitUntilExit()
    return probe.terminationStatus == 0
  }()

  /// Alone a script takes 10–15 s; inside the whole parallel suite on two cores it can take
  /// minutes. It is killed after `limit`, timed from its start (a test's `.timeLimit` counts
  /// from when the test is queued, and can pass before it runs at all).
  static let limit: Double = 480

  /// Runs `name` with `arguments` and returns what it printed; its step log is kept in
  /// `logFolder` (``PythonScript``).
  static func run(_ name: String, _ arguments: [String], logFolder: String) throws -> Data {
    try PythonScript.run(
      folder.appendingPathComponent(name), arguments + ["--artifacts", artifacts.path],
      log: URL(fileURLWithPath: logFolder).appendingPathComponent(name + ".log"), limit: limit)
  }
}
