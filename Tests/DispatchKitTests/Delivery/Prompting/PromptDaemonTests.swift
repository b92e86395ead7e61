import DispatchKit
import Foundation
import Testing

@testable import DispatchStorage

/// A deliverer that remembers what it was asked to show, and can be told to fail.
final class RecordingDeliverer: PromptDeliverer, @unchecked Sendable {
  // @unchecked: tests drive it from one task.
  var delivered: [PromptNotification] = []
  var failure: String?

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  func deliver(_ notification: PromptNotification) throws -> String {
    if let failure { throw Failure(description: failure) }
    delivered.append(notification)
    return "test"
  }
}

/// The daemon's passes with a fake clock and a fake deliverer, no sleeping
/// (docs/daemon.md#what-it-does). Compatible seeding in UTC gives 2026-07-08's prompts at
/// 11:38:42.810, 14:36:56.553, 16:12:52.843 and 23:30:04.348 (docs/schedule.md#reference-vectors).
struct PromptDaemonTests {
  let clock = SteppingClock(Instant(milliseconds: 1_783_508_400_000))  // 2026-07-08T11:00:00Z
  let store: DispatchStore
  let deliverer = RecordingDeliverer()

  init() throws {
    store = try DispatchStore(
      environment: RunEnvironment(clock: clock, ids: SequentialIDGenerator()))
    try store.questions.seedDefaultQuestionsIfEmpty()
    try ScheduleSettings.set("seeding", to: "compatible", in: store)
    try ScheduleSettings.set("time-zone", to: "UTC", in: store)
  }

  func daemon() -> PromptDaemon {
    PromptDaemon(store: store, environment: store.environment, deliverer: deliverer)
  }

  func at(_ time: String) {
    let target = Instant.parseISO8601("2026-07-08T\(time)Z")?.instant ?? clock.now()
    clock.advance(seconds: (target.milliseconds - clock.now().milliseconds) / 1000)
  }

  @Test func `a prompt fires once, at its time, and the first pass fires nothing old`() throws {
    let first = try daemon().pass()
    #expect(first.fired.isEmpty && first.missed.isEmpty)
    // A minute at most between passes; closer to a prompt, the prompt's own instant.
    #expect(first.next.iso8601 == "2026-07-08T11:01:00.000Z")
    at("11:38:00")
    #expect(try daemon().pass().next.iso8601 == "2026-07-08T11:38:42.810Z")
    at("11:38:43")
    let second = try daemon().pass()
    #expect(second.fired == ["prompt-20260708-1138"])
    #expect(deliverer.delivered.map(\.promptID) == ["prompt-20260708-1138"])
    #expect(deliverer.delivered.first?.title == "Time to report")
    #expect(deliverer.delivered.first?.actions.map(\.id).contains("answer-yes") == true)
    at("11:39:30")
    #expect(try daemon().pass().fired.isEmpty)
    #expect(deliverer.delivered.count == 1)
    #expect(try store.prompts.promptRecord("prompt-20260708-1138")?.state == .fired)
  }

  @Test func `after a suspend across two prompts only the newest fires, the other is missed`()
    throws
  {
    try daemon().pass()
    at("14:40:00")
    let pass = try daemon().pass()
    #expect(pass.fired == ["prompt-20260708-1436"])
    #expect(pass.missed == ["prompt-20260708-1138"])
    let missed = try #require(try store.prompts.promptRecord("prompt-20260708-1138"))
    #expect(missed.state == .missed && missed.firedAt == nil)
    #expect(try store.prompts.promptEvents("prompt-20260708-1138").map(\.detail) == ["superseded"])
  }

  @Test func `a prompt found later than the expiry is logged as missed, not fired`() throws {
    try daemon().pass()
    at("16:00:00")
    let pass = try daemon().pass()
    #expect(pass.fired.isEmpty)
    #expect(pass.missed == ["prompt-20260708-1138", "prompt-20260708-1436"])
    #expect(deliverer.delivered.isEmpty)
  }

  @Test func `a restarted daemon never fires a prompt twice, even when the clock goes back`()
    throws
  {
    try daemon().pass()
    at("11:38:43")
    try daemon().pass()
    // A restart right after, and a clock that jumps back an hour and forward again.
    #expect(try daemon().pass().fired.isEmpty)
    at("10:40:00")
    #expect(try daemon().pass().fired.isEmpty)
    at("11:38:50")
    #expect(try daemon().pass().fired.isEmpty)
    #expect(deliverer.delivered.count == 1)
  }

