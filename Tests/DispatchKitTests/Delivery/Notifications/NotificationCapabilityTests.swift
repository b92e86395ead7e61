import DispatchKit
import Foundation
import Testing

/// Detecting whether notify-send and the notification server support actions.
struct NotificationCapabilityTests {
  static let versionCall = ["notify-send", "--version"]
  static let capabilitiesCall = [
    "gdbus", "call", "--session", "--timeout", "5", "--dest", "org.freedesktop.Notifications",
    "--object-path", "/org/freedesktop/Notifications", "--method",
    "org.freedesktop.Notifications.GetCapabilities",
  ]
  static let capabilitiesKey = capabilitiesCall.joined(separator: " ")
  static let gnomeCapabilities = "(['actions', 'body', 'body-markup', 'persistence'],)\n"

  @Test(arguments: [
    ("notify-send 0.8.1\n", [0, 8, 1] as [Int]?), ("/usr/bin/notify-send 0.7.9", [0, 7, 9]),
    ("notify-send 0.8.3-rc1", [0, 8, 3]), ("notify-send 1.0", [1, 0]),
    ("notify-send: unknown option --version", nil), ("", nil),
  ])
  func `the version is read from notify-send --version`(output: String, version: [Int]?) {
    #expect(NotifySendCapabilities.parseVersion(output) == version)
  }

  @Test(arguments: [
    ([0, 7, 9], false), ([0, 7, 10], true), ([0, 7], false), ([0, 8], true), ([0, 8, 1], true),
    ([1], true), ([0, 6, 99], false),
  ])
  func `actions need notify-send 0.7.10 or later`(version: [Int], supported: Bool) {
    #expect(NotifySendCapabilities.versionSupportsActions(version) == supported)
  }

  @Test(arguments: [
    (gnomeCapabilities, ["actions", "body", "body-markup", "persistence"] as [String]?),
    ("(@as [],)", []), (#"(["it's", 'a\'b'],)"#, ["it's", "a'b"]),
    ("Error: GDBus.Error:org.freedesktop.DBus.Error.ServiceUnknown", nil),
  ])
  func `server capabilities are read from gdbus output`(output: String, expected: [String]?) {
    #expect(NotifySendCapabilities.parseServerCapabilities(output) == expected)
  }

  @Test func `a current notify-send with an actions server supports actions`() {
    let runner = RecordingCommandRunner([
      "notify-send --version": (0, "notify-send 0.8.1\n"),
      Self.capabilitiesKey: (0, Self.gnomeCapabilities),
    ])
    let detected = NotifySendCapabilities.detect(runner: runner)
    #expect(runner.calls == [Self.versionCall, Self.capabilitiesCall])
    #expect(
      detected
        == NotifySendCapabilities(
          isAvailable: true, version: [0, 8, 1],
          serverCapabilities: ["actions", "body", "body-markup", "persistence"]))
    #expect(detected.supportsActions)
  }

  @Test func `missing notify-send is unavailable and asks nothing more`() {
    let runner = RecordingCommandRunner(["notify-send --version": (127, "")])
    let detected = NotifySendCapabilities.detect(runner: runner)
    #expect(runner.calls == [Self.versionCall])
    #expect(!detected.isAvailable && !detected.supportsActions)
  }

  @Test(arguments: [
    ("notify-send 0.7.9", 0 as Int32, gnomeCapabilities),
    ("notify-send 0.8.1", 0, "(['body', 'persistence'],)"),
    ("notify-send 0.8.1", 127, ""), ("notify-send 0.8.1", 1, ""),
  ])
  func `an old notify-send or a server without actions gets plain notifications`(
    version: String, gdbusStatus: Int32, capabilities: String
  ) {
    let runner = RecordingCommandRunner([
      "notify-send --version": (0, version), Self.capabilitiesKey: (gdbusStatus, capabilities),
    ])
    let detected = NotifySendCapabilities.detect(runner: runner)
    #expect(detected.isAvailable)
    #expect(!detected.supportsActions)
  }

  @Test func `the process runner returns status and output, and 127 when missing`() throws {
    let runner = ProcessCommandRunner(environment: ["PATH": "/usr/bin:/bin"])
    let result = try runner.run("sh", ["-c", "printf 'out'; printf 'err' >&2; exit 3"])
    #expect(result.status == 3 && result.stdout == "out")
    #expect(try runner.run("dispatch-test-no-such-program", []).status == 127)
    #expect(try runner.run("/nonexistent/notify-send", ["--version"]).status == 127)
  }

  @Test func `programs are looked up on the given PATH`() throws {
    let directory = try TemporaryDirectory()
    let tool = directory.file("tool")
    try NotificationSandbox.makeExecutable(tool, "#!/bin/sh\necho \"$1\"\n")
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: tool)
    #expect(ProcessCommandRunner.locate("tool", searchPath: directory.path) == nil)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool)
    #expect(ProcessCommandRunner.locate("tool", searchPath: "/x:" + directory.path) == tool)
    let runner = ProcessCommandRunner(environment: ["PATH": directory.path])
    #expect(try runner.run("tool", ["hi"]).stdout == "hi\n")
  }
}
