import DispatchKit
import Foundation
import Testing

@testable import DispatchStorage

/// The weekly digest reminder: its setting, when it falls due, and the daemon firing it.
struct DigestReminderTests {
  static let utc = TimeZone(identifier: "UTC") ?? .current

  @Test func `the setting is off by default, on means Sunday 19:00, and bad text is refused`()
    throws
  {
    let store = try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 1_783_508_400_000)),
        ids: SequentialIDGenerator()))
    #expect(try ScheduleSettings.load(from: store).digestReminder == nil)
    try ScheduleSettings.set("digest-reminder", to: "on", in: store)
    #expect(try ScheduleSettings.load(from: store).digestReminder == .standard)
    try ScheduleSettings.set("digest-reminder", to: "Friday 18:30", in: store)
    #expect(try ScheduleSettings.load(from: store).digestReminder?.description == "fri 18:30")
    let error = #expect(throws: DispatchError.self) {
      try ScheduleSettings.set("digest-reminder", to: "someday", in: store)
    }
    #expect(error?.message.contains("'someday' is not a digest reminder") == true)
    try ScheduleSettings.set("digest-reminder", to: "off", in: store)
    #expect(try ScheduleSettings.load(from: store).digestReminder == nil)
  }

  @Test func `it falls due on its weekday only, the newest time in the range`() throws {
    // 2026-07-08 is a Wednesday; the Sundays around it are 07-05 and 07-12.
    let wednesday = Instant(milliseconds: 1_783_508_400_000)
    let reminder = DigestReminder.standard
    let week = reminder.lastDue(
      after: wednesday, through: wednesday.adding(seconds: 7 * 86_400), zone: Self.utc)
    #expect(week?.iso8601 == "2026-07-12T19:00:00.000Z")
    let twoWeeks = reminder.lastDue(
      after: wednesday.adding(seconds: -14 * 86_400),
      through: wednesday.adding(seconds: 7 * 86_400),
      zone: Self.utc)
    #expect(twoWeeks?.iso8601 == "2026-07-12T19:00:00.000Z")
    #expect(
      reminder.lastDue(
        after: wednesday, through: wednesday.adding(seconds: 3 * 86_400), zone: Self.utc) == nil)
  }

  @Test func `the daemon says the digest is ready once, and compliance leaves it out`() throws {
    // Sunday 2026-07-12 18:50 UTC.
    let clock = SteppingClock(Instant(milliseconds: 1_783_882_200_000))
    let store = try DispatchStore(
      environment: RunEnvironment(clock: clock, ids: SequentialIDGenerator()))
    try store.questions.seedDefaultQuestionsIfEmpty()
    try ScheduleSettings.set("time-zone", to: "UTC", in: store)
    try ScheduleSettings.set("random-prompts", to: "off", in: store)
    try ScheduleSettings.set("digest-reminder", to: "on", in: store)
    let deliverer = RecordingDeliverer()
    let daemon = PromptDaemon(store: store, environment: store.environment, deliverer: deliverer)
    try daemon.pass()
    clock.advance(seconds: 11 * 60)
    #expect(try daemon.pass().fired == ["digest-20260712-1900Z"])
    #expect(deliverer.delivered.last?.title == "Your weekly digest is ready")
    #expect(
      deliverer.delivered.last?.body
        == "You filed 0 reports this week, the same as the week before. See it with: dispatch digest"
    )
    clock.advance(seconds: 60)
    #expect(try daemon.pass().fired.isEmpty)
    #expect(try store.prompts.compliance(days: 1, now: store.environment.now()).total.due == 0)
  }
}
