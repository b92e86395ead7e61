import DispatchKit
import Foundation
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// The status line's numbers (docs/status-line.md#what-the-numbers-mean,
/// docs/status-line.md#reference-vectors), each report on its own local day.
struct StatusSnapshotTests {
  /// 2026-06-15 12:00Z.
  let now = Instant(milliseconds: 1_781_524_800_000)

  private func daysAgo(_ days: Double, offset: Int = 0) -> (date: Instant, offsetSeconds: Int) {
    (now.adding(seconds: Int64(-days * 86_400)), offset)
  }

  private func snapshot(_ reports: [(date: Instant, offsetSeconds: Int)], todayOffset: Int = 0)
    -> StatusSnapshot
  {
    StatusSnapshot.make(
      filed: reports, now: now, todayOffsetSeconds: todayOffset, nextPromptDate: nil)
  }

  @Test func `the documented streak vectors`() {
    #expect(snapshot([daysAgo(0), daysAgo(1), daysAgo(2), daysAgo(4)]).streakDays == 3)
    #expect(snapshot([daysAgo(1), daysAgo(2)]).streakDays == 2)
    #expect(snapshot([daysAgo(2), daysAgo(3)]).streakDays == 0)
    #expect(snapshot([]).streakDays == 0)
  }

  @Test func `a draft today plus a report yesterday is a streak of one`() throws {
    // Drafts never reach the snapshot: the store reads filed reports only.
    let store = try DispatchStore(
      environment: RunEnvironment(clock: FixedWallClock(now), ids: SequentialIDGenerator()))
    try store.reports.file(
      Report(id: "draft", date: now, timeZoneIdentifier: "UTC", utcOffsetSeconds: 0, isDraft: true))
    try store.reports.file(
      Report(
        id: "filed", date: now.adding(seconds: -86_400), timeZoneIdentifier: "UTC",
        utcOffsetSeconds: 0))
    let status = try store.statusSnapshot(now: store.environment.now())
    #expect(status.streakDays == 1)
    #expect(status.todayCount == 0)
    #expect(status.lastReportDate == now.adding(seconds: -86_400))
  }

  @Test func `snapshot of 08:00 and 11:00 today and yesterday`() {
    let eight = now.adding(seconds: -4 * 3600)
    let eleven = now.adding(seconds: -3600)
    let status = snapshot([(eight, 0), (eleven, 0), daysAgo(1)])
    #expect(status.todayCount == 2)
    #expect(status.lastReportDate == eleven)
    #expect(status.streakDays == 2)
  }

  @Test func `each report counts on the local day of its own zone`() {
    // 2026-06-14 23:30 in New York (UTC−4) is 03:30Z on the 15th: yesterday there, so it is
    // not today's, but it keeps the streak going from a report today in UTC.
    let newYorkLate = (Instant(milliseconds: 1_781_494_200_000), -14_400)
    let status = snapshot([newYorkLate, daysAgo(0)])
    #expect(status.todayCount == 1)
    #expect(status.streakDays == 2)
    // Read from Tokyo (UTC+9), "today" is already the 15th's evening: same counts.
    #expect(snapshot([newYorkLate], todayOffset: 32_400).streakDays == 1)
  }

  @Test func `status line formats`() throws {
    var status = snapshot([(now.adding(seconds: -7500), 0), daysAgo(1)])
    status.nextPromptDate = now.adding(seconds: 9000)
    let utc = try #require(TimeZone(identifier: "UTC"))
    let line = StatusLine(snapshot: status, zone: utc)
    #expect(
      line.render(.text)
        == "Last report 2h 5m ago · 1 report today · 2-day streak · next prompt 14:30\n")
    #expect(line.render(.tmux) == "2h 5m ago · 1 today · 2d · next 14:30\n")
    #expect(
      line.render(.i3blocks)
        == "Last report 2h 5m ago · 1 report today · 2-day streak · next prompt 14:30\n"
        + "2h 5m ago · 1 today · 2d · next 14:30\n")
    #expect(
      line.render(.waybar)
        == #"{"text":"2h 5m ago · 1 today · 2d · next 14:30","tooltip":"Last report 2h 5m ago\n1 report today\n2-day streak\nnext prompt 14:30","class":"today","alt":"today"}"#
        + "\n")
    let json = line.render(.json)
    #expect(json.contains(#""lastReportDate": "2026-06-15T09:55:00.000Z""#))
    #expect(json.contains(#""todayCount": 1"#))
    #expect(json.contains(#""streakDays": 2"#))
    #expect(json.contains(#""nextPromptDate": "2026-06-15T14:30:00.000Z""#))
  }

  @Test func `an empty store reads as no reports yet, with nulls in JSON`() throws {
    let utc = try #require(TimeZone(identifier: "UTC"))
    let line = StatusLine(snapshot: snapshot([]), zone: utc)
    #expect(line.render(.text) == "No reports yet\n")
    #expect(line.render(.tmux) == "no reports\n")
    #expect(line.render(.json).contains(#""lastReportDate": null"#))
    #expect(line.render(.json).contains(#""nextPromptDate": null"#))
    #expect(line.render(.waybar).contains(#""class":"empty""#))
  }

  @Test func `elapsed times read as people say them`() {
    func ago(_ seconds: Int64) -> String {
      StatusLine.ago(from: now.adding(seconds: -seconds), to: now)
    }
    #expect(ago(30) == "just now")
    #expect(ago(-600) == "just now")
    #expect(ago(720) == "12m ago")
    #expect(ago(7200) == "2h ago")
    #expect(ago(3 * 86_400 + 4 * 3600 + 59) == "3d 4h ago")
    #expect(ago(2 * 86_400) == "2d ago")
  }

  @Test func `the next prompt is the schedule's next one or a waiting snooze`() throws {
    let store = try DispatchStore(
      environment: RunEnvironment(clock: FixedWallClock(now), ids: SequentialIDGenerator()))
    try store.settings.setSetting("timeZone", "UTC")
    for (name, value) in [
      ("seeding", "compatible"), ("random-prompts", "off"), ("fixed-times", "13:15,18:00"),
    ] {
      try ScheduleSettings.set(name, to: value, in: store)
    }
    #expect(
      try store.statusSnapshot(now: store.environment.now()).nextPromptDate
        == now.adding(seconds: 4500))
    try store.prompts.recordPrompt(
      PromptRecord(
        identifier: "snooze-1", source: "snooze", promptGroupID: nil, parentIdentifier: nil,
        due: now.adding(seconds: 600), timeZoneIdentifier: "UTC", utcOffsetSeconds: 0,
        state: .pending), event: "snoozed")
    #expect(
      try store.statusSnapshot(now: store.environment.now()).nextPromptDate
        == now.adding(seconds: 600))
    try store.settings.setSetting(SettingKey.awake, "false")
    #expect(
      try store.statusSnapshot(now: store.environment.now()).nextPromptDate
        == now.adding(seconds: 600))
  }
}