  @Test func `an unanswered prompt expires, and a newer prompt supersedes an open one`() throws {
    try daemon().pass()
    at("11:38:43")
    try daemon().pass()
    at("12:38:43")
    #expect(try daemon().pass().expired == ["prompt-20260708-1138"])
    at("14:36:57")
    try daemon().pass()
    at("16:12:53")
    let pass = try daemon().pass()
    #expect(pass.fired == ["prompt-20260708-1612"])
    #expect(pass.expired == ["prompt-20260708-1436"])
  }

  @Test func `nags follow an open prompt and stop once the user acts`() throws {
    try ScheduleSettings.set("nags", to: "on", in: store)
    try daemon().pass()
    at("11:38:43")
    try daemon().pass()
    at("11:48:43")
    #expect(try daemon().pass().fired == ["nag-20260708-1138-1"])
    #expect(deliverer.delivered.last?.title == "Still waiting on your report")
    at("11:50:00")
    let outcome = try PromptLifecycle.act(
      "nag-20260708-1138-1", .snooze, in: store, environment: store.environment)
    #expect(outcome.promptIdentifier == "prompt-20260708-1138")
    let snooze = try #require(outcome.snooze)
    #expect(snooze.due.iso8601 == "2026-07-08T12:05:00.000Z")
    at("11:53:43")
    #expect(try daemon().pass().fired.isEmpty)
    at("12:05:00")
    #expect(try daemon().pass().fired == [snooze.identifier])
    #expect(deliverer.delivered.last?.promptID == snooze.identifier)
    #expect(deliverer.delivered.last?.title == "Time to report")
  }

  @Test func `a late prompt fires alone: its due nags wait for their own time after it`() throws {
    try ScheduleSettings.set("nags", to: "on", in: store)
    try daemon().pass()
    // Back from a suspend 12 minutes after the prompt, when its first nag (11:48:42, then every
    // 5 minutes) was already due: the prompt is shown, not two notifications at once.
    at("11:50:00")
    #expect(try daemon().pass().fired == ["prompt-20260708-1138"])
    at("11:51:00")
    #expect(try daemon().pass().fired.isEmpty)
    // The next nag after it was shown reminds.
    at("11:53:43")
    #expect(try daemon().pass().fired == ["nag-20260708-1138-2"])
  }

  @Test func `a prompt found after all its nags were due fires without them`() throws {
    try ScheduleSettings.set("nags", to: "on", in: store)
    try daemon().pass()
    at("12:04:00")
    #expect(try daemon().pass().fired == ["prompt-20260708-1138"])
    at("12:10:00")
    #expect(try daemon().pass().fired.isEmpty)
  }

  @Test func `prompts a focus holds are reported as held, with the focus`() throws {
    try FocusFilter(
      name: "Deep work", allowedGroupIDs: [], pausesMainSchedule: true, since: clock.now()
    )
    .save(in: store)
    try daemon().pass()
    at("11:38:43")
    let pass = try daemon().pass()
    #expect(pass.fired.isEmpty && pass.held == ["prompt-20260708-1138"])
    #expect(pass.heldBy == "Deep work")
    #expect(pass.nextPrompt == nil || pass.nextPrompt?.source != .random)
  }

  @Test func `a notification that could not be shown makes its prompt missed, nags untouched`()
    throws
  {
    try daemon().pass()
    at("11:38:43")
    #expect(try daemon().pass().fired == ["prompt-20260708-1138"])
    let actedBefore = try PromptLifecycle.lastActed(in: store)
    try PromptLifecycle.act(
      "prompt-20260708-1138", .undelivered, in: store, environment: store.environment)
    let record = try #require(try store.prompts.promptRecord("prompt-20260708-1138"))
    #expect(record.state == .missed && record.firedAt == nil && record.delivery == "failed")
    let events = try store.prompts.promptEvents("prompt-20260708-1138")
    #expect(events.last?.detail == "delivery failed: the notification could not be shown")
    #expect(try PromptLifecycle.lastActed(in: store) == actedBefore)
    // Reported twice (a retrying notifier): nothing more changes.
    try PromptLifecycle.act(
      "prompt-20260708-1138", .undelivered, in: store, environment: store.environment)
    #expect(try store.prompts.promptEvents("prompt-20260708-1138").count == events.count)
  }

