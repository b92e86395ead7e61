import DispatchSupport
import Foundation
import Testing

/// The daemon, notification actions, reports from prompts and compliance, end to end through
/// the built binary with a hook notifier (docs/daemon.md#what-it-does). The clock is DISPATCH_NOW;
/// compatible seeding in UTC puts 2026-07-08's first prompt at 11:38:42.810
/// (docs/schedule.md#reference-vectors).
@Suite("daemon and compliance")
struct DaemonCommandTests {
  struct ComplianceJSON: Decodable {
    struct Total: Decodable {
      let fired: Int
      let answered: Int
      let missed: Int
      let medianDelaySeconds: Double?
    }
    let total: Total
  }

  /// A sandbox whose hook appends the prompt's environment to `hook.log` and answers with
  /// `reply` (nothing for an empty reply).
  func sandbox(reply: String) throws -> CLISandbox {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    for (name, value) in [
      ("seeding", "compatible"), ("time-zone", "UTC"), ("notifier", "hook"),
      ("hook", cli.path("hook.sh")),
    ] {
      try cli.succeed(["settings", "set", name, value])
    }
    let script = """
      #!/bin/sh
      printf '%s|%s|%s\\n' "$DISPATCH_PROMPT_ID" "$DISPATCH_BODY" "$DISPATCH_ACTIONS" >> \(cli.path("hook.log"))
      \(reply.isEmpty ? "" : "echo \(reply)")
      """
    try executable(cli.path("hook.sh"), script)
    return cli
  }

