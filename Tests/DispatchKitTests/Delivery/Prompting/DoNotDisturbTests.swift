import DispatchKit
import Foundation
import Testing

@testable import DispatchStorage

/// Following the desktop's do-not-disturb state (docs/daemon.md#focus).
struct DoNotDisturbTests {
  let missing: (status: Int32, stdout: String) = (127, "")

  static let busctl =
    "busctl --user call org.freedesktop.Notifications /org/freedesktop/Notifications "
    + "org.freedesktop.Notifications GetServerInformation"
  static let gdbus =
    "gdbus call --session --dest org.freedesktop.Notifications --object-path "
    + "/org/freedesktop/Notifications --method org.freedesktop.Notifications.GetServerInformation"
  static let banners = "gsettings get org.gnome.desktop.notifications show-banners"
  static let plasma =
    "busctl --user get-property org.freedesktop.Notifications /org/freedesktop/Notifications "
    + "org.freedesktop.Notifications Inhibited"

  func read(
    _ answers: [String: (status: Int32, stdout: String)], desktop: String = ""
  ) -> DesktopDoNotDisturb.Reading {
    DesktopDoNotDisturb.read(
      runner: RecordingCommandRunner(answers), environment: ["XDG_CURRENT_DESKTOP": desktop])
  }

  @Test func `the running server is asked, not GNOME's default setting`() {
    // dunst shows the notifications under GNOME's settings daemon: its pause is what counts.
    let dunst = read(
      [
        Self.busctl: (0, "ssss \"dunst\" \"knopwob\" \"1.9.0\" \"1.2\"\n"),
        Self.banners: (0, "true\n"), "dunstctl is-paused": (0, "true\n"),
      ], desktop: "GNOME")
    #expect(dunst == .init(isOn: true, server: .dunst))
    #expect(dunst.description == "dunst says do not disturb is on")
    let swaync = read([
      Self.busctl: (0, "ssss \"SwayNotificationCenter\" \"Erik Reider\" \"0.10\" \"1.2\"\n"),
      "swaync-client --get-dnd --skip-wait": (0, "false\n"),
    ])
    #expect(swaync == .init(isOn: false, server: .swaync))
    // Without busctl, gdbus names the server.
    let plasma = read([
      Self.busctl: missing, Self.gdbus: (0, "('Plasma', 'KDE', '5.27.5', '1.2')\n"),
      Self.plasma: (0, "b true\n"),
    ])
    #expect(plasma == .init(isOn: true, server: .plasma))
    let gnome = read([
      Self.busctl: (0, "ssss \"gnome-shell\" \"GNOME\" \"44\" \"1.2\"\n"),
      Self.banners: (0, "false\n"),
    ])
    #expect(gnome == .init(isOn: true, server: .gnome))
  }

  @Test func `without a bus answer the desktop says which server to ask`() {
    let quiet: [String: (status: Int32, stdout: String)] = [
      Self.busctl: missing, Self.gdbus: missing,
    ]
    var xfce = quiet
    xfce["xfconf-query -c xfce4-notifyd -p /do-not-disturb"] = (0, "true\n")
    #expect(read(xfce, desktop: "XFCE") == .init(isOn: true, server: .xfce))
    var gnome = quiet
    gnome[Self.banners] = (0, "true\n")
    #expect(read(gnome, desktop: "ubuntu:GNOME") == .init(isOn: false, server: .gnome))
    // A tiling desktop: GNOME's setting is not read at all; dunst is gone, mako answers.
    var sway = quiet
    sway[Self.banners] = (0, "false\n")
    sway["dunstctl is-paused"] = missing
    sway["makoctl mode"] = (0, "default\ndo-not-disturb\n")
    #expect(read(sway, desktop: "sway") == .init(isOn: true, server: .mako))
  }

  @Test func `an unknown server, or none, is unknown and says so`() {
    let other = read([Self.busctl: (0, "ssss \"notification-daemon\" \"GNOME\" \"3.20\" \"1.2\"\n")]
    )
    #expect(other.isOn == nil && other.unknownServer == "notification-daemon")
    #expect(other.description.contains("'notification-daemon' has no do-not-disturb"))
    let none = read([
      Self.busctl: missing, Self.gdbus: missing, "dunstctl is-paused": missing,
      "makoctl mode": missing, "swaync-client --get-dnd --skip-wait": missing,
    ])
    #expect(none == .init(isOn: nil, server: nil))
    #expect(none.description == "no notification server that Dispatch can ask answered")
  }

  @Test func `with follow-dnd on, a quiet desktop holds prompts back; off, it does not`() throws {
    let clock = SteppingClock(Instant(milliseconds: 1_783_508_400_000))  // 2026-07-08T11:00Z
    let store = try DispatchStore(
      environment: RunEnvironment(clock: clock, ids: SequentialIDGenerator()))
    try store.questions.seedDefaultQuestionsIfEmpty()
    try ScheduleSettings.set("seeding", to: "compatible", in: store)
    try ScheduleSettings.set("time-zone", to: "UTC", in: store)
    let deliverer = RecordingDeliverer()
    let daemon = PromptDaemon(
      store: store, environment: store.environment, deliverer: deliverer, doNotDisturb: { true })
    try daemon.pass()
    try ScheduleSettings.set("follow-dnd", to: "on", in: store)
    clock.advance(seconds: 39 * 60)  // past 11:38:42.810
    #expect(try daemon.pass().fired.isEmpty)
    try ScheduleSettings.set("follow-dnd", to: "off", in: store)
    clock.advance(seconds: 3 * 3600)  // past 14:36:56.553
    #expect(try daemon.pass().fired == ["prompt-20260708-1436"])
  }
}

/// Daily check-in reminders through the daemon (docs/records.md#check-in-presets-and-reminders).
struct CheckInReminderDaemonTests {
  @Test func `a reminder fires once at its time and compliance leaves it out`() throws {
    let clock = SteppingClock(Instant(milliseconds: 1_783_508_400_000))  // 2026-07-08T11:00Z
    let store = try DispatchStore(
      environment: RunEnvironment(clock: clock, ids: SequentialIDGenerator()))
    try store.questions.seedDefaultQuestionsIfEmpty()
    try ScheduleSettings.set("time-zone", to: "UTC", in: store)
    try ScheduleSettings.set("random-prompts", to: "off", in: store)
    _ = try CheckInReminders.add("11:30", preset: nil, in: store)
    let deliverer = RecordingDeliverer()
    let daemon = PromptDaemon(store: store, environment: store.environment, deliverer: deliverer)
    try daemon.pass()
    clock.advance(seconds: 31 * 60)
    #expect(try daemon.pass().fired == ["checkin-20260708-1130Z"])
    #expect(deliverer.delivered.last?.title == "Time to check in")
    #expect(deliverer.delivered.last?.actions.isEmpty == true)
    clock.advance(seconds: 60)
    #expect(try daemon.pass().fired.isEmpty)
    #expect(try store.prompts.compliance(days: 1, now: store.environment.now()).total.due == 0)
  }
}
