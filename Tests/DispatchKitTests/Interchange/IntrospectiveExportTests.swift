import DispatchKit
import Foundation
import Testing

/// Introspective's CSV export layout (docs/formats/introspective.md#introspective-csv-export) and
/// Dispatch's own files in the same style.
struct IntrospectiveExportTests {
  static let newYork = "America/New_York"

  /// 2018-04-04 17:18:00 EDT, the example mood of
  /// docs/formats/introspective.md#introspective-csv-export.
  static let example = Instant(milliseconds: 1_522_876_680_000)

  static func time(_ instant: Instant, _ zone: String? = newYork) -> RecordTime {
    guard let zone else { return RecordTime(instant, timeZoneIdentifier: nil, utcOffsetSeconds: 0) }
    return RecordTime.at(instant, zone: zone)
  }

  /// A small store's worth of every kind, deliberately out of order.
  static func records() -> IntrospectiveExportRecords {
    let later = example.adding(seconds: 3_600)
    let gym = ActivityDefinition(
      id: "d1", name: "Gym", description: "weights, run", tags: ["exercise", "health"],
      sortOrder: 2)
    let vitamin = Medication(
      id: "m1", name: "Vitamin D", defaultDosage: "1000 IU", frequency: "1 time per day",
      startedOn: "2018-01-15", startedOnTimeZone: newYork, notes: "with \"food\"", sortOrder: 0)
    return IntrospectiveExportRecords(
      moods: [
        RatingRecord(
          id: "b", kind: .mood, time: time(later, "Europe/Lisbon"), rating: 7.5, scale: .mood,
          note: "a, \"quoted\"\nsecond line", source: RecordSource.dispatch),
        RatingRecord(
          id: "a", kind: .mood, time: time(example), rating: 4, scale: .wellness,
          source: RecordSource.introspective),
      ],
      fatigue: [
        RatingRecord(id: "f", kind: .fatigue, time: time(example, nil), rating: 3, scale: .fatigue)
      ],
      definitions: [gym],
      activities: [
        ActivityRecord(
          id: "a2", definitionID: "d1", start: time(later), startSetAt: later.adding(seconds: 600),
          tags: ["co,mma"]),
        ActivityRecord(
          id: "a1", definitionID: "d1", start: time(example),
          startSetAt: example.adding(seconds: 9), end: time(example.adding(seconds: 5_400)),
          endSetAt: example.adding(seconds: 5_460), note: "leg day"),
      ],
      medications: [
        vitamin, Medication(id: "m2", name: "Unused", defaultDosage: "5mg", sortOrder: 1),
      ],
      doses: [
        MedicationDose(id: "x2", medicationID: "m1", time: time(later), dosage: "12.5mg"),
        MedicationDose(
          id: "x1", medicationID: "m1", time: time(example), dosage: "1000 IU",
          source: RecordSource.easyPill),
      ],
      metricContext: [
        MetricContextEntry(
          id: "c1", metric: "steps", from: time(example), to: later.adding(seconds: 86_400),
          note: "travel: steps not comparable"),
        MetricContextEntry(id: "c2", metric: nil, from: time(later), note: "sick"),
      ],
      lostItems: [
        LostItemEvent(
          id: "l1", item: "keys", noticed: time(example), place: "coat pocket",
          foundAt: example.adding(seconds: 900)),
        LostItemEvent(id: "l2", item: "glasses", noticed: time(later), note: "still missing"),
      ])
  }

