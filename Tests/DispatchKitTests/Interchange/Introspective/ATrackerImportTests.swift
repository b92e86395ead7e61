import DispatchKit
import Testing

/// ATracker CSV (docs/formats/introspective.md#atracker,
/// docs/formats/introspective.md#reference-vectors; docs/test-fixtures.md#atrackercsv).
struct ATrackerImportTests {
  typealias F = FamilyFixtures

  static let header =
    "Task name, Task description, Start time, End time, Duration,Duration in hours, Note, Tag\n"

  @Test func `the fixture gives the manifest's counts`() throws {
    let batch = try F.parse("atracker.csv")
    #expect(batch.format == .atracker)
    #expect(batch.skipped == 0 && batch.problems.isEmpty)
    let activities = batch.records.activities
    let definitions = batch.records.activityDefinitions
    #expect(activities.count == 11)
    #expect(
      definitions.map(\.name) == [
        "Reading", "Deep work", "Commute", "Guitar practice", "Café visit", "Yoga, evening",
        "Overnight shift",
      ])
    #expect(activities.count - definitions.count == 4)
    #expect(activities.filter(\.isRunning).count == 1)
    #expect(activities.last?.isRunning == true)
    let crossing = activities.filter { activity in
      activity.end.map { $0.local.day != activity.start.local.day } ?? false
    }
    #expect(crossing.count == 1)
    #expect(activities.filter { $0.note?.contains("\n") == true }.count == 1)
    #expect(definitions.filter { $0.name.contains(",") }.count == 1)
    #expect(definitions[1].tags == ["Work", "Focus"])
    #expect(definitions[3].tags == ["Hobbies", "Music"])
    // The first row of a name wins: "reading" and "Cafe visit" reuse the earlier definitions.
    #expect(definitions[0].description == "Novels and long-form essays")
    #expect(definitions.allSatisfy { $0.source == "ATracker" })
    #expect(activities.allSatisfy { $0.source == "ATracker" && $0.tags.isEmpty })
    #expect(Set(activities.map(\.definitionID)).count == 7)
    #expect(activities[4].definitionID == definitions[0].id)
    #expect(activities[6].definitionID == definitions[4].id)
    #expect(activities[9].note == "Quiet night — \"all clear\" at 5")
    #expect(activities.filter { $0.note == nil }.count == 5)
  }

  @Test func `dates are local minutes in the default zone`() throws {
    let first = try #require(try F.parse("atracker.csv").records.activities.first)
    #expect(F.utc(first.start) == "2018-02-01T12:05:00Z")
    #expect(first.start.timeZoneIdentifier == F.zone)
    #expect(first.start.utcOffsetSeconds == -18_000)
    #expect(first.start.precision == .minute)
    #expect(F.local(try #require(first.end)) == "2018-02-01 07:50")
    let lisbon = try F.parse(
      "atracker.csv", options: ImportOptions(defaultTimeZone: "Europe/Lisbon"))
    #expect(F.utc(try #require(lisbon.records.activities.first).start) == "2018-02-01T07:05:00Z")
  }

  @Test func `the bad fixture imports two rows and names the four bad ones`() throws {
    let batch = try F.parse("atracker-bad.csv")
    #expect(batch.records.activities.count == 2)
    #expect(batch.skipped == 4)
    #expect(
      F.problems(batch) == [
        "2  Start time: invalid format for start date/time '02/06/2018 09:00'",
        "3  Start time: missing start",
        "4 Task name: no name given for activity",
        "5  End time: invalid format for end date/time '2018-02-31 18:15'",
      ])
    #expect(batch.records.activityDefinitions.map(\.name) == ["Reading", "Guitar practice"])
  }

  @Test func `times across DST resolve like the calendar does`() throws {
    let batch = try F.parse(
      text: Self.header
        + "\"A\",\"\",\"2018-03-11 01:30\",\"2018-03-11 03:30\",\"\",0,\"\",\"\"\n"
        + "\"B\",\"\",\"2018-03-11 02:30\",\"\",\"\",0,\"\",\"\"\n"
        + "\"C\",\"\",\"2018-11-04 01:30\",\"2018-11-04 01:45\",\"\",0,\"\",\"\"\n")
    let activities = batch.records.activities
    #expect(activities.count == 3)
    // 01:30 EST to 03:30 EDT is one hour of real time.
    #expect(activities[0].durationSeconds(now: activities[0].start.instant) == 3600)
    #expect(activities[0].end?.utcOffsetSeconds == -14_400)
    // 02:30 does not exist that day: it resolves forward to 03:30 EDT.
    #expect(F.utc(activities[1].start) == "2018-03-11T07:30:00Z")
    // 01:30 happens twice in November: the first (EDT) one.
    #expect(F.utc(activities[2].start) == "2018-11-04T05:30:00Z")
  }

  @Test func `an end before the start is a problem, not a record`() throws {
    let batch = try F.parse(
      text: Self.header + "\"A\",\"\",\"2018-03-01 10:00\",\"2018-03-01 09:00\",\"\",0,\"\",\"\"")
    #expect(batch.records.activities.isEmpty)
    #expect(F.problems(batch) == ["1  End time: the end '2018-03-01 09:00' is before the start"])
  }

  @Test func `a header without ATracker's leading spaces is not ATracker`() {
    let bytes = Array("Task name,Task description,Start time,End time\n\"A\",\"\",\"\",\"\"".utf8)
    #expect(!ATrackerImport.recognizes(bytes))
    #expect(ATrackerImport.recognizes(Array(Self.header.utf8)))
  }

  @Test func `a later row of a name uses the first row's definition`() throws {
    let batch = try F.parse(
      text: Self.header
        + "\"activity1\",\"desc\",\"2018-02-06 20:00\",\"2018-02-06 21:00\",\"\",1,\"\",\"Hobbies\"\n"
        + "\"activity2\",\"\",\"2018-02-07 08:00\",\"2018-02-07 09:00\",\"\",1,\"\",\"\"\n"
        + "\"Activity1\",\"other\",\"2018-02-07 21:17\",\"\",\"\",0,\"line one\nline two\",\"X\"\n")
    let definitions = batch.records.activityDefinitions
    #expect(definitions.count == 2)
    #expect(definitions[0].description == "desc" && definitions[0].tags == ["Hobbies"])
    let third = try #require(batch.records.activities.last)
    #expect(third.definitionID == definitions[0].id)
    #expect(third.isRunning && third.note == "line one\nline two")
  }

  @Test func `the same row always gets the same ID`() throws {
    let first = try F.parse("atracker.csv").records.activities.map(\.id)
    let second = try F.parse("atracker.csv").records.activities.map(\.id)
    #expect(first == second && Set(first).count == 11)
  }
}
