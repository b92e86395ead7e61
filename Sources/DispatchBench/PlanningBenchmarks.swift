import DispatchKit
import Foundation

extension BenchmarkSuite {
  /// Planning a year: 12 random prompts a day (refractory, private seeding, two fixed times,
  /// nags on) plus five timer groups, in New York so the year has both clock changes.
  static let planYear = Benchmark(name: "plan a year") { _ in
    var settings = ScheduleSettings()
    settings.promptsPerDay = 12
    settings.distribution = .refractory
    settings.minimumGapMinutes = 45
    settings.fixedTimes = ["09:00", "21:00"].compactMap(WallClockTime.init(parsing:))
    settings.nagsEnabled = true
    let groups = [
      PromptGroup(id: "g-every", name: "Every 3 h", scheduleKind: "everyNHours", scheduleHours: 3),
      PromptGroup(id: "g-times", name: "Five a day", scheduleKind: "timesPerDay", scheduleCount: 5),
      PromptGroup(
        id: "g-random", name: "Random", scheduleKind: "timesPerDay", scheduleCount: 3,
        scheduleDistribution: "random"),
      PromptGroup(
        id: "g-daily", name: "Evening", scheduleKind: "dailyAt", scheduledTimes: ["20:30"]),
      PromptGroup(
        id: "g-refractory", name: "Refractory", scheduleKind: "timesPerDay", scheduleCount: 4,
        scheduleDistribution: "refractory"),
    ]
    let zone = TimeZone(identifier: "America/New_York") ?? .current
    let planner = SchedulePlanner(
      settings: settings, groups: groups, zone: zone, secret: Array(repeating: 42, count: 32))
    var count = 0
    let seconds = Stopwatch.median(runs: 5) {
      count = planner.plan(from: LocalDate(year: 2026, month: 1, day: 1), days: 365).count
    }
    return [
      BenchResult(
        name: "plan: 365 days, 12 prompts/day + 5 groups", value: seconds * 1000, unit: "ms",
        detail: "\(count) prompts incl. nags, private seeding, America/New_York; median of 5")
    ]
  }
}
