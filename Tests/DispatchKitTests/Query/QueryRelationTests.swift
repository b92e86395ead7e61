import DispatchKit
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// Relations between types: windows, containment, before/after, same day, chains
/// (docs/query-language.md#compared-with-introspective, with the quirks it lists fixed).
struct QueryRelationTests {
  let fixture: QueryFixture
  let hour: Int64 = 60

  init() throws {
    fixture = try QueryFixture()
  }

  @Test func `within counts an instant inside an interval as distance zero`() throws {
    // Introspective misses this: a 12:00 mood is 120 minutes from both ends of 10:00–14:00.
    try fixture.activity("a", "Socializing", from: 0, to: 4 * hour)
    try fixture.mood("inside", at: 2 * hour, 7)
    try fixture.mood("near", at: 4 * hour + 25, 7)
    try fixture.mood("far", at: 4 * hour + 31, 7)
    try fixture.mood("before", at: -29, 7)
    #expect(
      try fixture.ids("mood where within 30 minutes of activity where name = \"Socializing\"")
        == ["before", "inside", "near"])
    #expect(try fixture.ids("mood where during activity") == ["inside"])
  }

  @Test func `before means this record ends at most the window before the other starts`() throws {
    try fixture.activity("gym", "Gym", from: 3 * hour, to: 4 * hour)
    try fixture.mood("just before", at: 3 * hour - 30, 5)
    try fixture.mood("long before", at: 3 * hour - 90, 5)
    try fixture.mood("after", at: 4 * hour + 30, 5)
    try fixture.mood("long after", at: 4 * hour + 90, 5)
    #expect(try fixture.ids("mood where within 1 hour before activity") == ["just before"])
    #expect(try fixture.ids("mood where within 1 hour after activity") == ["after"])
    #expect(try fixture.ids("mood where not (within 1 hour after activity)").count == 3)
  }

  @Test func `long intervals are found although they start far outside the window`() throws {
    // A sleep sample of 9 hours: the start index is searched from the window's start minus
    // the type's longest duration.
    try fixture.sample("SleepAnalysis", at: 0, minutes: 9 * hour, value: 0)
    try fixture.sample("HeartRate", at: 8 * hour, value: 60)
    try fixture.mood("morning", at: 8 * hour + 50, 6)
    try fixture.mood("noon", at: 12 * hour, 6)
    #expect(try fixture.ids("mood where during sleep") == ["morning"])
    #expect(try fixture.ids("mood where within 1 hour of heart rate") == ["morning"])
    #expect(try fixture.ids("heart rate where during sleep").count == 1)
  }

  @Test func `same day reads each record's day in its own offset`() throws {
    try fixture.sample("StepCount", at: 13 * 60 + 30, minutes: 10, value: 500)
    // The mood is at 23:40 UTC, 01:40 the next day at +02:00; the steps are on Wednesday UTC.
    try fixture.mood("next day there", at: 13 * 60 + 40, 5, offsetHours: 2)
    try fixture.mood("same day", at: 0, 5)
    #expect(try fixture.ids("mood where same day as steps") == ["same day"])
    #expect(try fixture.ids("mood where same week as steps").count == 2)
    #expect(try fixture.ids("mood where same month as steps").count == 2)
  }

  @Test func `the chained example: heart rates on the same day as low moods on a heavy day`() throws
  {
    // docs/query-language.md#compared-with-introspective; T is the start of 2026-03-04 (UTC).
    let t: Int64 = -10 * hour
    // T+2h, T+5h17m, T−1m, T+1d, T+5d.
    for minutes in [2 * hour, 5 * hour + 17, -1, 24 * hour, 120 * hour] {
      try fixture.sample("HeartRate", at: t + minutes, value: Double(60 + minutes % 30))
    }
    for (rating, minutes) in [(0.0, 0), (1.9, 0), (3, -hour), (4, 24 * hour), (4, 120 * hour)] {
      try fixture.mood("mood \(rating) \(minutes)", at: t + Int64(minutes), rating)
    }
    try fixture.sample("BodyMass", at: t + 17 * hour + 23, value: 171)
    try fixture.sample("BodyMass", at: t + 120 * hour, value: 175)
    let engine = try fixture.engine()
    let plan = try engine.plan(
      "heart rate where same day as mood where rating < 2 and same day as body mass where value > 170"
    )
    let starts = try engine.records(plan).map { ($0.start.milliseconds - QueryFixture.t0) / 60_000 }
    #expect(starts.sorted() == [t + 2 * hour, t + 5 * hour + 17])
  }

  @Test func `the second chained example: within ten days of sad moods`() throws {
    let day: Int64 = 24 * hour
    try fixture.mood("sad1", at: 0, 2, note: "sad some other stuff")
    try fixture.mood("sad2", at: 10 * day, 3, note: "prefix sad suffix")
    try fixture.mood("sa", at: 0, 3, note: "sa")
    try fixture.mood("nil", at: 0, 3)
    try fixture.mood("too low", at: -20 * day, 1.9, note: "sad")
    for minutes in [-2 * day, -5 * day - 16 * hour - 12, -11 * day, 21 * day, 25 * day] {
      try fixture.sample("HeartRate", at: minutes, value: 70)
    }
    #expect(
      try fixture.count(
        "heart rate where within 10 days of mood where note contains \"sad\" and rating >= 2") == 2)
  }

  @Test func `relations chain to any depth`() throws {
    try fixture.activity("gym", "Gym", from: 0, to: hour)
    try fixture.sample("HeartRate", at: 30, value: 150)
    try fixture.mood("m", at: 2 * hour, 8)
    try fixture.mood("other", at: 30 * hour, 8)
    #expect(
      try fixture.ids(
        "mood where within 2 hours of activity where during heart rate where value > 140")
        == ["m"])
    #expect(
      try fixture.ids(
        "mood where within 2 hours of activity where during heart rate where value > 160") == [])
  }
}
