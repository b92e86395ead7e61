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

/// Apple Health through the store: the fixtures' counts (docs/test-fixtures.md#apple-health),
/// idempotence, zip and folder sources, time zones and de-duplicated sums.
struct HealthImportTests {
  let store: DispatchStore
  /// The files a test writes, removed with the test (each test has its own instance).
  let files: TemporaryDirectory
  let options = ImportOptions(defaultTimeZone: "America/New_York")
  static let newYork = TimeZone(identifier: "America/New_York") ?? .current

  init() throws {
    files = try TemporaryDirectory()
    store = try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 1_790_000_000_000)),
        ids: SequentialIDGenerator()))
  }

  static func fixturePath(_ name: String) throws -> String {
    let base = try #require(Bundle.module.resourceURL)
    return base.appendingPathComponent("Fixtures/apple-health/" + name).path
  }

  func samples(_ type: String) throws -> Int {
    try store.health.healthTypes().first { $0.type == type }?.count ?? 0
  }

  @Test func `export.xml gives the manifest's counts`() throws {
    let summary = try store.importFiles([try Self.fixturePath("export.xml")], options: options)
    #expect(summary.files.map(\.format) == [.appleHealth])
    #expect(summary["recordsImported"] == 301)
    #expect(summary["workoutsImported"] == 2)
    #expect(summary["activitySummariesImported"] == 3)
    #expect(summary["correlationsImported"] == 1)
    #expect(summary["metadataEntriesImported"] == 127)
    #expect(summary["unknownElements"] == 0 && summary["skipped"] == 0)
    #expect(summary["unchanged"] == 0 && summary.problems.isEmpty)
    let types = try store.health.healthTypes()
    let counts = Dictionary(types.map { ($0.type, $0.count) }, uniquingKeysWith: +)
    #expect(counts["HKQuantityTypeIdentifierStepCount"] == 109)
    #expect(counts["HKQuantityTypeIdentifierHeartRate"] == 81)
    #expect(counts["HKCategoryTypeIdentifierSleepAnalysis"] == 30)
    #expect(counts["HKQuantityTypeIdentifierBloodPressureSystolic"] == 1)
    #expect(counts["HKQuantityTypeIdentifierActiveEnergyBurned"] == 59)
    #expect(counts["HKDataTypeSleepDurationGoal"] == 1)
    #expect(counts.values.reduce(0, +) == 301)
    let units = Dictionary(types.map { ($0.type, $0.unit) }, uniquingKeysWith: { a, _ in a })
    #expect(units["HKQuantityTypeIdentifierBodyMass"] == "lb")
    #expect(units["HKCategoryTypeIdentifierSleepAnalysis"] == .some(nil))
    let steps = try #require(types.first { $0.type == "HKQuantityTypeIdentifierStepCount" })
    #expect(steps.first.iso8601.hasPrefix("2024-03-08T"))
  }

  @Test func `a second import adds nothing and counts everything unchanged`() throws {
    let path = try Self.fixturePath("export.xml")
    let first = try store.importFiles([path], options: options)
    let again = try store.importFiles([path], options: options)
    #expect(!again.changedAnything)
    let added = [
      "recordsImported", "workoutsImported", "activitySummariesImported", "correlationsImported",
      "metadataEntriesImported",
    ].map { first[$0] }.reduce(0, +)
    #expect(again["unchanged"] == added)
    #expect(try samples("HKQuantityTypeIdentifierStepCount") == 109)
  }

  @Test func `an overlapping newer export adds only its new samples, children on the right rows`()
    throws
  {
    // The writer inserts sixteen samples per statement; with every third record already
    // stored, most statements insert some of their rows and not others.
    let full = try String(contentsOfFile: try Self.fixturePath("export.xml"), encoding: .utf8)
    let record = try NSRegularExpression(
      pattern: "<Record\\b[^>]*?/>|<Record\\b[^>]*?[^/]>.*?</Record>",
      options: [.dotMatchesLineSeparators])
    let matches = record.matches(in: full, range: NSRange(full.startIndex..., in: full))
    var older = full
    for (index, match) in matches.enumerated().reversed() where index % 3 == 0 {
      older.replaceSubrange(try #require(Range(match.range, in: older)), with: "")
    }
    let first = try store.importFiles([try write(older)], options: options)
    let second = try store.importFiles([try Self.fixturePath("export.xml")], options: options)
    #expect(first["recordsImported"] + second["recordsImported"] == 301)
    #expect(second["recordsImported"] > 90)

    let fresh = try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 1_790_000_000_000)),
        ids: SequentialIDGenerator()))
    try fresh.importFiles([try Self.fixturePath("export.xml")], options: options)
    #expect(try Self.sampleDump(store) == Self.sampleDump(fresh))
    #expect(try Self.sampleDump(store).count == 301)
  }

  /// Every sample with its type and metadata, by value: the same for two stores holding the
  /// same samples whatever their row ids.
  static func sampleDump(_ store: DispatchStore) throws -> [String] {
    try store.database.rows(
      """
      SELECT t.value || ' ' || s.start_ms || ' ' || s.content_hash || ' ' || coalesce(s.value, '')
        || ' [' || coalesce((SELECT group_concat(k.value || '=' || m.value, ';')
          FROM health_metadata m JOIN health_strings k ON k.id = m.key_id
          WHERE m.owner_kind = 0 AND m.owner_id = s.id ORDER BY m.position), '') || ']'
        || ' beats ' || (SELECT count(*) FROM health_hrv_beats b WHERE b.sample_id = s.id)
      FROM health_samples s JOIN health_strings t ON t.id = s.type_id
      ORDER BY 1
      """
    ).compactMap { $0.string(0) }
  }

  @Test func `per-type spans count the stored samples and their longest duration`() throws {
    // The query language widens relation windows by the longest duration (health_type_spans).
    let path = try Self.fixturePath("export.xml")
    try store.importFiles([path], options: options)
    try store.importFiles([path], options: options)
    let rows = try store.database.rows(
      """
      SELECT s.samples, count(h.id), s.longest_ms, max(h.end_ms - h.start_ms)
      FROM health_type_spans AS s JOIN health_samples AS h ON h.type_id = s.type_id
      GROUP BY s.type_id
      """)
    #expect(rows.count == (try store.health.healthTypes().count))
    for row in rows {
      #expect(row.int(0) == row.int(1))
      #expect(row.int64(2) == row.int64(3))
    }
    #expect(rows.contains { ($0.int64(2) ?? 0) > 3_600_000 })
  }

  @Test func `the zip is read by content, routes included, like the bare XML`() throws {
    let summary = try store.importFiles([try Self.fixturePath("export.zip")], options: options)
    #expect(summary["recordsImported"] == 301 && summary["workoutsImported"] == 2)
    let routes = try store.health.healthWorkouts().map(\.routePoints)
    #expect(routes.sorted() == [0, 590])
    // The same content from the bare file is all there already.
    let again = try store.importFiles([try Self.fixturePath("export.xml")], options: options)
    #expect(!again.changedAnything)
  }

  @Test func `a vertical tab inside a value imports the same counts`() throws {
    let summary = try store.importFiles(
      [try Self.fixturePath("export-with-vt.xml")], options: options)
    #expect(summary["recordsImported"] == 301 && summary["metadataEntriesImported"] == 127)
    #expect(summary["skipped"] == 0)
  }

  @Test func `steps per New York day are de-duplicated to one source per interval`() throws {
    try store.importFiles([try Self.fixturePath("export.xml")], options: options)
    let series = try store.health.healthSeries(
      type: "HKQuantityTypeIdentifierStepCount", zone: Self.newYork)
    #expect(series.points.map(\.date) == ["2024-03-08", "2024-03-09", "2024-03-10"])
    // The watch covers every minute the phone counted: its totals are the day's.
    #expect(series.points.map(\.value) == [10_922, 10_913, 12_780])
    #expect(series.points.map(\.rawSum) == [20_296, 20_544, 19_447])
    let weekly = try store.health.healthSeries(
      type: "HKQuantityTypeIdentifierStepCount", period: .week, zone: Self.newYork)
    #expect(weekly.points.map(\.date) == ["2024-03-04"])
    let week = try #require(weekly.points.first?.value)
    #expect(abs(week - (10_922 + 10_913 + 12_780)) < 1e-6)
  }

  @Test func `blood pressure is one record with both numbers, queryable and chartable`() throws {
    try store.importFiles([try Self.fixturePath("export.xml")], options: options)
    let engine = try store.queries.queryEngine()
    #expect(try engine.count(try engine.plan("blood pressure")) == 1)
    #expect(
      try engine.count(try engine.plan("blood pressure where systolic >= 120 and diastolic < 80"))
        == 1)
    #expect(try engine.count(try engine.plan("bp where diastolic > 80")) == 0)
    let graph = try GraphService(store: store).graph(
      GraphRequest(query: "blood pressure", attribute: "diastolic", grouping: .time(.day)))
    #expect(graph.series.first?.points.compactMap(\.y) == [78])
  }

  @Test func `sleep is read on the day the night ends, in its own zone`() throws {
    try store.importFiles([try Self.fixturePath("export.xml")], options: options)
    // Asked in UTC, the stages still fall on New York mornings: they carry HKTimeZone.
    let utc = try #require(TimeZone(identifier: "UTC"))
    let sleep = try store.health.healthSeries(
      type: "HKCategoryTypeIdentifierSleepAnalysis", zone: utc)
    #expect(sleep.unit == "hr")
    #expect(sleep.points.map(\.date) == ["2024-03-08", "2024-03-09", "2024-03-10"])
    #expect(sleep.points.allSatisfy { $0.value > 6 && $0.value < 9 })
  }

  @Test func `an HKTimeZone puts a late sample on its own local day`() throws {
    let path = try write(
      """
      <HealthData locale="en_US">
       <Record type="HKQuantityTypeIdentifierDietaryCaffeine" sourceName="A" unit="mg" \
      startDate="2024-03-10 03:30:00 +0000" endDate="2024-03-10 03:30:00 +0000" value="80">
        <MetadataEntry key="HKTimeZone" value="America/Los_Angeles"/>
       </Record>
       <Record type="HKQuantityTypeIdentifierDietaryCaffeine" sourceName="A" unit="mg" \
      startDate="2024-03-10 03:40:00 +0000" endDate="2024-03-10 03:40:00 +0000" value="20"/>
      </HealthData>
      """)
    try store.importFiles([path], options: options)
    let utc = try #require(TimeZone(identifier: "UTC"))
    let series = try store.health.healthSeries(
      type: "HKQuantityTypeIdentifierDietaryCaffeine", zone: utc)
    // 03:30 UTC is 19:30 the evening before in Los Angeles; the zone-less one stays in UTC.
    #expect(series.points.map(\.date) == ["2024-03-09", "2024-03-10"])
    #expect(series.points.map(\.value) == [80, 20])
  }

  @Test func `unknown elements and attributes are kept and counted, a bad record skipped`() throws {
    let path = try write(
      """
      <?xml version="1.0"?><HealthData locale="en_US">
       <Record type="HKQuantityTypeIdentifierStepCount" sourceName="A" unit="count" \
      startDate="2024-03-10 08:00:00 -0400" endDate="2024-03-10 08:05:00 -0400" value="100" \
      futureAttribute="x"/>
       <Record type="HKQuantityTypeIdentifierStepCount" sourceName="A" unit="count" \
      endDate="2024-03-10 08:05:00 -0400" value="100"/>
       <ClinicalRecord type="Procedure" identifier="1" sourceName="Clinic" sourceURL="https://x" \
      fhirVersion="4.0.1" receivedDate="2024-03-01 10:00:00 -0400" resourceFilePath="/c/p.json"/>
       <Hologram depth="3"><Layer/></Hologram>
      </HealthData>
      """)
    let summary = try store.importFiles([path], options: options)
    #expect(summary["recordsImported"] == 1)
    #expect(summary["unknownElements"] == 2)
    #expect(summary["skipped"] == 1)
    #expect(summary.problems.map(\.record) == [2])
    #expect(summary.problems.first?.field == "startDate")
    let kept = try store.database.rows("SELECT name FROM health_other_elements ORDER BY name")
    #expect(kept.compactMap { $0.string(0) } == ["ClinicalRecord", "Hologram"])
    let extra = try store.database.rows(
      "SELECT s.value, e.value FROM health_extra_attributes e JOIN health_strings s ON s.id = e.name_id"
    )
    #expect(extra.map { [$0.string(0), $0.string(1)] } == [["futureAttribute", "x"]])
  }

  @Test(arguments: [
    "<HealthData><Record type=\"T\" sourceName=\"A\" startDate=\"2024-03-10 08:00:00 -0400\"",
    "<HealthData locale=\"en_US\"><Record type=\"T\" sourceName=\"A\" "
      + "startDate=\"2024-03-10 08:00:00 -0400\" endDate=\"2024-03-10 08:00:00 -0400\"/>",
  ])
  func `a truncated export imports nothing and says so`(_ text: String) throws {
    let path = try write("<?xml version=\"1.0\"?>\n" + text)
    let error = try #require(throws: ImportError.self) {
      try store.importFiles([path], options: options)
    }
    #expect(error.kind == .unrecognized)
    #expect(error.reason.contains("the export is incomplete"))
    #expect(try store.health.healthTypes().isEmpty)
  }

  @Test func `mutated exports never crash and never import part of a file`() throws {
    let seed = try ImportTestSupport.fixture("apple-health/export.xml")
    var cases = 0
    var failures = 0
    ImportTestSupport.fuzz(
      Array(seed.prefix(40_000)) + Array("</HealthData>".utf8), count: 150, rngSeed: 0xA9
    ) { bytes in
      cases += 1
      guard let path = try? write(bytes),
        let store = try? DispatchStore(
          environment: RunEnvironment(
            clock: FixedWallClock(Instant(milliseconds: 1_790_000_000_000)),
            ids: SequentialIDGenerator()))
      else { return }
      do {
        let summary = try store.importFiles([path], options: options)
        let stored = try store.health.healthTypes().map(\.count).reduce(0, +)
        #expect(stored == summary["recordsImported"])
      } catch {
        failures += 1
        #expect((try? store.health.healthTypes().isEmpty) == true)
      }
    }
    #expect(cases == 150)
    #expect(failures > 0, "the mutations break some files")
  }

  func write(_ text: String) throws -> String {
    try write(Array(text.utf8))
  }

  func write(_ bytes: [UInt8]) throws -> String {
    let path = files.file("health-\(UUID().uuidString).xml")
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }
}