  @Test func `asleep nothing fires and pending snoozes are dropped`() throws {
    try daemon().pass()
    at("11:38:43")
    try daemon().pass()
    let snooze = try #require(
      try PromptLifecycle.act(
        "prompt-20260708-1138", .snooze, in: store, environment: store.environment
      ).snooze)
    try store.settings.setSetting(SettingKey.awake, "false")
    try store.write {
      try PromptLifecycle.dropPendingSnoozes(in: $0, environment: store.environment)
    }
    at("14:40:00")
    let pass = try daemon().pass()
    #expect(pass.fired.isEmpty && pass.missed.isEmpty)
    #expect(try store.prompts.promptRecord(snooze.identifier)?.state == .dropped)
  }

  @Test func `a focus that pauses the main schedule lets only allowed groups fire`() throws {
    try FocusFilter(
      name: "Deep work", allowedGroupIDs: [], pausesMainSchedule: true, since: clock.now()
    )
    .save(in: store)
    try daemon().pass()
    at("11:38:43")
    #expect(try daemon().pass().fired.isEmpty)
    try FocusFilter.clear(in: store)
    at("14:36:57")
    #expect(try daemon().pass().fired == ["prompt-20260708-1436"])
  }

  @Test func `a failed delivery is logged as missed with the reason`() throws {
    try daemon().pass()
    deliverer.failure = "notify-send: no notification server"
    at("11:38:43")
    let pass = try daemon().pass()
    #expect(pass.missed == ["prompt-20260708-1138"])
    let events = try store.prompts.promptEvents("prompt-20260708-1138")
    #expect(events.last?.detail?.contains("no notification server") == true)
  }

  @Test func `a yes from the notification files a quick answer and counts as answered`() throws {
    try daemon().pass()
    at("11:38:43")
    try daemon().pass()
    at("11:40:43")
    var sensorReads = 0
    let outcome = try PromptLifecycle.act(
      "prompt-20260708-1138", .answerYes, in: store, environment: store.environment
    ) {
      sensorReads += 1
      return SensorContext(battery: 0.42)
    }
    let reportID = try #require(outcome.reportID)
    let report = try store.reports.report(matching: reportID)
    #expect(report.trigger == .notification)
    // The quick answer records the sensors, read once, when it is filed.
    #expect(sensorReads == 1 && report.context.battery == 0.42)
    #expect(report.responses.count == 1)
    #expect(report.responses.first?.options == ["Yes"])
    let record = try #require(try store.prompts.promptRecord("prompt-20260708-1138"))
    #expect(record.state == .answered && record.reportID == reportID)
    let compliance = try store.prompts.compliance(days: 1, now: store.environment.now())
    #expect(compliance.total.fired == 1 && compliance.total.answered == 1)
    #expect(compliance.total.medianDelaySeconds == 120)
  }

  @Test func `acting on a prompt that is not in the log names it`() throws {
    #expect(throws: DispatchError.self) {
      try PromptLifecycle.act(
        "prompt-20990101-0000", .answerYes, in: store, environment: store.environment
      ) {
        Issue.record("the sensors are read only once the prompt is found")
        return SensorContext()
      }
    }
  }
}

/// Travel: the zone changes from New York to Tokyo at 12:00 UTC (property 16 of
/// docs/schedule.md#planner-properties), with private seeding and a look every ten minutes for two
/// days.
struct PromptDaemonTravelTests {
  @Test func `after a zone change prompts keep the gap, the new window and the daily count`()
    throws
  {
    let start = Instant(milliseconds: 1_783_468_800_000)  // 2026-07-08T00:00:00Z
    let clock = SteppingClock(start)
    let store = try DispatchStore(
      environment: RunEnvironment(clock: clock, ids: SequentialIDGenerator()))
    try store.questions.seedDefaultQuestionsIfEmpty()
    try ScheduleSettings.set("time-zone", to: "America/New_York", in: store)
    let deliverer = RecordingDeliverer()
    let daemon = PromptDaemon(store: store, environment: store.environment, deliverer: deliverer)
    var switched = false
    while clock.now() < start.adding(seconds: 2 * 86_400) {
      if !switched && clock.now() >= start.adding(seconds: 12 * 3600) {
        try ScheduleSettings.set("time-zone", to: "Asia/Tokyo", in: store)
        switched = true
      }
      try daemon.pass()
      clock.advance(seconds: 600)
    }
    let fired = try store.prompts.promptRecords(from: start, to: clock.now())
      .filter { $0.firedAt != nil && $0.source == "random" }
    #expect(fired.count >= 4)
    for (a, b) in zip(fired, fired.dropFirst()) {
      #expect(b.due.milliseconds - a.due.milliseconds >= 30 * 60_000, "\(a.due) → \(b.due)")
    }
    let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
    let afterSwitch = fired.filter { $0.due >= start.adding(seconds: 12 * 3600) }
    #expect(!afterSwitch.isEmpty)
    for record in afterSwitch {
      let civil = CivilTime(
        milliseconds: record.due.milliseconds,
        offsetSeconds: tokyo.secondsFromGMT(for: record.due.date))
      #expect(civil.hour >= 8, "\(record.due) is outside Tokyo's window")
    }
    let perDay = Dictionary(grouping: afterSwitch) { LocalDate($0.due, in: tokyo) }
    #expect(perDay.values.allSatisfy { $0.count <= 4 })
  }
}
