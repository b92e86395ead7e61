import DispatchKit
import Foundation
import Testing

@testable import DispatchFeatures

/// The systemd user service for `dispatch daemon`: its text, name, location and installation.
struct SystemdUserUnitTests {
  let directory: TemporaryDirectory
  let environment: [String: String]
  let reload = ["systemctl", "--user", "daemon-reload"]

  init() throws {
    directory = try TemporaryDirectory()
    environment = ["XDG_CONFIG_HOME": directory.file("config"), "HOME": "/home/u"]
  }

  private func unit(_ store: String? = nil) throws -> SystemdUserUnit {
    try SystemdUserUnit(
      dispatchPath: "/usr/local/bin/dispatch", storePath: store, environment: environment)
  }

  private func leftovers(in folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
  }

  @Test func `the default store's unit runs the daemon with the graphical session`() throws {
    let unit = try unit()
    #expect(unit.name == "dispatch.service")
    #expect(unit.path == directory.file("config/systemd/user/dispatch.service"))
    #expect(
      unit.text == """
        [Unit]
        Description=Dispatch prompt daemon
        After=graphical-session.target
        PartOf=graphical-session.target

        [Service]
        Type=simple
        ExecStart=/usr/local/bin/dispatch daemon
        Restart=on-failure
        RestartSec=10

        [Install]
        WantedBy=default.target

        """)
  }

  @Test func `another store gets its own named unit with quoted paths`() throws {
    let text = SystemdUserUnit.text(
      dispatchPath: "/opt/My Apps/dispatch", storePath: "/data/100% \"real\" $HOME\\x.sqlite")
    #expect(
      text.split(separator: "\n").contains(
        #"ExecStart="/opt/My Apps/dispatch" --store "/data/100%% \"real\" $$HOME\\x.sqlite" daemon"#
      ))
    #expect(text.contains("Description=Dispatch prompt daemon for store '100-real-HOME-x'\n"))
    #expect(try unit("/data/Work Log.v2.sqlite").name == "dispatch-Work-Log-v2.service")
    #expect(try unit("/data/work.sqlite").path.hasSuffix("/systemd/user/dispatch-work.service"))
    #expect(SystemdUserUnit.name(storePath: "/d/ünï.sqlite") == "dispatch-n.service")
    #expect(SystemdUserUnit.name(storePath: "/d/.sqlite") == "dispatch-sqlite.service")
    #expect(SystemdUserUnit.name(storePath: "/d/%%.db") == "dispatch-store.service")
    #expect(SystemdUserUnit.name(storePath: "/d/a--b .c") == "dispatch-a-b.service")
  }

  @Test func `the default store given by path keeps the plain name`() throws {
    let withData = environment.merging(["XDG_DATA_HOME": "/data/home"]) { $1 }
    let explicit = try SystemdUserUnit(
      dispatchPath: "/bin/dispatch", storePath: "/data/home/dispatch/dispatch.sqlite",
      environment: withData)
    #expect(explicit.name == "dispatch.service")
    #expect(explicit.text.contains("--store /data/home/dispatch/dispatch.sqlite daemon"))
    let fromHome = try SystemdUserUnit(
      dispatchPath: "/bin/dispatch", storePath: "/home/u/.local/share/dispatch/dispatch.sqlite",
      environment: environment)
    #expect(fromHome.name == "dispatch.service")
  }

  @Test(arguments: [
    (["HOME": "/home/u"], "/home/u/.config/systemd/user/dispatch.service"),
    (
      ["HOME": "/home/u/", "XDG_CONFIG_HOME": "rel"],
      "/home/u/.config/systemd/user/dispatch.service"
    ),
    (["XDG_CONFIG_HOME": "/cfg/"], "/cfg/systemd/user/dispatch.service"),
  ])
  func `the unit goes under the XDG config folder`(env: [String: String], path: String) throws {
    let unit = try SystemdUserUnit(dispatchPath: "/bin/dispatch", storePath: nil, environment: env)
    #expect(unit.path == path)
  }

  @Test func `bad locations are refused with a reason`() {
    #expect(throws: NotificationSetupError.noConfigFolder) {
      try SystemdUserUnit(dispatchPath: "/bin/dispatch", storePath: nil, environment: [:])
    }
    #expect(throws: NotificationSetupError.relativePath("dispatch")) {
      try SystemdUserUnit(dispatchPath: "dispatch", storePath: nil, environment: environment)
    }
    #expect(throws: NotificationSetupError.relativePath("s.sqlite")) {
      try unit("s.sqlite")
    }
    #expect(
      NotificationSetupError.relativePath("s.sqlite").description
        == "'s.sqlite' is not an absolute path; systemd starts services from another folder")
  }

  @Test func `install writes the file atomically and enables the service`() throws {
    let unit = try unit("/data/work.sqlite")
    let runner = RecordingCommandRunner()
    try unit.install(runner: runner)
    #expect(
      runner.calls == [
        ["systemctl", "--user", "show-environment"], reload,
        ["systemctl", "--user", "enable", "--now", unit.name],
      ])
    #expect(try String(contentsOfFile: unit.path, encoding: .utf8) == unit.text)
    #expect(try TemporaryDirectory.permissions(of: unit.path) == 0o644)
    let folder = directory.file("config/systemd/user")
    #expect(try leftovers(in: folder) == ["dispatch-work.service"])
    try unit.install(runner: runner)
    #expect(try leftovers(in: folder) == ["dispatch-work.service"])
  }

  @Test func `no systemctl, or no user session, writes nothing`() throws {
    let unit = try unit()
    for status: Int32 in [127, 1] {
      let runner = RecordingCommandRunner(["systemctl --user show-environment": (status, "")])
      #expect(throws: NotificationSetupError.noUserSession) { try unit.install(runner: runner) }
      #expect(runner.calls.count == 1)
      #expect(!FileManager.default.fileExists(atPath: unit.path))
    }
    #expect(
      NotificationSetupError.commandMissing(command: "systemctl").description
        == "'systemctl' was not found on PATH; without systemd, start 'dispatch daemon' from "
        + "your session's autostart instead")
  }

  @Test func `a failing systemctl names the command and its status`() throws {
    let unit = try unit()
    let runner = RecordingCommandRunner([
      "systemctl --user enable --now dispatch.service": (1, "")
    ])
    let expected = NotificationSetupError.commandFailed(
      command: "systemctl --user enable --now dispatch.service", status: 1)
    #expect(throws: expected) { try unit.install(runner: runner) }
    // A failed install leaves nothing behind.
    #expect(!FileManager.default.fileExists(atPath: unit.path))
    #expect(runner.calls.last == reload)
    #expect(
      expected.description
        == "'systemctl --user enable --now dispatch.service' failed with exit status 1; is a "
        + "systemd user session running? try 'systemctl --user status'")
  }

  @Test func `uninstall disables, removes the file and reloads`() throws {
    let unit = try unit()
    try unit.install(runner: RecordingCommandRunner())
    let runner = RecordingCommandRunner()
    try unit.uninstall(runner: runner)
    #expect(
      runner.calls == [["systemctl", "--user", "disable", "--now", "dispatch.service"], reload])
    #expect(!FileManager.default.fileExists(atPath: unit.path))
    #expect(throws: NotificationSetupError.notInstalled(path: unit.path)) {
      try unit.uninstall(runner: runner)
    }
  }

  @Test func `a failed disable keeps the unit file`() throws {
    let unit = try unit()
    try unit.install(runner: RecordingCommandRunner())
    let runner = RecordingCommandRunner([
      "systemctl --user disable --now dispatch.service": (5, "")
    ])
    #expect(throws: NotificationSetupError.self) { try unit.uninstall(runner: runner) }
    #expect(runner.calls.count == 1)
    #expect(FileManager.default.fileExists(atPath: unit.path))
  }

  @Test func `the autostart entry runs the same daemon and quotes what needs it`() throws {
    let unit = try unit("/data/my $work \"x\".sqlite")
    let entry = AutostartEntry(for: unit)
    #expect(entry.path == directory.file("config/autostart/dispatch-my-work-x.desktop"))
    #expect(entry.text.contains("\nType=Application\n"))
    #expect(
      entry.text.contains(
        "\nExec=/usr/local/bin/dispatch --store \"/data/my \\\\$work \\\\\"x\\\\\".sqlite\" daemon\n"
      ))
    try entry.install()
    #expect(try String(contentsOfFile: entry.path, encoding: .utf8) == entry.text)
    #expect(try TemporaryDirectory.permissions(of: entry.path) == 0o644)
    #expect(try entry.uninstall())
    #expect(try !entry.uninstall())
    #expect(AutostartEntry.execArgument("a\\b") == "\"a\\\\\\\\b\"")
    #expect(AutostartEntry.execArgument("50%") == "50%%")
  }
}
