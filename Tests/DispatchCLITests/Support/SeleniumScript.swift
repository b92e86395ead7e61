import Foundation
import Testing

/// A Selenium script of `Tests/Browser` run against a `dispatch serve`: Debian's Chromium
/// through chromium-driver, from python3-selenium (`.ci/run` installs them). The script prints
/// one JSON object with what it saw; its step log goes to a file.
enum SeleniumScript {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Browser")
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

  /// Runs `name` with `arguments` and returns what it printed; its step log (stderr, kept in
  /// `logFolder` so a full pipe can never stall it) says which step failed or was slow.
  static func run(_ name: String, _ arguments: [String], logFolder: String) throws -> Data {
    let log = URL(fileURLWithPath: logFolder).appendingPathComponent(name + ".log")
    FileManager.default.createFile(atPath: log.path, contents: nil)
    let browser = Process()
    browser.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    browser.arguments =
      [folder.appendingPathComponent(name).path] + arguments
      + ["--artifacts", artifacts.path]
    let output = Pipe()
    browser.standardOutput = output
    browser.standardError = try FileHandle(forWritingTo: log)
    try browser.run()
    let watchdog = DispatchWorkItem { if browser.isRunning { browser.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + limit, execute: watchdog)
    let seen = output.fileHandleForReading.readDataToEndOfFile()
    browser.waitUntilExit()
    watchdog.cancel()
    let steps = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    try #require(
      browser.terminationStatus == 0,
      "\(name) failed (status \(browser.terminationStatus)):\n\(steps)")
    return seen
  }
}
