import DispatchKit
import Foundation
import Testing

/// Each dirty flag injects exactly the defect it names
/// (docs/formats/apple-health.md#synthetic-exports) and nothing else.
struct SyntheticHealthDirtyTests {
  typealias Fixture = SyntheticHealthFixture
  typealias Flag = SyntheticHealthOptions.DirtyFlag

  static func dirty(_ flags: Set<Flag>) -> Fixture.Export {
    Fixture.make(Fixture.options(dirty: flags))
  }

  @Test func `a vertical tab adds exactly one 0x0B byte`() throws {
    let export = Self.dirty([.verticalTab])
    #expect(export.bytes.filter { $0 == 0x0B }.count == 1)
    #expect(Fixture.modern.bytes.filter { $0 == 0x0B }.isEmpty)
    #expect(export.bytes.filter { $0 != 0x0B } == Fixture.modern.bytes)
    #expect(!export.xml.isWellFormed)
    #expect(export.manifest.bytes == Fixture.modern.manifest.bytes + 1)
    if ElementTreeCheck.isAvailable {
      #expect(try ElementTreeCheck.parseError(NaiveHealthXML.withoutDTD(export.bytes)) != nil)
    }
  }

  @Test func `a broken DTD loses one closing bracket and leaves the body alone`() throws {
    let export = Self.dirty([.brokenDTD])
    #expect(NaiveHealthXML.body(export.bytes) == NaiveHealthXML.body(Fixture.modern.bytes))
    let clean = NaiveHealthXML.prolog(Fixture.modern.bytes)
    let attlist = try #require(clean.range(of: "<!ATTLIST VisionPrescription\n"))
    let closing = try #require(clean.range(of: "\n>\n", range: attlist.upperBound..<clean.endIndex))
    var expected = clean
    expected.replaceSubrange(closing, with: "\n")
    #expect(NaiveHealthXML.prolog(export.bytes) == expected)
    #expect(
      NaiveHealthXML.withoutDTD(export.bytes) == NaiveHealthXML.withoutDTD(Fixture.modern.bytes))
    #expect(export.manifest == Fixture.modern.manifest.with(bytes: export.bytes.count))
    if ElementTreeCheck.isAvailable {
      #expect(try ElementTreeCheck.parseError(export.bytes) != nil)
      #expect(try ElementTreeCheck.parseError(NaiveHealthXML.withoutDTD(export.bytes)) == nil)
    }
  }

  @Test func `duplicates repeat three records and one workout, adjacent and exact`() {
    let export = Self.dirty([.duplicateRecords])
    let clean = Fixture.modern.manifest
    let manifest = export.manifest
    #expect(manifest.records == clean.records + 3)
    #expect(manifest.topLevelRecords == clean.topLevelRecords + 3)
    #expect(manifest.distinctSamples == clean.distinctSamples)
    #expect(manifest.workouts == clean.workouts + 1)
    #expect(manifest.dailyTotals == clean.dailyTotals)
    #expect(manifest.routeFiles == clean.routeFiles)
    let records = export.xml.topLevelRecords
    let repeats = zip(records, records.dropFirst()).filter { $0.0.text == $0.1.text }
    #expect(repeats.count == 3)
    #expect(repeats.contains { $0.0.text.contains("HeartRateVariabilityMetadataList") })
    let workouts = export.xml.startTags["Workout"] ?? []
    #expect(zip(workouts, workouts.dropFirst()).filter { $0.0 == $0.1 }.count == 1)
    #expect(Self.counted(export))
  }

  @Test func `unknown names add one element and one attribute`() throws {
    let export = Self.dirty([.unknownElements])
    #expect(export.manifest.unknownElements == 1 && export.manifest.unknownAttributes == 1)
    #expect(export.xml.count("SymptomCheckIn") == 1)
    let attribute = " syncProvenance=\"cloud-merge-2\""
    #expect(export.count(attribute) == 1)
    let start = try #require(SyntheticBytes.first(" <SymptomCheckIn ", in: export.bytes))
    let end = try #require(SyntheticBytes.first("/>\n", in: export.bytes, from: start))
    let element = String(decoding: export.bytes[start..<(end + 3)], as: UTF8.self)
    let cleaned = SyntheticBytes.removing(
      element, from: SyntheticBytes.removing(attribute, from: export.bytes))
    #expect(cleaned == Fixture.modern.bytes)
    #expect(Self.counted(export))
  }

  @Test func `start after end swaps the dates of exactly one record`() {
    func inverted(_ export: Fixture.Export) -> [NaiveHealthXML.Record] {
      export.xml.records.filter { record in
        guard let start = record.attribute("startDate"), let end = record.attribute("endDate")
        else {
          return false
        }
        return start > end
      }
    }
    let export = Self.dirty([.startAfterEnd])
    #expect(inverted(Fixture.modern).isEmpty)
    let swapped = inverted(export)
    #expect(swapped.count == 1)
    #expect(swapped.first?.attribute("type") == "HKQuantityTypeIdentifierBasalEnergyBurned")
    #expect(export.bytes.count == Fixture.modern.bytes.count)
    #expect(export.manifest == Fixture.modern.manifest)
  }

  @Test func `truncation stops inside a start tag halfway through the records`() {
    let export = Self.dirty([.truncated])
    let clean = Fixture.modern
    #expect(export.bytes.count < clean.bytes.count / 2 + clean.bytes.count / 8)
    #expect(Array(clean.bytes.prefix(export.bytes.count)) == export.bytes)
    let lastOpen = export.bytes.lastIndex(of: UInt8(ascii: "<")) ?? 0
    let lastTag = export.bytes[lastOpen...]
    #expect(lastTag.starts(with: Array("<Record ".utf8)) && !lastTag.contains(UInt8(ascii: ">")))
    let xml = export.xml
    #expect(!xml.isWellFormed)
    #expect(xml.records.count == export.manifest.records)
    #expect(export.count("<Record ") == export.manifest.records + 1)
    #expect(export.manifest.bytes == export.bytes.count)
    let half = clean.manifest.topLevelRecords / 2
    #expect(abs(export.manifest.topLevelRecords - half) <= 1)
  }

  @Test func `all flags but truncation together still match the manifest`() {
    let export = Self.dirty([
      .verticalTab, .brokenDTD, .duplicateRecords, .unknownElements, .startAfterEnd,
    ])
    #expect(
      export.manifest.unknownElements == 1
        && export.manifest.records == Fixture.modern.manifest.records + 3)
    #expect(Self.counted(export))
  }

  /// Whether the element counts of a naive scan agree with the manifest.
  static func counted(_ export: Fixture.Export) -> Bool {
    let xml = export.xml
    let manifest = export.manifest
    return manifest.records == xml.count("Record")
      && manifest.topLevelRecords == xml.topLevelRecords.count
      && manifest.workouts == xml.count("Workout")
      && manifest.workoutEvents == xml.count("WorkoutEvent")
      && manifest.workoutStatistics == xml.count("WorkoutStatistics")
      && manifest.metadataEntries == xml.count("MetadataEntry")
      && manifest.beats == xml.count("InstantaneousBeatsPerMinute")
      && manifest.workoutRoutes == xml.count("WorkoutRoute")
      && manifest.bytes == export.bytes.count
  }
}

extension SyntheticHealthManifest {
  func with(bytes: Int) -> SyntheticHealthManifest {
    var copy = self
    copy.bytes = bytes
    return copy
  }
}
