import DispatchKit
import Foundation
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// Apple Health readings on reports (docs/health.md#health-context-on-reports): attached when a
/// report is filed and after an import, with Dispatch's v2 reading types
/// (docs/formats/dispatch-v2.md#health-readings).
struct HealthContextTests {
  let store: DispatchStore

  init() throws {
    store = try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 1_790_000_000_000)),
        ids: SequentialIDGenerator()))
    try store.settings.setSetting(SettingKey.timeZone, "America/New_York")
    try store.importFiles(
      [try HealthImportTests.fixturePath("export.zip")],
      options: ImportOptions(defaultTimeZone: "America/New_York"))
  }

  /// A report at `local` New York wall time on 2024-03-10 (EDT, -4 h).
  func report(_ id: String, hour: Int, minute: Int = 0) -> Report {
    let utc =
      Int64(CivilTime.days(year: 2024, month: 3, day: 10)) * 86_400_000
      + Int64((hour + 4) * 3600 + minute * 60) * 1000
    return Report(
      id: id, date: Instant(milliseconds: utc), timeZoneIdentifier: "America/New_York",
      utcOffsetSeconds: -14_400)
  }

  func readings(_ id: String) throws -> [String: HealthReading] {
    let stored = try #require(try store.reports.list().first { $0.id == id })
    return Dictionary(stored.context.health.map { ($0.type, $0) }, uniquingKeysWith: { a, _ in a })
  }

  @Test func `a report filed after the morning run gets the day's readings`() throws {
    try store.reports.file(report("R1", hour: 9))
    let readings = try readings("R1")
    // Steps since midnight, one source per interval.
    let steps = try #require(readings["steps"])
    #expect(steps.unit == "count" && steps.value > 0 && steps.isFromAppleHealth)
    // The 07:42 run (HKWorkoutActivityTypeRunning, raw value 37), 29 min 26 s.
    #expect(readings["workout.37"]?.value == 1766)
    // Last night's stages, and the rings of the day.
    #expect(readings["sleepCore"].map { $0.value > 3600 } == true)
    #expect(readings["sleepDeep"]?.unit == "s" && readings["sleepREM"] != nil)
    #expect(readings["activity.move"]?.value == 688.047)
    #expect(readings["activity.exerciseGoal"]?.value == 30)
    #expect(readings["activity.stand"]?.unit == "hours")
    #expect(readings["hrvSDNN"]?.unit == "ms")
  }

  @Test func `steps count from the previous report, heart rate from the half hour before`() throws {
    try store.reports.file(report("R1", hour: 8))
    try store.reports.file(report("R2", hour: 8, minute: 12))
    let first = try #require(try readings("R1")["steps"])
    let second = try #require(try readings("R2")["steps"])
    #expect(second.startDate == report("R1", hour: 8).date)
    #expect(second.value < first.value)
    let heart = try readings("R2")
    if let average = heart["heartRateAvg"], let low = heart["heartRateWindowMin"],
      let high = heart["heartRateWindowMax"]
    {
      #expect(low.value <= average.value && average.value <= high.value)
    }
    #expect(heart["heartRateLatest"] != nil)
  }

  @Test func `readings the report brought are kept, and refiling replaces only Dispatch's`() throws
  {
    var brought = report("R1", hour: 9)
    brought.context.health = [HealthReading(type: "steps", value: 123, unit: "count")]
    try store.reports.file(brought)
    try store.reports.file(try #require(try store.reports.list().first))
    let stored = try #require(try store.reports.list().first).context.health
    #expect(stored.filter { $0.type == "steps" }.map(\.value) == [123])
    #expect(Set(stored.map(\.type)).count == stored.count)
    #expect(stored.contains { $0.type == "workout.37" })
  }

  @Test func `reports imported before the health data get it when it comes`() throws {
    let other = try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 1_790_000_000_000)),
        ids: SequentialIDGenerator()))
    try other.settings.setSetting(SettingKey.timeZone, "America/New_York")
    try other.reports.file(report("R1", hour: 9))
    #expect(try other.reports.list().first?.context.health.isEmpty == true)
    let summary = try other.importFiles(
      [try HealthImportTests.fixturePath("export.xml")],
      options: ImportOptions(defaultTimeZone: "America/New_York"))
    #expect(summary.healthContextReports == 1)
    let health = try #require(try other.reports.list().first).context.health
    #expect(health.contains { $0.type == "steps" && $0.isFromAppleHealth })
  }
}
