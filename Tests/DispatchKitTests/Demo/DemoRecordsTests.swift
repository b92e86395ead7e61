import DispatchKit
import Foundation
import Testing

/// The demo's direct records: deterministic, counted in the summary, and correlated with the
/// reports the way a user would expect.
///
/// The demo is built once for the suite and only read, one test at a time.
@Suite(.serialized) struct DemoRecordsTests {
  nonisolated(unsafe) private static let built = Result {
    () throws -> (DispatchStore, DemoSummary) in
    let store = try makeStore()
    return (store, try DemoHistory.populate(store))
  }

  let store: DispatchStore
  let summary: DemoSummary

  init() throws {
    (store, summary) = try Self.built.get()
  }

  static func makeStore() throws -> DispatchStore {
    try DispatchStore(
      environment: RunEnvironment(clock: FixedWallClock(Instant(milliseconds: 1_783_512_000_000))))
  }

  func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(max(values.count, 1)) }

  /// Hours slept before each local day (New York or Lisbon day of the wake report), from the
  /// sleep report to the next wake report.
  func sleepHoursByDay() throws -> [String: Double] {
    var hours: [String: Double] = [:]
    var lastSleep: Instant?
    for report in try store.reports.list() {
      if report.kind == .sleep { lastSleep = report.date }
      if report.kind == .wake, let slept = lastSleep {
        let local = CivilTime(
          milliseconds: report.date.milliseconds, offsetSeconds: report.utcOffsetSeconds)
        hours[local.dateText] = Double(report.date.milliseconds - slept.milliseconds) / 3_600_000
      }
    }
    return hours
  }

  @Test func twoDemoStoresHoldIdenticalRecords() throws {
    let other = try Self.makeStore()
    let otherSummary = try DemoHistory.populate(other)
    #expect(otherSummary == summary)
    #expect(try other.records.ratings(.mood) == (try store.records.ratings(.mood)))
    #expect(try other.records.activities() == (try store.records.activities()))
    #expect(try other.records.doses() == (try store.records.doses()))
    #expect(try other.records.stressCheckIns() == (try store.records.stressCheckIns()))
    #expect(try other.records.lostItems() == (try store.records.lostItems()))
    #expect(try other.records.metricContext() == (try store.records.metricContext()))
  }

  @Test func summaryCountsTheRecords() throws {
    let records = summary.records
    #expect(records.moods == (try store.records.ratings(.mood).count))
    #expect(records.fatigue == (try store.records.ratings(.fatigue).count))
    #expect(records.activities == (try store.records.activities().count))
    #expect(records.doses == (try store.records.doses().count))
    #expect(records.stressCheckIns == (try store.records.stressCheckIns().count))
    #expect(records.lostItems == (try store.records.lostItems().count))
    #expect(records.metricContext == (try store.records.metricContext().count))
    #expect(records.moods > 2 * summary.days && records.moods < 3 * summary.days)
    #expect((40...60).contains(records.stressCheckIns))
    #expect((4...20).contains(records.lostItems))
    #expect(records.missedDoses > 0)
    #expect(try store.records.stressors() == ["Work", "Sleep", "Family"])
    #expect(try store.records.medications().map(\.name) == ["Vitamin D", "Ibuprofen"])
  }

  @Test func moodIsLowerAfterShortNights() throws {
    let hours = try sleepHoursByDay()
    var short: [Double] = []
    var long: [Double] = []
    for mood in try store.records.ratings(.mood) {
      guard let slept = hours[mood.time.local.dateText] else { continue }
      if slept < 7.9 { short.append(mood.rating) } else if slept >= 8.6 { long.append(mood.rating) }
    }
    #expect(short.count > 20 && long.count > 20)
    #expect(mean(short) < mean(long) - 0.4, "short \(mean(short)) long \(mean(long))")
    let fatigue = try store.records.ratings(.fatigue)
    let tiredShort = fatigue.filter { (hours[$0.time.local.dateText] ?? 8.2) < 7.9 }.map(\.rating)
    let tiredLong = fatigue.filter { (hours[$0.time.local.dateText] ?? 8.2) >= 8.6 }.map(\.rating)
    #expect(mean(tiredShort) > mean(tiredLong))
  }

  @Test func lostItemsAreMoreFrequentAfterShortNights() throws {
    let hours = try sleepHoursByDay()
    let shortDays = Set(hours.filter { $0.value < 7.9 }.keys)
    let longDays = Set(hours.filter { $0.value >= 7.9 }.keys)
    let lostDays = try store.records.lostItems().map(\.noticed.local.dateText)
    let shortRate = Double(lostDays.filter(shortDays.contains).count) / Double(shortDays.count)
    let longRate = Double(lostDays.filter(longDays.contains).count) / Double(longDays.count)
    #expect(shortRate > 2 * longRate, "short \(shortRate) long \(longRate)")
  }

  @Test func gymActivitiesFallOnGymDaysAndTheTripHasContext() throws {
    let gym = try #require(try store.records.activityDefinition(named: "Gym"))
    let gymDays = Set(
      try store.records.activities().filter { $0.definitionID == gym.id }.map(
        \.start.local.dateText))
    #expect(gymDays.count > 40)
    let context = try store.records.metricContext()
    #expect(context.contains { $0.metric == "steps" && $0.note == "travel: steps not comparable" })
    #expect(context.contains { $0.metric == nil && $0.note.hasPrefix("sick day") })
    let checkIns = try store.records.stressCheckIns()
    #expect(checkIns.contains { $0.stressors.contains { $0.answer == .notApplicable } })
    #expect(checkIns.contains { $0.stressors.contains { $0.answer == .skipped } })
  }

  @Test func exportsAsIntrospectiveCSV() throws {
    let files = try store.introspectiveExportFiles(
      exportedAt: Instant(milliseconds: 1_783_512_000_000))
    #expect(files.count == 6)
    #expect(files.contains { $0.name == "Moods 2026-07-08_0800.csv" })
  }
}
