import DispatchKit
import Foundation
import Testing

/// The shapes docs/formats/apple-health.md#elements describes: DTD, styles, units, correlations,
/// HRV lists, routes, chunking and sizing.
struct SyntheticHealthShapeTests {
  typealias Fixture = SyntheticHealthFixture

  @Test(arguments: [Fixture.modern, Fixture.legacy])
  func `the DTD states its version and declares the elements the body uses`(
    _ export: Fixture.Export
  ) {
    let version = export.manifest.workoutActivities > 0 ? 14 : 11
    let prolog = NaiveHealthXML.prolog(export.bytes)
    #expect(
      prolog.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE HealthData [\n"))
    #expect(prolog.contains("<!-- HealthKit Export Version: \(version) -->\n"))
    #expect(prolog.hasSuffix("]>"))
    #expect(export.contains("]>\n<HealthData locale=\"en_US\">\n <ExportDate value=\""))
    for name in export.xml.counts.keys {
      #expect(prolog.contains("<!ELEMENT \(name) "), "\(name) is not declared")
    }
    #expect(prolog.contains("<!ATTLIST Record\n"))
    #expect(export.bytes.suffix(14) == Array("</HealthData>\n".utf8))
  }

  @Test func `modern workouts keep their totals in statistics repeated by one activity`() {
    let xml = Fixture.modern.xml
    let workouts = xml.startTags["Workout"] ?? []
    #expect(!workouts.isEmpty)
    #expect(
      workouts.allSatisfy { !$0.contains("totalDistance=") && !$0.contains("totalEnergyBurned=") })
    #expect(xml.count("WorkoutActivity") == workouts.count)
    #expect(xml.count("WorkoutStatistics") >= 2 * 3 * workouts.count)
    #expect(xml.count("WorkoutStatistics") <= 2 * 7 * workouts.count)
    #expect(xml.count("Location") == 0)
    #expect(xml.count("FileReference") == xml.count("WorkoutRoute"))
    #expect(Fixture.modern.contains("HKCategoryValueSleepAnalysisAsleepCore"))
    #expect(!Fixture.modern.contains("HKCategoryValueSleepAnalysisAsleep\""))
    let humidity = (xml.startTags["MetadataEntry"] ?? []).filter {
      $0.contains("HKWeatherHumidity")
    }
    #expect(!humidity.isEmpty && humidity.allSatisfy { $0.contains("00 %\"") })
  }

