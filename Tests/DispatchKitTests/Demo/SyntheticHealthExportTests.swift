import DispatchKit
import Foundation
import Testing

/// The synthetic Apple Health export (docs/formats/apple-health.md#synthetic-exports):
/// deterministic, counted exactly by its manifest, well-formed, and shaped like the real-shaped
/// fixture.
struct SyntheticHealthExportTests {
  typealias Fixture = SyntheticHealthFixture

  @Test func `the same options give the same bytes and another seed other bytes`() {
    let again = Fixture.make(Fixture.options(), scan: false)
    #expect(again.bytes == Fixture.modern.bytes)
    #expect(Fixture.fnv1a(again.bytes) == Fixture.fnv1a(Fixture.modern.bytes))
    #expect(again.manifest == Fixture.modern.manifest)
    var options = Fixture.options()
    options.seed = 43
    let other = Fixture.make(options, scan: false)
    #expect(other.bytes != Fixture.modern.bytes)
    #expect(other.manifest.records != Fixture.modern.manifest.records)
  }

  @Test(arguments: [Fixture.modern, Fixture.legacy, Fixture.springForward, Fixture.fallBack])
  func `the manifest counts what a naive scan of the file counts`(_ export: Fixture.Export) {
    let xml = export.xml
    let manifest = export.manifest
    #expect(xml.isWellFormed, "\(xml.problems.prefix(3))")
    #expect(manifest.bytes == export.bytes.count)
    #expect(manifest.records == xml.count("Record"))
    #expect(manifest.nestedRecords == xml.records.filter { $0.parent == "Correlation" }.count)
    #expect(manifest.topLevelRecords == xml.topLevelRecords.count)
    #expect(manifest.records == manifest.topLevelRecords + manifest.nestedRecords)
    #expect(manifest.distinctSamples == manifest.topLevelRecords)
    #expect(manifest.correlations == xml.count("Correlation"))
    #expect(manifest.workouts == xml.count("Workout"))
    #expect(manifest.workoutEvents == xml.count("WorkoutEvent"))
    #expect(manifest.workoutStatistics == xml.count("WorkoutStatistics"))
    #expect(manifest.workoutActivities == xml.count("WorkoutActivity"))
    #expect(manifest.workoutRoutes == xml.count("WorkoutRoute"))
    #expect(manifest.activitySummaries == xml.count("ActivitySummary"))
    #expect(manifest.activitySummaries == manifest.days)
    #expect(manifest.metadataEntries == xml.count("MetadataEntry"))
    #expect(manifest.hrvLists == xml.count("HeartRateVariabilityMetadataList"))
    #expect(manifest.beats == xml.count("InstantaneousBeatsPerMinute"))
    #expect(manifest.unknownElements == 0 && manifest.unknownAttributes == 0)
    #expect(manifest.routeFiles.count == xml.count("FileReference"))
    if xml.count("Location") > 0 { #expect(manifest.routePoints == xml.count("Location")) }
  }

  @Test(arguments: [Fixture.modern, Fixture.legacy])
  func `per-type and per-source counts add up to the top-level records`(_ export: Fixture.Export) {
    let manifest = export.manifest
    let topLevel = export.xml.topLevelRecords
    #expect(manifest.recordsPerType.values.reduce(0, +) == manifest.topLevelRecords)
    #expect(manifest.recordsPerSource.values.reduce(0, +) == manifest.topLevelRecords)
    let types = Dictionary(grouping: topLevel) { $0.attribute("type") ?? "" }.mapValues(\.count)
    let sources = Dictionary(grouping: topLevel) { $0.attribute("sourceName") ?? "" }.mapValues(
      \.count)
    #expect(types == manifest.recordsPerType)
    #expect(sources == manifest.recordsPerSource)
    #expect(
      sources.keys.contains("Ana\u{2019}s iPhone")
        && sources.keys.contains("Ana\u{2019}s Apple Watch"))
    #expect(types.count >= 28, "\(types.keys.sorted())")
  }

