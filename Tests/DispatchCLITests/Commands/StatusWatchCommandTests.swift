import Foundation
import Testing

/// `dispatch status --watch` end to end (docs/status-line.md#without-polling): a line at once,
/// another when a report is filed from another process, and nothing between.
@Suite("status --watch")
struct StatusWatchCommandTests {
  /// The lines `path` holds once it has at least `count` of them, waiting up to 30 s.
  private func lines(in path: String, atLeast count: Int) -> [String] {
    let deadline = Date().addingTimeInterval(30)
    var lines: [String] = []
    while Date() < deadline {
      let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
      lines = text.split(separator: "\n").map(String.init)
      if lines.count >= count { break }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return lines
  }

  @Test func `prints the line, then a new one when a report is filed, and nothing else`() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    try cli.succeed(["settings", "set", "random-prompts", "off"])
    let outPath = cli.path("watch.out")
    try Data().write(to: URL(fileURLWithPath: outPath))
    let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
    let watcher = Process()
    watcher.executableURL = CLISandbox.executable
    watcher.arguments = ["status", "--watch", "--format", "tmux"]
    watcher.environment = cli.environment
    watcher.standardOutput = output
    watcher.standardError = FileHandle.nullDevice
    try watcher.run()
    defer {
      watcher.terminate()
      watcher.waitUntilExit()
    }
    #expect(lines(in: outPath, atLeast: 1) == ["no reports"])
    // A status read or a write to an unrelated file in the store's folder changes nothing.
    try cli.succeed(["status"])
    try Data("x".utf8).write(to: URL(fileURLWithPath: cli.root + "/data/dispatch/notes.txt"))
    Thread.sleep(forTimeInterval: 0.5)
    #expect(lines(in: outPath, atLeast: 1) == ["no reports"])
    try cli.succeed(["report", "--answer", "Who are you with?=Ann", "--no-sensors"])
    #expect(lines(in: outPath, atLeast: 2) == ["no reports", "just now · 1 today · 1d"])
    #expect(watcher.isRunning)
  }

  @Test func `a missing store fails at once, as a plain status does`() throws {
    let cli = try CLISandbox()
    try cli.fail(["status", "--watch"], status: 66, message: "no store at")
  }
}
