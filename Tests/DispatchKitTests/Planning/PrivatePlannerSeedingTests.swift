import DispatchKit
import Foundation
import Testing

/// Private seeding: sensitivity to every input, golden vectors, the full decade of DST dates,
/// ambiguous times (properties 2, 3, 12 and 13 of docs/schedule.md#planner-properties).
struct PrivatePlannerSeedingTests {
  static let secret: [UInt8] = Array(0..<32)
  let july8 = LocalDate(year: 2026, month: 7, day: 8)

  func zone(_ identifier: String) throws -> TimeZone {
    try #require(TimeZone(identifier: identifier), "tzdata lacks \(identifier)")
  }

  func plan(
    _ distribution: PromptDistribution = .refractory, zone: TimeZone, secret: [UInt8] = secret,
    day: LocalDate, window: String = "08:00-24:00", days: Int = 1
  ) -> [PlannedPrompt] {
    var settings = ScheduleSettings()
    settings.distribution = distribution
    settings.window = AwakeWindow(parsing: window) ?? .standard
    return SchedulePlanner(settings: settings, groups: [], zone: zone, secret: secret)
      .plan(from: day, days: days)
  }

  @Test func `2: changing the secret, the day or the zone changes the plan in 99% of pairs`()
    throws
  {
    let lisbon = try zone("Europe/Lisbon")
    let london = try zone("Europe/London")  // the same offsets as Lisbon all year
    var generator = SplitMix64(seed: 7)
    var same = (secret: 0, day: 0, zone: 0)
    let pairs = 10_000
    for index in 0..<pairs {
      let secret = (0..<32).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      let other = (0..<32).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      let day = LocalDate(dayNumber: 20_000 + index % 3_000)
      let base = plan(zone: lisbon, secret: secret, day: day).map(\.date)
      if base == plan(zone: lisbon, secret: other, day: day).map(\.date) { same.secret += 1 }
      let nextDay = plan(zone: lisbon, secret: secret, day: day.adding(days: 1)).map {
        $0.date.adding(seconds: -86_400)
      }
      if base == nextDay { same.day += 1 }
      if base == plan(zone: london, secret: secret, day: day).map(\.date) { same.zone += 1 }
    }
    #expect(same.secret <= pairs / 100 && same.day <= pairs / 100 && same.zone <= pairs / 100)
  }

  @Test func `3: golden vectors pin the generator, the mapping and every sampler`() throws {
    let utc = try zone("UTC")
    let expected: [PromptDistribution: [String]] = [
      .random: [
        "2026-07-08T11:10:59.000Z", "2026-07-08T14:31:58.000Z", "2026-07-08T19:17:36.000Z",
        "2026-07-08T21:39:46.000Z",
      ],
      // One in each four-hour slot.
      .semiRandom: [
        "2026-07-08T10:21:31.000Z", "2026-07-08T14:16:53.000Z", "2026-07-08T17:33:59.000Z",
        "2026-07-08T22:33:12.000Z",
      ],
      .regular: [
        "2026-07-08T08:00:00.000Z", "2026-07-08T12:00:00.000Z", "2026-07-08T16:00:00.000Z",
        "2026-07-08T20:00:00.000Z",
      ],
      // N + 1 is within refractory's tolerance.
      .refractory: [
        "2026-07-08T10:49:07.000Z", "2026-07-08T15:32:11.000Z", "2026-07-08T18:47:51.000Z",
        "2026-07-08T21:04:02.000Z", "2026-07-08T23:21:32.000Z",
      ],
    ]
    for (distribution, times) in expected {
      let actual = plan(distribution, zone: utc, day: july8).map(\.date.iso8601)
      #expect(actual == times, "\(distribution): \(actual)")
    }
  }

  @Test func `12: a decade of dates in eight zones keeps every prompt inside its window`()
    throws
  {
    let zones = [
      "America/New_York", "Europe/London", "Australia/Lord_Howe", "America/Santiago",
      "Asia/Kolkata", "Pacific/Chatham", "Africa/Casablanca", "Pacific/Apia",
    ]
    let first = LocalDate(year: 2020, month: 1, day: 1)
    let days = LocalDate(year: 2031, month: 1, day: 1).dayNumber - first.dayNumber
    for identifier in zones {
      let zone = try zone(identifier)
      let prompts = plan(zone: zone, day: first, window: "07:30-01:30", days: days)
      let outside = prompts.filter { prompt in
        let offset = zone.secondsFromGMT(for: prompt.date.date)
        let civil = CivilTime(milliseconds: prompt.date.milliseconds, offsetSeconds: offset)
        let minutes = civil.hour * 60 + civil.minute
        let date = LocalDate(year: civil.year, month: civil.month, day: civil.day)
        return
          !((date == prompt.day && minutes >= 450)
          || (date == prompt.day.adding(days: 1) && minutes < 90))
      }
      #expect(outside.isEmpty, "\(identifier): \(outside.prefix(3).map(\.date))")
      for (a, b) in zip(prompts, prompts.dropFirst())
      where b.date.milliseconds - a.date.milliseconds < 1_800_000 {
        Issue.record("\(identifier): gap broken at \(a.date)")
      }
    }
  }

  @Test func `13: a skipped start resolves forward, a repeated one to its first occurrence`()
    throws
  {
    let newYork = try zone("America/New_York")
    // 02:30 does not exist on 2025-03-09: the window starts at 03:30 EDT (07:30Z).
    let spring = plan(
      .regular, zone: newYork, day: LocalDate(year: 2025, month: 3, day: 9), window: "02:30-10:30")
    #expect(spring.first?.date.iso8601 == "2025-03-09T07:30:00.000Z")
    // 01:30 happens twice on 2025-11-02: the first, EDT (05:30Z).
    let fall = plan(
      .regular, zone: newYork, day: LocalDate(year: 2025, month: 11, day: 2), window: "01:30-09:30")
    #expect(fall.first?.date.iso8601 == "2025-11-02T05:30:00.000Z")
    // That window is 9 elapsed hours long, so regular spacing is 2 h 15 min.
    #expect(fall.dropFirst().first?.date.iso8601 == "2025-11-02T07:45:00.000Z")
  }
}