  /// Local dates of the start computed with Foundation's time-zone database, not the
  /// generator's daylight-saving table.
  @Test(arguments: [Fixture.modern, Fixture.legacy, Fixture.springForward, Fixture.fallBack])
  func `daily totals match a re-summation in New York local dates`(_ export: Fixture.Export) throws
  {
    let zone = try #require(TimeZone(identifier: "America/New_York"))
    let parser = DateFormatter()
    parser.locale = Locale(identifier: "en_US_POSIX")
    parser.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let totalled = ["StepCount", "DistanceWalkingRunning", "ActiveEnergyBurned", "FlightsClimbed"]
      .map { "HKQuantityTypeIdentifier" + $0 }
    var sums: [String: [String: [String: Double]]] = [:]
    for record in export.xml.topLevelRecords {
      guard let type = record.attribute("type"), totalled.contains(type) else { continue }
      let start = try #require(record.attribute("startDate").flatMap(parser.date(from:)))
      let parts = calendar.dateComponents([.year, .month, .day], from: start)
      let date = String(
        format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
      let value = try #require(record.attribute("value").flatMap(Double.init))
      let source = try #require(record.attribute("sourceName"))
      sums[type, default: [:]][date, default: [:]][source, default: 0] += value
    }
    let manifest = export.manifest.dailyTotals
    #expect(Set(sums.keys) == Set(manifest.keys))
    for (type, byDate) in sums {
      #expect(Set(byDate.keys) == Set((manifest[type] ?? [:]).keys), "\(type)")
      for (date, bySource) in byDate {
        for (source, sum) in bySource {
          let expected = manifest[type]?[date]?[source] ?? -1
          #expect(abs(expected - sum) <= 1e-9 * max(1, abs(sum)), "\(type) \(date) \(source)")
        }
      }
    }
  }

  @Test func `the spring-forward and fall-back days get their own local dates`() {
    let spring = Fixture.springForward.manifest.dailyTotals["HKQuantityTypeIdentifierStepCount"]
    #expect(Set((spring ?? [:]).keys).isSuperset(of: ["2023-03-11", "2023-03-12", "2023-03-13"]))
    let fall = Fixture.fallBack.manifest.dailyTotals["HKQuantityTypeIdentifierStepCount"]
    #expect(Set((fall ?? [:]).keys).isSuperset(of: ["2023-11-04", "2023-11-05", "2023-11-06"]))
  }

  @Test(.enabled(if: ElementTreeCheck.isAvailable), arguments: [Fixture.modern, Fixture.legacy])
  func `ElementTree parses the export with and without its DTD`(_ export: Fixture.Export) throws {
    #expect(try ElementTreeCheck.parseError(export.bytes) == nil)
    #expect(try ElementTreeCheck.parseError(NaiveHealthXML.withoutDTD(export.bytes)) == nil)
  }

  @Test func `every timestamp carries the export offset`() {
    var options = Fixture.options(days: 2)
    options.exportOffset = "+0130"
    for (export, offset) in [(Fixture.modern, "-0500"), (Fixture.make(options), "+0130")] {
      let offsets = Self.timestampOffsets(export.bytes)
      #expect(Set(offsets) == [offset])
      #expect(offsets.count > 3 * export.manifest.records)
    }
  }

  /// The `±HHMM` of every `…:SS ±HHMM"` in the file.
  static func timestampOffsets(_ bytes: [UInt8]) -> [String] {
    func digit(_ index: Int) -> Bool { (48...57).contains(bytes[index]) }
    var offsets: [String] = []
    var index = 0
    while index + 9 < bytes.count {
      if bytes[index] == UInt8(ascii: ":") && digit(index + 1) && digit(index + 2)
        && bytes[index + 3] == UInt8(ascii: " ")
        && (bytes[index + 4] == UInt8(ascii: "+") || bytes[index + 4] == UInt8(ascii: "-"))
        && (5...8).allSatisfy({ digit(index + $0) }) && bytes[index + 9] == UInt8(ascii: "\"")
      {
        offsets.append(String(decoding: bytes[(index + 4)...(index + 8)], as: UTF8.self))
        index += 9
      }
      index += 1
    }
    return offsets
  }
}
