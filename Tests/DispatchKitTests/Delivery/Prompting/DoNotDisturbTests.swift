import DispatchKit
import Foundation
import Testing

@testable import DispatchStorage

/// Following the desktop's do-not-disturb state (docs/daemon.md#focus).
struct DoNotDisturbTests {
  let missing: (status: Int32, stdout: String) = (127, "")

  @Test func `GNOME, dunst and mako each answer, and no server means unknown`() {
    let gnome = RecordingCommandRunner([
      "gsettings get org.gnome.desktop.notifications show-banners": (0, "false\n")
    ])
    #expect(DesktopDoNotDisturb.isOn(runner: gnome) == true)
    let dunst = RecordingCommandRunner([
      "gsettings get org.gnome.desktop.notifications show-banners": missing,
      "dunstctl is-paused": (0, "false\n"),
    ])
    #expect(DesktopDoNotDisturb.isOn(runner: dunst) == false)
    let mako = RecordingCommandRunner([
      "gsettings get org.gnome.desktop.notifications show-banners": missing,
      "dunstctl is-paused": missing, "makoctl mode": (0, "default\ndo-not-disturb\n"),
    ])
    #expect(DesktopDoNotDisturb.isOn(runner: mako) == true)
    let none = RecordingCommandRunner([
      "gsettings get org.gnome.desktop.notifications show-banners": missing,
      "dunstctl is-paused": missing, "makoctl mode": missing,
    ])
    #expect(DesktopDoNotDisturb.isOn(runner: none) == nil)
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