  func files() throws -> [String: String] {
    let files = try IntrospectiveExporter.files(
      Self.records(), exportedAt: Self.example,
      zone: try #require(TimeZone(identifier: Self.newYork)))
    return Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.contents) })
  }

  @Test func namesEveryFileWithTheExportTimeInTheStoresZone() throws {
    #expect(
      try files().keys.sorted() == [
        "Activities 2018-04-04_1718.csv", "Fatigue 2018-04-04_1718.csv",
        "Lost Items 2018-04-04_1718.csv", "Medication Dosage History 2018-04-04_1718.csv",
        "Metric Context 2018-04-04_1718.csv", "Moods 2018-04-04_1718.csv",
      ])
  }

  @Test func moodsMatchTheReferenceExample() throws {
    let moods = try #require(try files()["Moods 2018-04-04_1718.csv"])
    let lines = moods.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      lines[0]
        == #""Timestamp","Time Zone","Rating","Minimum Allowed Rating","Maximum Allowed Rating","Note","Source""#
    )
    #expect(
      lines[1]
        == #""Wednesday, April 4, 2018 at 5:18:00 PM Eastern Daylight Time","America/New_York","4.0","1.0","7.0","","Introspective""#
    )
    // The Dispatch mood: its own zone's text, the note quoted with its newline, source mapped.
    #expect(moods.contains("\"a, \"\"quoted\"\"\nsecond line\",\"Introspective\"\n"))
    #expect(
      moods.contains("Western European Summer Time\",\"Europe/Lisbon\",\"7.5\",\"1.0\",\"10.0\""))
    #expect(moods.hasSuffix("\n") && !moods.contains("\r"))
  }

  @Test func medicationRowsHaveAllTwelveFields() throws {
    let text = try #require(try files()["Medication Dosage History 2018-04-04_1718.csv"])
    let rows = try CSVReader.records(Array(text.utf8))
    #expect(rows.count == 3)
    #expect(rows[0].count == 12)
    for row in rows { #expect(row.count == 12) }
    #expect(
      rows[1] == [
        "Vitamin D", "1000 IU", "1 time per day",
        "Monday, January 15, 2018 at 12:00:00 AM Eastern Standard Time", "America/New_York",
        "with \"food\"", "Introspective", "0", "1000 IU",
        "Wednesday, April 4, 2018 at 5:18:00 PM Eastern Daylight Time", "America/New_York",
        "EasyPill",
      ])
    #expect(rows[2][8] == "12.5 mg")
    #expect(!text.contains("Unused"), "a medication without doses is not exported")
  }

  @Test func activitiesHaveEighteenColumnsInStartOrder() throws {
    let text = try #require(try files()["Activities 2018-04-04_1718.csv"])
    let rows = try CSVReader.records(Array(text.utf8))
    #expect(rows.map(\.count) == [18, 18, 18])
    #expect(rows[0][6] == "Start" && rows[0][17] == "Instance Source")
    #expect(rows[1][0] == "Gym" && rows[1][2] == "exercise|health" && rows[1][4] == "false")
    #expect(rows[1][9] == "0:00:09" && rows[1][13] == "0:01:00" && rows[1][14] == "0:01:09")
    #expect(rows[1][15] == "leg day")
    #expect(rows[2][10] == "" && rows[2][16] == "co,mma" && rows[2][9] == "0:10:00")
  }

  @Test func timestampsReadBackToTheSameInstant() throws {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US")
    formatter.dateStyle = .full
    formatter.timeStyle = .full
    formatter.timeZone = TimeZone(identifier: "Asia/Tokyo")
    for (name, text) in try files() {
      let rows = try CSVReader.records(Array(text.utf8))
      let column = rows[0].firstIndex(of: "Timestamp") ?? rows[0].firstIndex(of: "Start") ?? 0
      for row in rows.dropFirst() {
        let date = formatter.date(from: row[column])
        #expect(date != nil, "\(name): '\(row[column])' does not parse")
      }
    }
    let fatigue = try #require(try files()["Fatigue 2018-04-04_1718.csv"])
    let row = try CSVReader.records(Array(fatigue.utf8))[1]
    #expect(row[1] == "", "a record without a zone is written in UTC with no zone id")
    #expect(formatter.date(from: row[0]).map(Instant.init) == Self.example)
  }

  @Test func goldenFiles() throws {
    for (name, text) in try files() {
      // Golden names without the stamp's colon, which some file systems refuse.
      let golden = name.replacingOccurrences(of: " 2018-04-04_1718", with: "")
      GoldenFile.expectMatches(text, suite: "IntrospectiveExportTests", name: golden)
    }
  }

  @Test func nothingToExport() throws {
    do {
      _ = try IntrospectiveExporter.files(
        IntrospectiveExportRecords(), exportedAt: Self.example, zone: .gmt)
      Issue.record("an empty export was written")
    } catch {
      #expect(error.kind == .invalidValue)
      #expect(error.message.hasPrefix("nothing to export"))
    }
    let store = try DispatchStore()
    #expect(throws: DispatchError.self) { try store.export(.introspectiveCSV) }
  }
}