  @Test func `legacy workouts carry total attributes and inline locations`() {
    let export = Fixture.legacy
    let xml = export.xml
    let workouts = xml.startTags["Workout"] ?? []
    #expect(!workouts.isEmpty)
    #expect(
      workouts.allSatisfy {
        $0.contains("totalEnergyBurned=") && $0.contains("totalEnergyBurnedUnit=\"kcal\"")
      })
    #expect(xml.count("WorkoutStatistics") == 0 && xml.count("WorkoutActivity") == 0)
    #expect(xml.count("FileReference") == 0 && export.manifest.routeFiles.isEmpty)
    #expect(xml.count("Location") > 0 && xml.count("Location") == export.manifest.routePoints)
    #expect(export.contains("value=\"HKCategoryValueSleepAnalysisAsleep\""))
    #expect(!export.contains("AsleepCore"))
    #expect(SyntheticHealthExport.routes(Fixture.options(style: .legacy)).isEmpty)
  }

  @Test(arguments: [Fixture.modern, Fixture.legacy])
  func `units follow the preference`(_ export: Fixture.Export) {
    let units =
      export.contains(" unit=\"mi\"") ? ["mi", "Cal", "lb", "degF"] : ["km", "kcal", "kg"]
    #expect(units.count == (export.name.contains("metric") ? 3 : 4))
    for unit in units { #expect(export.contains(" unit=\"\(unit)\""), "\(unit)") }
    let other = units.contains("mi") ? ["km", "kcal", "kg"] : ["mi", "Cal", "lb"]
    for unit in other { #expect(!export.contains(" unit=\"\(unit)\""), "\(unit)") }
    #expect(Fixture.fallBack.contains(" unit=\"degC\""))
  }

  @Test func `correlation members are also written at top level with the same text`() {
    let xml = Fixture.modern.xml
    func normalized(_ text: String) -> String {
      text.split(separator: "\n").map { $0.drop { $0 == " " } }.joined(separator: "\n")
    }
    let nested = xml.records.filter { $0.parent == "Correlation" }
    let memberTypes = Set(nested.compactMap { $0.attribute("type") })
    let topLevel = Set(
      xml.topLevelRecords.filter { memberTypes.contains($0.attribute("type") ?? "") }
        .map { normalized($0.text) })
    #expect(nested.count > 10)
    #expect(nested.allSatisfy { topLevel.contains(normalized($0.text)) })
    let types = Set(
      (xml.startTags["Correlation"] ?? []).compactMap { NaiveHealthXML.attribute("type", in: $0) })
    #expect(
      types == ["HKCorrelationTypeIdentifierFood", "HKCorrelationTypeIdentifierBloodPressure"])
  }

  @Test func `HRV beat lists hold 30 to 60 beats and one crosses midnight`() {
    let xml = Fixture.modern.xml
    let lists = xml.topLevelRecords.filter {
      $0.attribute("type") == "HKQuantityTypeIdentifierHeartRateVariabilitySDNN"
    }
    #expect(lists.count == Fixture.modern.manifest.hrvLists)
    var crossing = 0
    for list in lists {
      let times = list.text.split(separator: "\n").compactMap { line in
        NaiveHealthXML.attribute("time", in: String(line))
      }
      #expect((30...60).contains(times.count))
      #expect(times.allSatisfy { $0.hasSuffix(" AM") || $0.hasSuffix(" PM") })
      if times.first?.hasPrefix("11:59:") == true && times.last?.hasPrefix("12:00:") == true {
        crossing += 1
      }
    }
    #expect(crossing >= 2)
  }

  @Test func `sleep, workouts and special records carry their metadata`() {
    let export = Fixture.modern
    let xml = export.xml
    let sleep = Fixture.modern.manifest.recordsPerType["HKCategoryTypeIdentifierSleepAnalysis"] ?? 0
    let zones = (xml.startTags["MetadataEntry"] ?? []).filter { $0.contains("\"HKTimeZone\"") }
      .count
    #expect(sleep >= 7 * 16 && zones == sleep + xml.count("Workout"))
    #expect(export.contains("key=\"HKMetadataKeyHeartRateMotionContext\" value=\"2\""))
    #expect(export.contains("key=\"HKHeartRateEventThreshold\" value=\"40 count/min\""))
    #expect(
      export.contains("type=\"HKDataTypeSleepDurationGoal\"") && export.contains("unit=\"hr\""))
    #expect(export.contains("key=\"ScaleSync Link\" value=\"https://scalesync.example/m?id="))
    #expect(export.contains("&amp;u=ana\""))
    #expect(export.contains("e-0"))
    #expect(export.contains(" kcal/hr&#183;kg\"") || export.contains(" kcal/hr\u{00B7}kg\""))
    let low = xml.records.filter {
      $0.attribute("type") == "HKCategoryTypeIdentifierLowHeartRateEvent"
    }
    #expect(!low.isEmpty && low.allSatisfy { $0.attribute("value") == nil })
    let devices = Set(xml.records.compactMap { $0.attribute("device") })
    #expect(devices.count > xml.records.count / 2)
  }

  @Test func `VO2 max is written with both spellings of its middle dot`() {
    let export = Fixture.make(Fixture.options(days: 14), scan: false)
    #expect(export.count(" unit=\"mL/min&#183;kg\"") == 1)
    #expect(export.count(" unit=\"mL/min\u{00B7}kg\"") == 1)
  }

  @Test func `route files match the file references and the manifest`() {
    let routes = SyntheticHealthExport.routes(Fixture.options())
    let manifest = Fixture.modern.manifest
    let references = (Fixture.modern.xml.startTags["FileReference"] ?? []).compactMap {
      NaiveHealthXML.attribute("path", in: $0)
    }
    #expect(!routes.isEmpty)
    #expect(routes.map(\.path) == manifest.routeFiles)
    #expect(references == manifest.routeFiles)
    let pattern = /\/workout-routes\/route_\d{4}-\d\d-\d\d_\d{1,2}\.\d\d[ap]m\.gpx/
    #expect(routes.allSatisfy { $0.path.wholeMatch(of: pattern) != nil })
    var points = 0
    for route in routes {
      let gpx = NaiveHealthXML(route.bytes)
      #expect(gpx.isWellFormed, "\(gpx.problems.prefix(2))")
      #expect(gpx.count("trkseg") == 1)
      points += gpx.count("trkpt")
    }
    #expect(points == manifest.routePoints)
  }

  @Test func `the export streams in chunks of about one MiB and a failing sink stops it`() throws {
    let sizes = Fixture.modern.chunkSizes
    #expect(sizes.count >= 3)
    #expect(sizes.dropLast().allSatisfy { (1 << 20)..<(2 << 20) ~= $0 })
    struct Stop: Error {}
    var calls = 0
    #expect(throws: Stop.self) {
      _ = try SyntheticHealthExport.write(Fixture.options()) { _ in
        calls += 1
        throw Stop()
      }
    }
    #expect(calls == 1)
  }

  @Test func `a record target stops at the first day boundary that reaches it`() {
    var options = Fixture.options()
    options.targetRecords = 5000
    let target = Fixture.make(options, scan: false)
    let days = target.manifest.days
    #expect(target.manifest.records >= 5000)
    #expect(days >= 2)
    let sameDays = Fixture.make(Fixture.options(days: days), scan: false)
    #expect(sameDays.bytes == target.bytes)
    let dayLess = Fixture.make(Fixture.options(days: days - 1), scan: false)
    #expect(dayLess.manifest.records < 5000)
  }

  @Test func `records average 400 to 480 bytes, as real exports do`() {
    let manifest = Fixture.modern.manifest
    let perRecord = Double(manifest.bytes) / Double(manifest.records)
    #expect((400...480).contains(perRecord), "\(perRecord)")
    #expect((1700...2300).contains(manifest.records / manifest.days), "\(manifest.records)")
  }
}
