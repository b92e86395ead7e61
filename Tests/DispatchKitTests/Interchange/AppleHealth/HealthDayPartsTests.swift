import DispatchKit
import Foundation
import Testing

/// How Health samples become a day's figure (docs/health.md#one-figure-per-day): sums cut at
/// local midnight, a night's sleep whole on the day it ends whatever range is asked, and the
/// reports' readings for the days Apple Health does not cover.
struct HealthDayPartsTests {
  let store: DispatchStore
  let folder: TemporaryDirectory
  let options = ImportOptions(defaultTimeZone: "UTC")
  static let utc = TimeZone(identifier: "UTC") ?? .current

  init() throws {
    store = try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 1_790_000_000_000)),
        ids: SequentialIDGenerator()))
    folder = try TemporaryDirectory()
  }

  private func importRecords(_ records: String) throws {
    let path = folder.file("export-\(UUID().uuidString).xml")
    try Data(("<HealthData locale=\"en_US\">\n" + records + "</HealthData>\n").utf8)
      .write(to: URL(fileURLWithPath: path))
    try store.importFiles([path], options: options)
  }

  private func record(
    _ type: String, _ start: String, _ end: String, value: String, unit: String = "count",
    source: String = "Phone"
  ) -> String {
    """
     <Record type="\(type)" sourceName="\(source)" unit="\(unit)" \
    startDate="\(start) +0000" endDate="\(end) +0000" value="\(value)"/>

    """
  }

  private func day(_ text: String) throws -> Instant {
    try #require(Instant.parseISO8601(text + "T00:00:00Z")?.instant)
  }

  @Test func `steps across midnight count on each day for their share of the time`() throws {
    try importRecords(
      record(
        "HKQuantityTypeIdentifierStepCount", "2026-03-01 23:30:00", "2026-03-02 00:30:00",
        value: "600"))
    let series = try store.health.healthSeries(
      type: "HKQuantityTypeIdentifierStepCount", zone: Self.utc)
    #expect(series.points.map(\.date) == ["2026-03-01", "2026-03-02"])
    #expect(series.points.map(\.value) == [300, 300])
    // The de-duplicated total never exceeds the raw sum, and the two agree for one source.
    #expect(series.points.map(\.rawSum) == [300, 300])
  }

  @Test func `a cut at a midnight the clocks skip lands where the new day begins`() throws {
    // Chile moved from -04:00 to -03:00 at local midnight on 2024-09-08: 00:00 never happened.
    try importRecords(
      """
       <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" \
      startDate="2024-09-08 03:30:00 +0000" endDate="2024-09-08 04:30:00 +0000" value="600">
        <MetadataEntry key="HKTimeZone" value="America/Santiago"/>
       </Record>

      """)
    let series = try store.health.healthSeries(
      type: "HKQuantityTypeIdentifierStepCount", zone: Self.utc)
    #expect(series.points.map(\.date) == ["2024-09-07", "2024-09-08"])
    #expect(series.points.map(\.value) == [300, 300])
    #expect(series.points.map(\.count) == [1, 1])
  }

  @Test func `a better source's overlap is taken out on the day it happens`() throws {
    let steps = "HKQuantityTypeIdentifierStepCount"
    try importRecords(
      record(steps, "2026-03-01 23:00:00", "2026-03-02 01:00:00", value: "1200")
        + record(steps, "2026-03-01 23:00:00", "2026-03-02 00:00:00", value: "500", source: "Watch")
    )
    let series = try store.health.healthSeries(type: steps, zone: Self.utc)
    // The watch covers the phone's first hour: the phone keeps only its second, on the 2nd.
    #expect(series.points.map(\.value) == [500, 600])
  }

  @Test func `a night that started before the range keeps its first hours`() throws {
    let sleep = "HKCategoryTypeIdentifierSleepAnalysis"
    let asleep = "HKCategoryValueSleepAnalysisAsleepCore"
    try importRecords(
      record(sleep, "2026-03-01 22:00:00", "2026-03-02 02:00:00", value: asleep, unit: "")
        + record(sleep, "2026-03-02 02:00:00", "2026-03-02 06:00:00", value: asleep, unit: "")
        // A stage that ends before midnight still belongs to the night ending on the 2nd.
        + record(sleep, "2026-03-01 21:00:00", "2026-03-01 21:30:00", value: asleep, unit: ""))
    let wide = try store.health.healthSeries(
      type: sleep, from: try day("2026-03-01"), to: try day("2026-03-03"), zone: Self.utc)
    let narrow = try store.health.healthSeries(
      type: sleep, from: try day("2026-03-02"), to: try day("2026-03-03"), zone: Self.utc)
    #expect(wide.points.map(\.date) == ["2026-03-02"])
    #expect(wide.points.map(\.value) == [8.5])
    #expect(narrow.points.map(\.value) == [8.5])
  }

  @Test func `a sleep stage ending in the afternoon belongs to the next night`() throws {
    let sleep = "HKCategoryTypeIdentifierSleepAnalysis"
    try importRecords(
      record(
        sleep, "2026-03-02 13:00:00", "2026-03-02 14:00:00",
        value: "HKCategoryValueSleepAnalysisAsleepUnspecified", unit: ""))
    let series = try store.health.healthSeries(type: sleep, zone: Self.utc)
    #expect(series.points.map(\.date) == ["2026-03-03"])
  }

  @Test func `a range keeps only its own days of an average type`() throws {
    let rate = "HKQuantityTypeIdentifierHeartRate"
    try importRecords(
      record(rate, "2026-03-01 23:59:00", "2026-03-01 23:59:00", value: "60", unit: "count/min")
        + record(rate, "2026-03-02 00:01:00", "2026-03-02 00:01:00", value: "80", unit: "count/min")
    )
    let series = try store.health.healthSeries(
      type: rate, from: try day("2026-03-02"), to: try day("2026-03-03"), zone: Self.utc)
    #expect(series.points.map(\.date) == ["2026-03-02"])
    #expect(series.points.map(\.value) == [80])
  }

  private func report(_ iso: String, readings: [(String, Double)]) throws -> Report {
    var context = SensorContext()
    context.health = readings.map { HealthReading(type: $0.0, value: $0.1, unit: "count") }
    return Report(
      id: UUID().uuidString,
      date: try #require(Instant.parseISO8601(iso)?.instant), timeZoneIdentifier: "UTC",
      utcOffsetSeconds: 0, kind: .regular, trigger: .manual, context: context)
  }

  @Test func `days without Health samples take the reports' readings`() throws {
    try importRecords(
      record(
        "HKQuantityTypeIdentifierStepCount", "2026-03-02 10:00:00", "2026-03-02 11:00:00",
        value: "5000"))
    try store.reports.fileAll([
      // Steps since the previous report: a day adds them.
      try report("2026-03-01T09:00:00Z", readings: [("steps", 1200)]),
      try report("2026-03-01T18:00:00Z", readings: [("steps", 3400)]),
      // Apple Health has this day: the readings are not added to it.
      try report("2026-03-02T18:00:00Z", readings: [("steps", 99)]),
      // Every sleep reading is the whole night so far: a day takes the largest.
      try report("2026-03-03T08:00:00Z", readings: [("sleepCore", 18_000), ("sleepDeep", 3_600)]),
      try report("2026-03-03T20:00:00Z", readings: [("sleepCore", 18_000), ("sleepDeep", 3_600)]),
    ])
    let steps = try store.health.dayFigures(.steps, zone: Self.utc)
    #expect(steps.days.map(\.value) == [4600, 5000])
    #expect(steps.healthDays == [try day("2026-03-02").localDay(offsetSeconds: 0)])
    #expect(steps.total == 9600)
    let sleep = try store.health.dayFigures(.sleepHours, zone: Self.utc)
    #expect(sleep.days.map(\.value) == [6])
  }
}
