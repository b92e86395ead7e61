import DispatchKit
import Foundation
import Testing

@testable import DispatchStorage

/// One figure, one value: a week's steps, sleep and heart rate on the demo store (with its
/// eight weeks of Apple Health data) agree across `health show`, the digest, the dashboard,
/// `compare-weeks` and `graph --per day`, which all read them through the library.
@Suite(.serialized) struct DayFigureConsistencyTests {
  static let newYork = TimeZone(identifier: "America/New_York") ?? .current
  /// The demo's last week: Monday 2026-07-06 to Sunday 2026-07-12, New York.
  static let weekStart = Instant(milliseconds: 1_783_310_400_000)
  static let weekEnd = Instant(milliseconds: 1_783_915_200_000)
  static let ending = Instant(milliseconds: 1_783_900_000_000)

  /// The demo with its Apple Health data, built once for the suite (a debug build takes half a
  /// minute to make it); the tests only read it, one at a time.
  nonisolated(unsafe) private static let demo = Result { () throws -> DispatchStore in
    let store = try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 1_783_607_520_000)),
        ids: SequentialIDGenerator()))
    _ = try DemoHistory.populate(store, health: true)
    return store
  }

  var store: DispatchStore {
    get throws { try Self.demo.get() }
  }

  private func seriesTotal(_ type: String) throws -> [Double] {
    try store.health.healthSeries(
      type: type, from: Self.weekStart, to: Self.weekEnd, zone: Self.newYork
    )
    .points.map(\.value)
  }

  private func graphWeek(_ query: String) throws -> [Double] {
    let result = try GraphService(store: store).graph(
      GraphRequest(query: query, grouping: .time(.day)))
    let points = try #require(result.series.first?.points)
    // Time groups sit at their local midnights, written as if in UTC.
    let first = Double(Self.weekStart.milliseconds - 4 * 3_600_000)
    let last = Double(Self.weekEnd.milliseconds - 4 * 3_600_000)
    return points.filter { $0.x >= first && $0.x < last }.compactMap(\.y)
  }

  private func close(_ left: [Double], _ right: [Double], within tolerance: Double = 1e-6) -> Bool {
    left.count == right.count && zip(left, right).allSatisfy { abs($0 - $1) <= tolerance }
  }

  @Test func `a week's steps are the same everywhere they are shown`() throws {
    let daily = try seriesTotal("HKQuantityTypeIdentifierStepCount")
    #expect(daily.count == 7)
    let total = daily.reduce(0, +)
    // The digest and the dashboard's "last week" read the day figures.
    let figures = try store.health.dayFigures(
      .steps, from: Self.weekStart, to: Self.weekEnd, zone: Self.newYork)
    #expect(abs(figures.total - total) < 1e-6)
    #expect(figures.healthDays.count == 7)
    let digest = try store.digest(period: .week, ending: Self.ending)
    #expect(abs(digest.stepsTotal - total) < 1e-6)
    let dashboard = try store.dashboardData(now: store.environment.now())
    #expect(abs(dashboard.digest.stepsTotal - total) < 1e-6)
    // A graph per day sums the same de-duplicated parts by default.
    #expect(close(try graphWeek("steps"), daily))
    // compare-weeks: one entry a day, whose mean is the week's daily average.
    let weeks = try store.weekComparison(metric: "steps", ending: Self.ending)
    #expect(close(weeks.later.dailyMeans.compactMap { $0 }, daily))
    #expect(abs((weeks.later.dayBalancedMean ?? 0) - total / 7) < 1e-6)
    #expect(weeks.later.entries == 7)
  }

  @Test func `a week's sleep is the same in health show, graphs and compare-weeks`() throws {
    let nights = try seriesTotal("HKCategoryTypeIdentifierSleepAnalysis")
    #expect(nights.count == 7 && nights.allSatisfy { $0 > 4 && $0 < 11 })
    #expect(close(try graphWeek("sleep"), nights))
    let weeks = try store.weekComparison(metric: "sleep", ending: Self.ending)
    #expect(close(weeks.later.dailyMeans.compactMap { $0 }, nights))
    let figures = try store.health.dayFigures(
      .sleepHours, from: Self.weekStart, to: Self.weekEnd, zone: Self.newYork)
    #expect(close(figures.days.map(\.value), nights))
  }

  @Test func `a week's heart rate averages the same samples per day`() throws {
    let daily = try seriesTotal("HKQuantityTypeIdentifierHeartRate")
    #expect(daily.count == 7)
    #expect(close(try graphWeek("heart rate"), daily, within: 1e-9))
  }

  @Test func `the fixture export's days agree across health show, graphs and compare-weeks`()
    throws
  {
    let store = try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 1_790_000_000_000)),
        ids: SequentialIDGenerator()))
    try store.settings.setSetting(SettingKey.timeZone, "America/New_York")
    try store.importFiles(
      [try HealthImportTests.fixturePath("export.xml")],
      options: ImportOptions(defaultTimeZone: "America/New_York"))
    // 2024-03-10 in New York, the export's last day.
    let ending = Instant(milliseconds: 1_710_100_000_000)
    for (type, query) in [
      ("HKQuantityTypeIdentifierStepCount", "steps"),
      ("HKCategoryTypeIdentifierSleepAnalysis", "sleep"),
    ] {
      let daily = try store.health.healthSeries(type: type, zone: Self.newYork).points.map(\.value)
      #expect(daily.count == 3, "\(query)")
      let graph = try GraphService(store: store).graph(
        GraphRequest(query: query, grouping: .time(.day)))
      #expect(close(graph.series.first?.points.compactMap(\.y) ?? [], daily), "\(query)")
      let weeks = try store.weekComparison(metric: query, ending: ending)
      #expect(close(weeks.later.dailyMeans.compactMap { $0 }, daily), "\(query)")
    }
    let steps = try store.health.dayFigures(.steps, zone: Self.newYork)
    #expect(steps.days.map(\.value) == [10_922, 10_913, 12_780])
  }
}
