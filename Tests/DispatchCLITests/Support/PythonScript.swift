import Foundation
import Testing

/// A Python 3 script of `Tests/` (the browser scripts, the Syncthing pair) run to completion:
/// it prints one JSON object on standard output, and its step log (standard error) goes to a
/// file, so a full pipe can never stall it and a failure says which step failed or was slow.
enum PythonScript {
  /// The `Tests` folder of the package.
  static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Runs `script` with `arguments`, killed after `limit` seconds timed from its start (a
  /// test's `.timeLimit` counts from when the test is queued, and can pass before it runs at
  /// all), and returns what it printed; `log` keeps its standard error.
  static func run(_ script: URL, _ arguments: [String], log: URL, limit: Double) throws -> Data {
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    child.arguments = [script.path] + arguments
    let output = Pipe()
    child.standardOutput = output
    child.standardError = try FileHandle(forWritingTo: log)
    try child.run()
    let watchdog = DispatchWorkItem { if child.isRunning { child.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + limit, execute: watchdog)
    let seen = output.fileHandleForReading.readDataToEndOfFile()
    child.waitUntilExit()
    watchdog.cancel()
    let steps = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    try #require(
      child.terminationStatus == 0,
      "\(script.lastPathComponent) failed (status \(child.terminationStatus)):\n\(steps)")
    return seen
  }
}
