import DispatchKit
import Foundation
import Testing

@testable import DispatchStorage

/// Check-in presets and reminders (docs/records.md#check-in-presets-and-reminders).
struct CheckInRemindersTests {
  let store: DispatchStore

  init() throws {
    store = try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 1_772_618_400_000)),
        ids: SequentialIDGenerator()))
  }

  func instant(_ text: String) throws -> Instant {
    try #require(Instant.parseISO8601(text)).instant
  }

  func time(_ text: String) throws -> WallClockTime {
    try #require(WallClockTime(parsing: text))
  }

  @Test func `a preset records its mood, rescaled to the current scale`() throws {
    try CheckInPresets.add("Good", mood: "8", note: "usual", in: store)
    #expect(throws: DispatchError.self) {
      try CheckInPresets.add("bad", mood: "12", note: nil, in: store)
    }
    let first = try CheckInPresets.record("good", in: store, environment: store.environment)
    #expect(first.rating == 8 && first.note == "usual")
    try ScheduleSettings.set("mood-scale", to: "0-18", in: store)
    let second = try CheckInPresets.record(
      "GOOD", note: "other", in: store, environment: store.environment)
    #expect(second.rating == 14 && second.note == "other")
    let error = try #require(throws: DispatchError.self) {
      try CheckInPresets.record("god", in: store, environment: store.environment)
    }
    #expect(error.message.hasPrefix("no check-in preset named 'god' (did you mean 'Good'?)"))
  }

  @Test func `reminders are stored, listed and removed with their preset`() throws {
    try CheckInPresets.add("good", mood: "8", note: nil, in: store)
    try CheckInReminders.add("21:00", preset: "Good", in: store)
    try CheckInReminders.add("08:30", preset: nil, in: store)
    #expect(throws: DispatchError.self) {
      try CheckInReminders.add("21:00", preset: "good", in: store)
    }
    #expect(throws: DispatchError.self) { try CheckInReminders.add("9pm", preset: nil, in: store) }
    #expect(throws: DispatchError.self) {
      try CheckInReminders.add("10:00", preset: "nope", in: store)
    }
    #expect(try CheckInReminders.list(in: store).map(\.time.description) == ["08:30", "21:00"])
    let dropped = try CheckInPresets.remove("good", in: store)
    #expect(dropped.map(\.time.description) == ["21:00"])
    #expect(try CheckInReminders.remove("08:30", in: store).count == 1)
    #expect(throws: DispatchError.self) { try CheckInReminders.remove("08:30", in: store) }
  }

  @Test func `reminders fall due across midnight`() throws {
    let reminders = [
      CheckInReminder(time: try time("23:30")),
      CheckInReminder(time: try time("00:15"), preset: "p"),
    ]
    let zone = try #require(TimeZone(identifier: "UTC"))
    let due = CheckInReminders.due(
      reminders, zone: zone, after: try instant("2026-03-04T23:00:00Z"),
      through: try instant("2026-03-05T01:00:00Z"))
    #expect(
      due.map { $0.dueAt?.iso8601Seconds } == ["2026-03-04T23:30:00Z", "2026-03-05T00:15:00Z"])
    #expect(due.last?.preset == "p")
    // The interval is (after, through]: a reminder exactly at `after` was already due.
    let none = CheckInReminders.due(
      reminders, zone: zone, after: try instant("2026-03-04T23:30:00Z"),
      through: try instant("2026-03-05T00:00:00Z"))
    #expect(none.isEmpty)
  }

  @Test func `reminders across a day repeat each day`() throws {
    let zone = try #require(TimeZone(identifier: "UTC"))
    let due = CheckInReminders.due(
      [CheckInReminder(time: try time("12:00"))], zone: zone,
      after: try instant("2026-03-01T00:00:00Z"), through: try instant("2026-03-04T00:00:00Z"))
    #expect(due.count == 3)
  }

  @Test func `DST: a skipped time falls due after the jump, a repeated one once`() throws {
    let zone = try #require(TimeZone(identifier: "Europe/Berlin"))
    // 2026-03-29: clocks jump from 02:00 to 03:00 CET→CEST.
    let spring = CheckInReminders.due(
      [CheckInReminder(time: try time("02:30")), CheckInReminder(time: try time("09:00"))],
      zone: zone, after: try instant("2026-03-28T23:00:00Z"),
      through: try instant("2026-03-29T12:00:00Z"))
    #expect(
      spring.map { $0.dueAt?.iso8601Seconds } == ["2026-03-29T01:30:00Z", "2026-03-29T07:00:00Z"])
    // 2026-10-25: clocks go back from 03:00 to 02:00; 02:30 happens twice, due once.
    let autumn = CheckInReminders.due(
      [CheckInReminder(time: try time("02:30"))], zone: zone,
      after: try instant("2026-10-24T22:00:00Z"), through: try instant("2026-10-25T06:00:00Z"))
    #expect(autumn.map { $0.dueAt?.iso8601Seconds } == ["2026-10-25T00:30:00Z"])
  }

  @Test func `due reads the store's reminders in the plan's zone`() throws {
    try ScheduleSettings.set("time-zone", to: "America/New_York", in: store)
    try CheckInReminders.add("21:00", preset: nil, in: store)
    let due = try CheckInReminders.due(
      in: store, after: try instant("2026-03-05T00:00:00Z"),
      through: try instant("2026-03-05T03:00:00Z"))
    #expect(due.map { $0.dueAt?.iso8601Seconds } == ["2026-03-05T02:00:00Z"])
  }
}
