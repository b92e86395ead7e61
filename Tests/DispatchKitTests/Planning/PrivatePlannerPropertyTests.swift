import DispatchKit
import Foundation
import Testing

/// Private seeding's guarantees for every distribution (docs/schedule.md#seeding; properties
/// 1, 2, 5–8 and 11–14 of docs/schedule.md#planner-properties): determinism, window, count, gap
/// across days, distinct minutes, DST and skipped dates.
struct PrivatePlannerPropertyTests {
  static let secret: [UInt8] = Array(0..<32)
  static let zones = [
    "America/New_York", "Europe/London", "Australia/Lord_Howe", "America/Santiago",
    "Pacific/Apia", "Asia/Kolkata", "Pacific/Chatham",
  ]
  static let windows = ["08:00-24:00", "20:00-02:00", "00:30-23:30"]

  func zone(_ identifier: String) throws -> TimeZone {
    try #require(TimeZone(identifier: identifier), "tzdata lacks \(identifier)")
  }

  func planner(
    zone: TimeZone, distribution: PromptDistribution, window: String = "08:00-24:00",
    secret: [UInt8] = Self.secret, fixed: [String] = []
  ) -> SchedulePlanner {
    var settings = ScheduleSettings()
    settings.distribution = distribution
    settings.window = AwakeWindow(parsing: window) ?? .standard
    settings.fixedTimes = fixed.compactMap(WallClockTime.init(parsing:))
    return SchedulePlanner(settings: settings, groups: [], zone: zone, secret: secret)
  }

  /// Whether a prompt's wall-clock time, read back in its zone, lies in the window of `day`.
  func inWindow(_ prompt: PlannedPrompt, _ window: AwakeWindow, zone: TimeZone) -> Bool {
    let offset = zone.secondsFromGMT(for: prompt.date.date)
    let civil = CivilTime(milliseconds: prompt.date.milliseconds, offsetSeconds: offset)
    let date = LocalDate(year: civil.year, month: civil.month, day: civil.day)
    let minutes = civil.hour * 60 + civil.minute
    if date == prompt.day {
      return minutes >= window.start.minutes
        && (window.crossesMidnight || minutes < window.end.minutes)
    }
    return window.crossesMidnight && date == prompt.day.adding(days: 1)
      && minutes < window.end.minutes
  }

  @Test(arguments: PromptDistribution.allCases)
  func `window, gap, count and distinct minutes hold over a year in every zone`(
    _ distribution: PromptDistribution
  ) throws {
    for identifier in Self.zones {
      let zone = try zone(identifier)
      for windowText in Self.windows {
        let window = try #require(AwakeWindow(parsing: windowText))
        let plan = planner(zone: zone, distribution: distribution, window: windowText)
          .plan(from: LocalDate(year: 2025, month: 1, day: 1), days: 365)
        let label = "\(identifier) \(windowText) \(distribution)"
        #expect(plan.allSatisfy { inWindow($0, window, zone: zone) }, "\(label): window")
        for (a, b) in zip(plan, plan.dropFirst()) {
          #expect(
            b.date.milliseconds - a.date.milliseconds >= 30 * 60_000, "\(label): gap \(a.date)")
        }
        let minutes = Set(plan.map { $0.date.milliseconds / 60_000 })
        #expect(minutes.count == plan.count, "\(label): minutes")
        let perDay = Dictionary(grouping: plan, by: \.day).mapValues(\.count)
        let expected = distribution == .refractory ? 3...5 : 4...4
        #expect(perDay.values.allSatisfy(expected.contains), "\(label): count")
        #expect(perDay.count == 365, "\(label): every day planned")
        #expect(plan.map(\.identifier).count == Set(plan.map(\.identifier)).count)
      }
    }
  }

  @Test(arguments: PromptDistribution.allCases)
  func `the same inputs give the same plan and another secret gives another`(
    _ distribution: PromptDistribution
  ) throws {
    let zone = try zone("Europe/Lisbon")
    let first = LocalDate(year: 2026, month: 3, day: 1)
    let a = planner(zone: zone, distribution: distribution).plan(from: first, days: 60)
    let b = planner(zone: zone, distribution: distribution).plan(from: first, days: 60)
    #expect(a == b)
    guard distribution != .regular else { return }
    let other = planner(
      zone: zone, distribution: distribution, secret: Array(repeating: 7, count: 32)
    )
    .plan(from: first, days: 60)
    let differing = zip(a, other).filter { $0.date != $1.date }.count
    #expect(differing > 0)
    // A day planned alone is the day planned within a longer run: restarts cannot reshuffle.
    let alone = planner(zone: zone, distribution: distribution)
      .plan(from: first.adding(days: 10), days: 1)
    #expect(alone == a.filter { $0.day == first.adding(days: 10) })
  }

  @Test func `Apia's skipped 2011-12-30 gets no prompts and its neighbours share none`() throws {
    let zone = try zone("Pacific/Apia")
    for distribution in PromptDistribution.allCases {
      let plan = planner(zone: zone, distribution: distribution)
        .plan(from: LocalDate(year: 2011, month: 12, day: 29), days: 3)
      #expect(!plan.contains { $0.day == LocalDate(year: 2011, month: 12, day: 30) })
      let dates = plan.map(\.date)
      #expect(Set(dates).count == dates.count)
      #expect(plan.contains { $0.day == LocalDate(year: 2011, month: 12, day: 31) })
    }
  }

  @Test func `a window over a spring-forward night keeps its wall-clock bounds`() throws {
    // New York springs forward at 02:00 on 2025-03-09: 20:00–03:00 spans 6 elapsed hours.
    let zone = try zone("America/New_York")
    let window = try #require(AwakeWindow(parsing: "20:00-03:00"))
    for distribution in PromptDistribution.allCases {
      let plan = planner(zone: zone, distribution: distribution, window: "20:00-03:00")
        .plan(from: LocalDate(year: 2025, month: 3, day: 8), days: 1)
      #expect(plan.allSatisfy { inWindow($0, window, zone: zone) })
      let start = Instant(milliseconds: 1_741_482_000_000)  // 2025-03-09T01:00Z = 20:00 EST
      #expect(plan.allSatisfy { $0.date >= start && $0.date < start.adding(seconds: 6 * 3600) })
    }
  }

  @Test func `fixed times keep the gap from random prompts`() throws {
    let zone = try zone("Europe/London")
    for distribution in [PromptDistribution.random, .semiRandom, .refractory] {
      let plan = planner(
        zone: zone, distribution: distribution, fixed: ["09:00", "13:00", "18:30"]
      )
      .plan(from: LocalDate(year: 2026, month: 1, day: 1), days: 120)
      #expect(plan.filter { $0.source == .fixed }.count == 360)
      for (a, b) in zip(plan, plan.dropFirst()) {
        #expect(b.date.milliseconds - a.date.milliseconds >= 30 * 60_000)
      }
    }
  }
}
