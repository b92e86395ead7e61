import DispatchKit
import Foundation
import Testing

/// Compatible seeding reproduces Dispatch bit for bit (docs/schedule.md#the-compatible-planner,
/// docs/schedule.md#group-planning, docs/schedule.md#reference-vectors).
struct CompatiblePlannerTests {
  let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
  let july8 = LocalDate(year: 2026, month: 7, day: 8)

  func planner(_ configure: (inout ScheduleSettings) -> Void = { _ in }, groups: [PromptGroup] = [])
    -> SchedulePlanner
  {
    var settings = ScheduleSettings()
    settings.seeding = .compatible
    configure(&settings)
    return SchedulePlanner(settings: settings, groups: groups, zone: utc, secret: [])
  }

  func times(_ prompts: [PlannedPrompt]) -> [String] { prompts.map(\.date.iso8601) }

  @Test func `semi-random default day is Dispatch's, to the millisecond`() {
    let prompts = planner().plan(from: july8, days: 1)
    #expect(
      times(prompts) == [
        "2026-07-08T11:38:42.810Z", "2026-07-08T14:36:56.553Z", "2026-07-08T16:12:52.843Z",
        "2026-07-08T23:30:04.348Z",
      ])
    #expect(
      prompts.map(\.identifier) == [
        "prompt-20260708-1138", "prompt-20260708-1436", "prompt-20260708-1612",
        "prompt-20260708-2330",
      ])
    #expect(prompts.allSatisfy { $0.source == .random && $0.day == july8 })
  }

  @Test func `the random distribution with the same seed`() {
    let prompts = planner { $0.distribution = .random }.plan(from: july8, days: 1)
    #expect(
      times(prompts) == [
        "2026-07-08T08:51:31.373Z", "2026-07-08T18:27:46.212Z", "2026-07-08T22:00:17.390Z",
        "2026-07-08T22:34:51.238Z",
      ])
  }

  @Test func `the first output for the day seed`() {
    var generator = SplitMix64(seed: july8.daySeed)
    #expect(july8.daySeed == 20_260_708)
    #expect(generator.next() == 7_141_910_126_485_161_910)
  }

  @Test func `regular is evenly spaced and a colliding fixed time is dropped`() {
    let regular = planner { $0.distribution = .regular }.plan(from: july8, days: 1)
    #expect(
      times(regular) == [
        "2026-07-08T08:00:00.000Z", "2026-07-08T12:00:00.000Z", "2026-07-08T16:00:00.000Z",
        "2026-07-08T20:00:00.000Z",
      ])
    let withFixed = planner {
      $0.distribution = .regular
      $0.fixedTimes = [WallClockTime(minutes: 480)].compactMap { $0 }
    }.plan(from: july8, days: 1)
    #expect(times(withFixed) == times(regular))
  }

  @Test func `a fixed time past midnight lands on the next day inside the window`() {
    let prompts = planner {
      $0.promptsPerDay = 1
      $0.window = AwakeWindow(parsing: "22:00-06:00") ?? .standard
      $0.fixedTimes = [WallClockTime(parsing: "02:17")].compactMap { $0 }
    }.plan(from: july8, days: 1)
    #expect(prompts.count == 2)
    #expect(times(prompts).contains("2026-07-09T02:17:00.000Z"))
    #expect(prompts.first { $0.source == .fixed }?.date.iso8601 == "2026-07-09T02:17:00.000Z")
    let start = Instant(milliseconds: 1_783_548_000_000)  // 2026-07-08T22:00Z
    #expect(prompts.allSatisfy { $0.date >= start && $0.date < start.adding(seconds: 8 * 3600) })
  }

  @Test func `every N hours fires strictly inside the window`() {
    let group = PromptGroup(id: "g", name: "G", scheduleKind: "everyNHours", scheduleHours: 3)
    let prompts = planner { $0.randomPromptsEnabled = false }
      .plan(from: july8, days: 1).filter { $0.source == .group }
    #expect(prompts.isEmpty)
    let grouped = planner({ $0.randomPromptsEnabled = false }, groups: [group])
      .plan(from: july8, days: 1)
    #expect(
      grouped.map { CivilTime(milliseconds: $0.date.milliseconds, offsetSeconds: 0).hour } == [
        11, 14, 17, 20, 23,
      ])
    #expect(grouped.allSatisfy { $0.source == .group && $0.promptGroupID == "g" })
    #expect(grouped.first?.identifier == "gprompt-g-20260708-1100")
    let night = planner(
      {
        $0.randomPromptsEnabled = false
        $0.window = AwakeWindow(parsing: "22:00-06:00") ?? .standard
      },
      groups: [PromptGroup(id: "g", name: "G", scheduleKind: "everyNHours", scheduleHours: 2)]
    ).plan(from: july8, days: 1)
    #expect(
      times(night) == [
        "2026-07-09T00:00:00.000Z", "2026-07-09T02:00:00.000Z", "2026-07-09T04:00:00.000Z",
      ])
  }

  @Test func `group seeds differ by FNV-1a of the group ID`() {
    let a = PromptGroup(id: "pg-a", name: "A", scheduleKind: "timesPerDay", scheduleCount: 4)
    let b = PromptGroup(id: "pg-b", name: "B", scheduleKind: "timesPerDay", scheduleCount: 4)
    let prompts = planner({ $0.randomPromptsEnabled = false }, groups: [a, b])
      .plan(from: july8, days: 1)
    let datesA = prompts.filter { $0.promptGroupID == "pg-a" }.map(\.date)
    let datesB = prompts.filter { $0.promptGroupID == "pg-b" }.map(\.date)
    #expect(datesA.count == 4 && datesB.count == 4)
    #expect(datesA != datesB)
  }

  @Test
  func `unknown kinds are disabled with the raw value kept, missing parameters default`() {
    let unknown = PromptGroup(id: "x", name: "X", scheduleKind: "someFutureKind")
    #expect(GroupSchedule(unknown) == .disabled("someFutureKind"))
    #expect(
      GroupSchedule(PromptGroup(id: "e", name: "E", scheduleKind: "everyNHours")) == .everyNHours(4)
    )
    #expect(
      GroupSchedule(PromptGroup(id: "t", name: "T", scheduleKind: "timesPerDay"))
        == .timesPerDay(4, .semiRandom))
    #expect(
      GroupSchedule(PromptGroup(id: "w", name: "W", scheduleKind: "workoutEnd"))
        == .event("workoutEnd"))
  }

  @Test func `a nag chain follows its parent and nags are off by default`() {
    #expect(ScheduleSettings().nagsEnabled == false)
    #expect(ScheduleSettings().nagDelayMinutes == 10)
    #expect(ScheduleSettings().nagIntervalMinutes == 5)
    #expect(ScheduleSettings().nagMaxCount == 3)
    let prompts = planner {
      $0.randomPromptsEnabled = false
      $0.fixedTimes = [WallClockTime(parsing: "10:00")].compactMap { $0 }
      $0.nagsEnabled = true
    }.plan(from: july8, days: 1)
    #expect(
      times(prompts) == [
        "2026-07-08T10:00:00.000Z", "2026-07-08T10:10:00.000Z", "2026-07-08T10:15:00.000Z",
        "2026-07-08T10:20:00.000Z",
      ])
    #expect(
      prompts.dropFirst().map(\.identifier) == [
        "nag-20260708-1000-1", "nag-20260708-1000-2", "nag-20260708-1000-3",
      ])
    #expect(prompts.dropFirst().allSatisfy { $0.parentIdentifier == "prompt-20260708-1000" })
  }

  @Test func `compatible mode keeps Dispatch's DST shift of hours added to midnight`() throws {
    let newYork = try #require(TimeZone(identifier: "America/New_York"))
    var settings = ScheduleSettings()
    settings.seeding = .compatible
    settings.distribution = .regular
    settings.fixedTimes = [WallClockTime(parsing: "09:30")].compactMap { $0 }
    let planner = SchedulePlanner(settings: settings, groups: [], zone: newYork, secret: [])
    // Spring forward, 2025-03-09: 8 hours after midnight is 09:00 EDT, 9 h 30 is 10:30 EDT.
    let spring = planner.plan(from: LocalDate(year: 2025, month: 3, day: 9), days: 1)
    #expect(spring.first?.date.iso8601 == "2025-03-09T13:00:00.000Z")
    #expect(spring.first { $0.source == .fixed }?.date.iso8601 == "2025-03-09T14:30:00.000Z")
    // Fall back, 2025-11-02: 07:00 EST and 08:30 EST.
    let fall = planner.plan(from: LocalDate(year: 2025, month: 11, day: 2), days: 1)
    #expect(fall.first?.date.iso8601 == "2025-11-02T12:00:00.000Z")
    #expect(fall.first { $0.source == .fixed }?.date.iso8601 == "2025-11-02T13:30:00.000Z")
  }
}