  /// Writes a stub program.
  func executable(_ path: String, _ script: String) throws {
    try Data(script.utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
  }

  func at(_ time: String) -> [String: String?] { ["DISPATCH_NOW": "2026-07-08T\(time)Z"] }

  /// Waits (briefly) for the detached hook and the `dispatch act` it runs to finish.
  func waitFor(_ condition: () throws -> Bool) rethrows {
    for _ in 0..<100 where try !condition() { Thread.sleep(forTimeInterval: 0.05) }
  }

  func compliance(_ cli: CLISandbox, _ time: String) throws -> ComplianceJSON.Total {
    let result = try cli.succeed(["compliance", "--days", "1", "--json"], environment: at(time))
    return try JSONDecoder().decode(ComplianceJSON.self, from: Data(result.stdout.utf8)).total
  }

  @Test func `a due prompt reaches the hook once and its Yes files a quick answer`() throws {
    let cli = try sandbox(reply: "answer-yes")
    let first = try cli.succeed(["daemon", "--once"], environment: at("11:00:00"))
    #expect(first.stdout == "2026-07-08 11:00 nothing due; next: a random prompt at 11:38\n")
    let second = try cli.succeed(["daemon", "--once"], environment: at("11:38:50"))
    #expect(
      second.stdout == "2026-07-08 11:38 fired a random prompt due 11:38 [prompt-20260708-1138]\n")
    try waitFor { try compliance(cli, "11:40:00").answered == 1 }
    #expect(
      String(decoding: cli.contents(cli.path("hook.log")) ?? Data(), as: UTF8.self)
        == "prompt-20260708-1138|Are you working?|report,snooze,answer-yes,answer-no\n")
    let total = try compliance(cli, "11:40:00")
    #expect(total.fired == 1 && total.answered == 1 && total.missed == 0)
    // Fired once: another look at the same moment fires nothing.
    #expect(
      try cli.succeed(["daemon", "--once"], environment: at("11:39:00")).stdout
        == "2026-07-08 11:39 nothing due; next: a random prompt at 14:36\n")
    let reports = try cli.reports([])
    #expect(reports.count == 1)
    #expect(reports.first?.trigger == "notification")
  }

  @Test func `the daemon syncs when this device has changes or another device wrote`() throws {
    let cli = try sandbox(reply: "")
    let other: [String: String?] = ["DISPATCH_STORE": cli.root + "/other.sqlite"]
    try cli.succeed(["sync", "setup", "--folder", cli.path("Sync"), "--device-name", "desk"])
    try cli.succeed(["report", "-a", "Are you working?=yes"], environment: at("10:00:00"))
    let first = try cli.succeed(["daemon", "--once"], environment: at("11:00:00")).stdout
    // The report, and the questions and prompt groups `init` made.
    #expect(
      first.hasPrefix("2026-07-08 11:00 synced: wrote 9, merged 0 of 0 changes\n"), "\(first)")
    // Nothing new: no sync, no line.
    #expect(
      try cli.succeed(["daemon", "--once"], environment: at("11:01:00")).stdout
        == "2026-07-08 11:01 nothing due; next: a random prompt at 11:38\n")
    // Another device writes a segment: the next look merges it.
    try cli.succeed(["init"], environment: other)
    try cli.succeed(
      ["sync", "setup", "--folder", cli.path("Sync"), "--device-name", "phone"],
      environment: other)
    try cli.succeed(["report", "-a", "Are you working?=no"], environment: other)
    try cli.succeed(["sync"], environment: other)
    let merged = try cli.succeed(["daemon", "--once"], environment: at("11:02:00")).stdout
    // The phone's report; its default questions and groups are the same records as these.
    #expect(merged.hasPrefix("2026-07-08 11:02 synced: merged 1 of 8 changes\n"), "\(merged)")
    #expect(try cli.reports([]).count == 2)
  }

  @Test func `report --prompt answers the prompt, with trigger notification`() throws {
    let cli = try sandbox(reply: "")
    try cli.succeed(["daemon", "--once"], environment: at("11:00:00"))
    try cli.succeed(["daemon", "--once"], environment: at("11:38:50"))
    try cli.succeed(
      ["report", "--prompt", "prompt-20260708-1138", "--answer", "Are you working?=no"],
      environment: at("11:41:50"))
    let total = try compliance(cli, "11:45:00")
    #expect(total.answered == 1)
    #expect(total.medianDelaySeconds == 180)
    #expect(try cli.reports([]).first?.trigger == "notification")
  }

  @Test func `a suspend across two prompts fires the newest and logs the other as missed`()
    throws
  {
    let cli = try sandbox(reply: "")
    try cli.succeed(["daemon", "--once"], environment: at("11:00:00"))
    let result = try cli.succeed(["daemon", "--once"], environment: at("14:40:00"))
    #expect(
      result.stdout
        == "2026-07-08 14:40 fired a random prompt due 14:36 [prompt-20260708-1436]\n"
        + "2026-07-08 14:40 missed a random prompt due 11:38 [prompt-20260708-1138]: superseded\n"
    )
    let total = try compliance(cli, "14:41:00")
    #expect(total.fired == 1 && total.missed == 1)
  }

  @Test func `bad input to act, report --prompt, trigger and compliance`() throws {
    let cli = try sandbox(reply: "")
    try cli.fail(["act", "prompt-20990101-0000", "snooze"], status: 64, message: "no prompt")
    try cli.fail(["act", "prompt-x", "snoze"], status: 64, message: "did you mean 'snooze'")
    try cli.fail(
      ["report", "--prompt", "prompt-nope", "--answer", "Are you working?=no"], status: 64,
      message: "no prompt 'prompt-nope'")
    try cli.fail(["trigger", "arival"], status: 64, message: "did you mean 'arrival'")
    try cli.fail(["compliance", "--days", "0"], status: 64, message: "--days")
    #expect(
      try cli.succeed(["trigger", "arrival", "--place", "Home"]).stdout
        == "No enabled prompt group waits for arrival; add one with 'dispatch groups add'.\n")
  }

  @Test func `a hook that fails makes its prompt missed, not fired`() throws {
    let cli = try sandbox(reply: "")
    try Data("#!/bin/sh\nexit 3\n".utf8).write(to: URL(fileURLWithPath: cli.path("hook.sh")))
    try cli.succeed(["daemon", "--once"], environment: at("11:00:00"))
    try cli.succeed(["daemon", "--once"], environment: at("11:38:50"))
    try waitFor { try compliance(cli, "11:40:00").missed == 1 }
    let total = try compliance(cli, "11:40:00")
    #expect(total.fired == 0 && total.missed == 1)
  }

  /// `dispatch daemon` running in the background with its standard output in a pipe.
  final class RunningDaemon {
    let process = Process()
    let output = Pipe()
    private(set) var text = ""

    init(_ cli: CLISandbox) throws {
      process.executableURL = CLISandbox.executable
      process.arguments = ["daemon"]
      var environment = cli.environment
      environment["DISPATCH_NOW"] = "2026-07-08T11:00:00Z"
      process.environment = environment
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      process.standardInput = FileHandle.nullDevice
      try process.run()
    }

    /// Reads what the daemon writes until `needle` appears or `seconds` pass.
    func read(until needle: String, within seconds: Double) -> Bool {
      let deadline = Date().addingTimeInterval(seconds)
      while Date() < deadline, !text.contains(needle) {
        text += String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
      }
      return text.contains(needle)
    }

    /// Stops it with SIGTERM and reads the rest of its output.
    func stop() {
      guard process.isRunning else { return }
      process.terminate()
      process.waitUntilExit()
      text += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    deinit { stop() }
  }

  @Test func `a running daemon syncs at once when another device writes or a command files`()
    throws
  {
    let cli = try sandbox(reply: "")
    let other: [String: String?] = ["DISPATCH_STORE": cli.root + "/other.sqlite"]
    try cli.succeed(["sync", "setup", "--folder", cli.path("Sync"), "--device-name", "desk"])
    try cli.succeed(["init"], environment: other)
    try cli.succeed(
      ["sync", "setup", "--folder", cli.path("Sync"), "--device-name", "phone"],
      environment: other)
    let daemon = try RunningDaemon(cli)
    // Its first look writes this device's first segment; then it sleeps (its clock is
    // stopped, so for a minute at a time).
    #expect(daemon.read(until: "next: ", within: 30))
    try cli.succeed(["report", "-a", "Are you working?=no"], environment: other)
    try cli.succeed(["sync"], environment: other)
    // Well within the minute: inotify saw the phone's segment. (Reading blocks until the
    // daemon writes, so the time is measured around it.)
    var started = Date()
    #expect(daemon.read(until: "synced: merged 1 of", within: 20), "\(daemon.text)")
    #expect(Date().timeIntervalSince(started) < 20, "\(daemon.text)")
    try cli.succeed(["report", "-a", "Are you working?=yes"])
    started = Date()
    #expect(daemon.read(until: "synced: wrote 1,", within: 20), "\(daemon.text)")
    #expect(Date().timeIntervalSince(started) < 20, "\(daemon.text)")
    daemon.stop()
  }

  @Test func `sync set up while the daemon runs syncs at once, and wakes it for other devices`()
    throws
  {
    let cli = try sandbox(reply: "")
    let other: [String: String?] = ["DISPATCH_STORE": cli.root + "/other.sqlite"]
    try cli.succeed(["init"], environment: other)
    let daemon = try RunningDaemon(cli)
    #expect(daemon.read(until: "next: ", within: 30))
    try cli.succeed(["sync", "setup", "--folder", cli.path("Sync"), "--device-name", "desk"])
    // Well within the minute: the setup is seen, and this device's first segment written.
    // (Reading blocks until the daemon writes, so the time is measured around it.)
    let started = Date()
    #expect(daemon.read(until: "synced: wrote ", within: 20), "\(daemon.text)")
    #expect(Date().timeIntervalSince(started) < 20, "\(daemon.text)")
    try cli.succeed(
      ["sync", "setup", "--folder", cli.path("Sync"), "--device-name", "phone"],
      environment: other)
    try cli.succeed(["report", "-a", "Are you working?=no"], environment: other)
    try cli.succeed(["sync"], environment: other)
    let merging = Date()
    #expect(daemon.read(until: "synced: merged 1 of", within: 20), "\(daemon.text)")
    #expect(Date().timeIntervalSince(merging) < 20, "\(daemon.text)")
    daemon.stop()
  }

  @Test func `the daemon logs its start, next prompt and stop, a line at a time`() throws {
    let cli = try sandbox(reply: "")
    let daemon = try RunningDaemon(cli)
    // Lines arrive while the daemon runs: the pipe is not a terminal, and nothing waits for
    // a buffer to fill.
    #expect(daemon.read(until: "next: ", within: 30))
    #expect(daemon.text.contains("2026-07-08 11:00 started for "))
    #expect(daemon.text.contains("notifying through the hook command"))
    #expect(daemon.text.contains("2026-07-08 11:00 next: a random prompt at 11:38\n"))
    daemon.stop()
    #expect(daemon.text.hasSuffix("stopped (SIGTERM)\n"))
    #expect(daemon.process.terminationReason == .exit && daemon.process.terminationStatus == 0)
  }

  @Test func `with serve on the daemon serves the survey page, and says when it cannot`() throws {
    let cli = try sandbox(reply: "")
    try cli.succeed(["settings", "set", "serve", "on"])
    try cli.succeed(["settings", "set", "serve-listen", "127.0.0.1:0"])
    let daemon = try RunningDaemon(cli)
    #expect(daemon.read(until: "next: ", within: 30))
    let line = try #require(
      daemon.text.split(separator: "\n").first { $0.contains(" started for ") })
    let url = try #require(line.split(separator: " ").last.map(String.init))
    #expect(url.hasPrefix("http://127.0.0.1:"))
    let page = try HTTPClient().send(
      HTTPRequest(method: "GET", url: try #require(URL(string: url + "/app.css")), headers: []))
    #expect(page.status == 200)
    daemon.stop()
    #expect(daemon.text.hasSuffix("stopped (SIGTERM)\n"))
    // Off loopback without TLS the daemon refuses to serve, and still prompts.
    try cli.succeed(["settings", "set", "serve-listen", "0.0.0.0:0"])
    let refusing = try RunningDaemon(cli)
    #expect(refusing.read(until: "next: ", within: 30))
    #expect(refusing.text.contains("; not serving (listening on 0.0.0.0"))
    try cli.fail(["settings", "set", "serve-listen", "8421"], status: 65, message: "ADDRESS:PORT")
  }

  @Test func `daemon install without a user session installs nothing and offers the others`()
    throws
  {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    // A systemctl that reaches no user manager, as on a server or in a container.
    let bin = cli.path("machine/bin")
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    try executable(bin + "/systemctl", "#!/bin/sh\necho 'Failed to connect to bus' >&2\nexit 1\n")
    let environment: [String: String?] = ["PATH": bin + ":/usr/bin:/bin"]
    let refused = try cli.run(["daemon", "install"], environment: environment)
    #expect(refused.status == 1, "\(refused)")
    #expect(refused.stderr.contains("no systemd user session answers here"))
    #expect(refused.stderr.contains("'dispatch daemon install --autostart'"))
    #expect(refused.stderr.contains("* * * * * "))
    #expect(refused.stderr.contains(" daemon --once"))
    #expect(!cli.exists(cli.path("home/.config/systemd/user/dispatch.service")))

    let autostart = try cli.succeed(["daemon", "install", "--autostart"], environment: environment)
    let entry = cli.path("home/.config/autostart/dispatch.desktop")
    #expect(autostart.stdout.hasPrefix("Installed \(entry):"))
    #expect(cli.exists(entry))
    let removed = try cli.succeed(["daemon", "uninstall"], environment: environment)
    #expect(removed.stdout == "Removed \(entry).\n")
    #expect(!cli.exists(entry))
    let again = try cli.succeed(["daemon", "uninstall"], environment: environment)
    #expect(again.stdout.hasPrefix("No daemon is installed for this store"))
  }

  @Test func `a Health import with a workout that just ended prompts its group once`() throws {
    let cli = try sandbox(reply: "")
    try cli.succeed([
      "groups", "add", "After a workout", "--on", "workout-end", "--question", "Are you working?",
    ])
    let export = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("DispatchKitTests/Fixtures/apple-health/export.xml").path
    // Ten minutes after the fixture's second workout ended (08:11:36 -04:00).
    let now: [String: String?] = ["DISPATCH_NOW": "2024-03-10T12:21:36Z"]
    let imported = try cli.run(["import", export, "--json"], environment: now)
    #expect(imported.status == 0, "\(imported)")
    #expect(
      imported.stderr
        == "Prompted 'After a workout' due 12:11 for a workout that just ended.\n")
    waitFor { cli.contents(cli.path("hook.log")) != nil }
    #expect(
      String(decoding: cli.contents(cli.path("hook.log")) ?? Data(), as: UTF8.self)
        .hasPrefix("gprompt-"))
    // The same export again brings no new workout: no second prompt.
    let again = try cli.run(["import", export, "--json"], environment: now)
    #expect(again.status == 0 && again.stderr.isEmpty, "\(again)")
  }

  @Test func `joining a place's network wakes the daemon and prompts the arrival group`()
    throws
  {
    let cli = try sandbox(reply: "")
    try cli.succeed(["sensors", "places", "add", "Home", "--ssid", "home-wifi"])
    try cli.succeed([
      "groups", "add", "Home", "--on", "arrival", "--place", "Home", "--question",
      "Are you working?",
    ])
    // NetworkManager, stubbed: the connected network is the file `network`; `nmcli monitor`
    // prints a line when the file `changed` appears.
    let bin = cli.path("machine/bin")
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    let stub = """
      #!/bin/sh
      dir=$(dirname "$0")
      if [ "$1" = monitor ]; then
        while true; do
          if [ -f "$dir/changed" ]; then rm -f "$dir/changed"; echo "wlan0: connected"; fi
          sleep 0.05
        done
      fi
      if [ -f "$dir/network" ]; then echo "yes:$(cat "$dir/network")"; fi
      """
    try executable(bin + "/nmcli", stub)
    let daemon = try RunningDaemon(cli)
    #expect(daemon.read(until: "next: ", within: 30))
    try Data("home-wifi".utf8).write(to: URL(fileURLWithPath: bin + "/network"))
    let joined = Date()
    try Data().write(to: URL(fileURLWithPath: bin + "/changed"))
    #expect(daemon.read(until: "arrived at Home", within: 20), "\(daemon.text)")
    let latency = Date().timeIntervalSince(joined)
    // Woken by the monitor, not by the minute's look (a debug build; docs/benchmarks.md has
    // the release figure).
    #expect(latency < 5, "the arrival took \(latency) s")
    #expect(daemon.read(until: "fired 'Home' due 11:00", within: 10), "\(daemon.text)")
    // The hook's shell creates hook.log before printf writes to it: wait for the line itself.
    waitFor { cli.contents(cli.path("hook.log")).map { !$0.isEmpty } ?? false }
    #expect(
      String(decoding: cli.contents(cli.path("hook.log")) ?? Data(), as: UTF8.self)
        .contains("|Home|"))
  }

  @Test func `daemon without a store says how to make one`() throws {
    let cli = try CLISandbox()
    try cli.fail(["daemon", "--once"], status: 66, message: "dispatch init")
  }

  @Test func `trigger fires a place group through the hook, and a focus mutes it`() throws {
    let cli = try sandbox(reply: "")
    try cli.succeed([
      "groups", "add", "Home", "--on", "arrival", "--place", "Home", "--question",
      "Are you working?",
    ])
    let fired = try cli.succeed(
      ["trigger", "arrival", "--place", "home"], environment: at("18:00:00"))
    #expect(fired.stdout == "Prompted 'Home' due 18:00.\n")
    waitFor { cli.contents(cli.path("hook.log")) != nil }
    let log = String(decoding: cli.contents(cli.path("hook.log")) ?? Data(), as: UTF8.self)
    #expect(log.hasSuffix("|Home|report,snooze\n"))
    try cli.succeed(["focus", "on", "Quiet", "--allow", "none", "--pause-main"])
    #expect(
      try cli.succeed(["focus"]).stdout
        == "Focus 'Quiet' since 2026-03-04T10:00:00Z: the main schedule is paused, no group may prompt.\n"
    )
    let muted = try cli.succeed(
      ["trigger", "arrival", "--place", "Home"], environment: at("18:05:00"))
    #expect(muted.stdout == "Skipped Home: muted by the focus 'Quiet'.\n")
    #expect(try cli.succeed(["plan", "--json", "--date", "2026-07-08"]).stdout == "[]\n")
    try cli.fail(["focus", "on", "X", "--allow", "Nowhere"], status: 64, message: "'Nowhere'")
    #expect(
      try cli.succeed(["focus", "off"]).stdout
        == "Focus 'Quiet' is off; every prompt fires again.\n")
  }
}
