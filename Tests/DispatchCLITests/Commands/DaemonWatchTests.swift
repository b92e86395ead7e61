import Foundation
import Testing

/// What the daemon notices beyond the clock: Health exports dropped into a folder, and the
/// NetworkManager script for machines where it does not run (docs/daemon.md).
extension DaemonCommandTests {
  static let fixtureExport = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("DispatchKitTests/Fixtures/apple-health/export.xml").path

  /// Puts a copy of `source` (or `text`) in `folder` under `name`, written a minute ago so it
  /// counts as settled.
  func drop(_ name: String, in folder: String, from source: String? = nil, text: String = "")
    throws
  {
    let path = folder + "/" + name
    if let source {
      try FileManager.default.copyItem(atPath: source, toPath: path)
    } else {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(-60)], ofItemAtPath: path)
  }

  @Test func `an export dropped in the health folder is imported once and prompts its workout`()
    throws
  {
    let cli = try sandbox(reply: "")
    try cli.succeed([
      "groups", "add", "After a workout", "--on", "workout-end", "--question", "Are you working?",
    ])
    let folder = cli.path("phone")
    try cli.fail(
      ["settings", "set", "health-folder", folder], status: 66, message: "is not a folder")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try cli.succeed(["settings", "set", "health-folder", folder])
    try drop("export.xml", in: folder, from: Self.fixtureExport)
    try drop("notes.json", in: folder, text: "{\"not\": \"an export\"}")
    // A sync engine's temporary file and one still being written are left alone.
    try drop(".syncthing.export.zip.tmp", in: folder, text: "partial")
    try Data("fresh".utf8).write(to: URL(fileURLWithPath: folder + "/new.json"))

    // Ten minutes after the fixture's second workout ended (08:11:36 -04:00).
    let now: [String: String?] = ["DISPATCH_NOW": "2024-03-10T12:21:36Z"]
    let first = try cli.succeed(["daemon", "--once"], environment: now)
    let lines = first.stdoutLines.map { String($0.dropFirst(17)) }
    #expect(
      lines.contains { $0.hasPrefix("imported export.xml from the health folder: added ") },
      "\(first)")
    #expect(lines.contains { $0.contains("workouts") }, "\(first)")
    #expect(
      lines.contains { $0.hasPrefix("could not import notes.json from the health folder: ") },
      "\(first)")
    #expect(
      lines.contains {
        $0.hasPrefix("fired 'After a workout' due 12:11 [gprompt-")
          && $0.hasSuffix("] for a workout that just ended")
      }, "\(first)")
    #expect(!first.stdout.contains("syncthing") && !first.stdout.contains("new.json"))
    #expect(try cli.succeed(["query", "workouts", "--count"]).stdout == "2\n")

    // The next look reads nothing again: each version of a file once.
    let second = try cli.succeed(["daemon", "--once"], environment: now)
    #expect(second.stdoutLines.count == 1 && second.stdout.contains("nothing due; next: "))
  }

  @Test func `the network script looks once as the user on up and down, and only then`() throws {
    let cli = try sandbox(reply: "")
    let printed = try cli.succeed(["daemon", "network-script"])
    #expect(printed.stdout.hasPrefix("#!/bin/sh\n"))
    #expect(printed.stdout.contains(" --store \(cli.defaultStore) daemon --once"))
    let script = cli.path("90-dispatch")
    try executable(script, printed.stdout)
    // runuser, flock and logger stubbed: runuser records what it would run.
    let bin = cli.path("machine/bin")
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    try executable(bin + "/runuser", "#!/bin/sh\necho \"$@\" >> \(cli.path("ran.log"))\n")
    try executable(bin + "/logger", "#!/bin/sh\ncat >/dev/null\n")
    try executable(bin + "/flock", "#!/bin/sh\nexit ${FLOCK_STATUS:-0}\n")
    func run(_ action: String, flockStatus: String = "0") throws -> String {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = [script, "wlan0", action]
      process.environment = ["PATH": bin + ":/usr/bin:/bin", "FLOCK_STATUS": flockStatus]
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
      let log = String(decoding: cli.contents(cli.path("ran.log")) ?? Data(), as: UTF8.self)
      try? FileManager.default.removeItem(atPath: cli.path("ran.log"))
      return log
    }
    let up = try run("up")
    #expect(up.hasPrefix("-u \(NSUserName()) -- env XDG_RUNTIME_DIR=/run/user/\(getuid()) "))
    #expect(up.hasSuffix(" daemon --once\n"))
    #expect(try run("down").hasSuffix(" daemon --once\n"))
    // Other actions, and a running daemon (its lock taken), do nothing.
    #expect(try run("vpn-up").isEmpty)
    #expect(try run("up", flockStatus: "1").isEmpty)
  }
}
