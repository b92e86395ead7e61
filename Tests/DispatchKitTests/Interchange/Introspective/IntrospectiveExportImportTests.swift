import DispatchKit
import Testing

/// Introspective's own CSV exports read back
/// (docs/formats/introspective.md#introspective-csv-export,
/// docs/formats/introspective.md#reading-introspectives-exports-back,
/// docs/formats/introspective.md#reference-vectors;
/// docs/test-fixtures.md#introspective-moodscsv--activitiescsv--medicationscsv).
struct IntrospectiveExportImportTests {
  typealias F = FamilyFixtures

  @Test func `moods give the manifest's counts`() throws {
    let batch = try F.parse("introspective-moods.csv")
    #expect(batch.format == .introspectiveMoods && batch.skipped == 0)
    let moods = batch.records.ratings
    #expect(moods.count == 10)
    #expect(moods.filter { $0.source == "Introspective" }.count == 7)
    #expect(moods.filter { $0.source == "Wellness" }.count == 3)
    #expect(moods.filter { $0.time.timeZoneIdentifier == nil }.count == 3)
    #expect(moods.filter { $0.time.timeZoneIdentifier == "America/Chicago" }.count == 1)
    #expect(moods.filter { $0.time.timeZoneIdentifier == "America/New_York" }.count == 6)
    #expect(moods.filter { $0.scale == .mood }.count == 7)
    #expect(moods.filter { $0.scale == .wellness }.count == 3)
    #expect(moods.map(\.rating) == [6, 4, 7.5, 8, 5, 3, 6.5, 5, 2, 9])
    #expect(moods.filter { $0.note == nil }.count == 3)
    #expect(moods[6].note == "Lena said \"ship it\", so we shipped it")
    #expect(moods[7].note == "Tired\nbut calm")
    #expect(moods.allSatisfy { $0.time.precision == .exact })
    #expect(F.utc(moods[0].time) == "2018-03-09T13:15:00Z")
    // Across the DST change: EDT text.
    #expect(F.utc(moods[5].time) == "2018-03-11T13:12:03Z")
    #expect(moods[5].time.utcOffsetSeconds == -14_400)
    // No zone id: the offset is the text's zone name's (EST, then EDT).
    #expect(moods[1].time.utcOffsetSeconds == -18_000)
    #expect(moods[8].time.utcOffsetSeconds == -14_400)
    #expect(moods[3].time.utcOffsetSeconds == -21_600)
  }

  @Test func `moods are rescaled onto the mood scale when asked`() throws {
    let moods = try F.parse("introspective-moods.csv", options: F.options(rescale: true))
      .records.ratings
    #expect(moods[1].rating == 5.5 && moods[1].scale == .mood)
    #expect(moods[0].rating == 6)
  }

  @Test func `the bad mood file imports two and names six`() throws {
    let batch = try F.parse("introspective-moods-bad.csv")
    #expect(batch.records.ratings.map(\.rating) == [6, 7])
    #expect(batch.skipped == 6)
    #expect(
      F.problems(batch) == [
        "2 Timestamp: invalid date/time format '2018-03-13 09:00:00'",
        "3 Minimum Allowed Rating: missing minimum rating",
        "4 Source: invalid value provided for source 'Daylio'",
        "5 Minimum Allowed Rating: incorrectly formatted minimum rating 'one'",
        "6 Rating: invalid rating 'high'",
        "7 Timestamp: no timestamp",
      ])
  }

  @Test func `an exported mood reads back identically`() throws {
    let text =
      "\"Timestamp\",\"Time Zone\",\"Rating\",\"Minimum Allowed Rating\",\"Maximum Allowed Rating\","
      + "\"Note\",\"Source\"\n\"Wednesday, April 4, 2018 at 5:18:00\u{202F}PM Eastern Daylight Time\","
      + "\"America/New_York\",\"4.0\",\"1.0\",\"7.0\",\"a, \"\"quoted\"\"\nnote\",\"introspective\""
    let mood = try #require(try F.parse(text: text).records.ratings.first)
    #expect(mood.rating == 4 && mood.scale == .wellness && mood.source == "Introspective")
    #expect(mood.note == "a, \"quoted\"\nnote")
    #expect(F.utc(mood.time) == "2018-04-04T21:18:00Z")
    #expect(mood.time.timeZoneIdentifier == "America/New_York")
  }

  @Test func `activities give the manifest's counts`() throws {
    let batch = try F.parse("introspective-activities.csv")
    #expect(batch.format == .introspectiveActivities && batch.skipped == 0)
    let activities = batch.records.activities
    let definitions = batch.records.activityDefinitions
    #expect(activities.count == 10)
    #expect(definitions.map(\.name) == ["Reading", "Deep work", "Running", "Meditation"])
    #expect(
      definitions.map(\.source) == ["ATracker", "Introspective", "Introspective", "Introspective"])
    #expect(definitions[1].tags == ["Work", "Focus"] && definitions[1].autoNote)
    #expect(activities.filter { $0.source == "ATracker" }.count == 2)
    #expect(activities.filter { $0.source == "Introspective" }.count == 8)
    #expect(activities.filter(\.isRunning).count == 1)
    #expect(activities.filter { !$0.tags.isEmpty }.count == 3)
    #expect(activities[3].tags == ["Intervals", "Heron Pond"])
    #expect(activities.filter { $0.note?.contains("\n") == true }.count == 1)
    let minutes = activities.compactMap { activity in
      activity.end.map { ($0.instant.milliseconds - activity.start.instant.milliseconds) / 60_000 }
    }
    #expect(minutes == [45, 70, 150, 40, 10, 60, 36, 195, 10])
    #expect(activities[4].start.timeZoneIdentifier == "America/Chicago")
    #expect(activities[0].start.timeZoneIdentifier == nil && activities[0].startSetAt == nil)
    #expect(
      activities[3].startSetAt.map { $0.milliseconds - activities[3].start.instant.milliseconds }
        == 300_000)
  }

  @Test func `the bad activity file imports two and names six`() throws {
    let batch = try F.parse("introspective-activities-bad.csv")
    #expect(batch.records.activities.count == 2)
    #expect(batch.records.activityDefinitions.map(\.name) == ["Meditation", "Reading"])
    #expect(batch.skipped == 6)
    #expect(
      F.problems(batch) == [
        "2 Name: missing name",
        "3 Auto Note: 'yes' must be true or false",
        "4 Record Screen Index: 'first' is not a valid number",
        "5 Start: invalid start date/time 'yesterday morning'",
        "6 Definition Source: invalid definition source 'Toggl'",
        "7 Start: missing start",
      ])
  }

  @Test func `legacy 11-field and fixed 12-field medication files read the same`() throws {
    let legacy = try F.parse("introspective-medications.csv")
    let fixed = try F.parse("introspective-medications-12col.csv")
    #expect(legacy.skipped == 0 && fixed.skipped == 0)
    #expect(legacy.records.medications.count == 5 && legacy.records.doses.count == 11)
    #expect(legacy.records.doses == fixed.records.doses)
    #expect(legacy.records.medications.map(\.name) == fixed.records.medications.map(\.name))
    let medications = fixed.records.medications
    #expect(
      medications.map { "\($0.name) [\($0.source)]" } == [
        "Vitamin D3 [EasyPill]", "Allergy spray [Introspective]", "Ibuprofen [Introspective]",
        "Melatonin [EasyPill]", "Antacid [EasyPill]",
      ])
    let names = Dictionary(uniqueKeysWithValues: medications.map { ($0.id, $0.name) })
    var perMedication: [String: Int] = [:]
    for dose in fixed.records.doses {
      perMedication[names[dose.medicationID] ?? "?", default: 0] += 1
    }
    #expect(
      perMedication == [
        "Allergy spray": 3, "Antacid": 1, "Ibuprofen": 2, "Melatonin": 2, "Vitamin D3": 3,
      ])
    #expect(fixed.records.doses.filter { $0.dosage == nil }.count == 1)
    #expect(medications.filter { $0.startedOn == nil }.count == 1)
    #expect(medications.filter { $0.frequency == nil }.count == 1)
    #expect(medications[0].startedOn == "2018-01-15" && medications[2].startedOn == "2017-11-02")
    #expect(
      medications[4].frequency == "0.4 times per hour" && medications[4].defaultDosage == "0.5 g")
    #expect(!fixed.records.updatesStoredMedications)
  }

  @Test func `the bad medication file imports two and names six`() throws {
    let batch = try F.parse("introspective-medications-bad.csv")
    #expect(
      batch.records.doses.count == 2 && batch.records.medications.map(\.name) == ["Vitamin D3"])
    #expect(batch.skipped == 6)
    #expect(
      F.problems(batch) == [
        "2 Definition Source: missing definition source",
        "3 Timestamp: invalid timestamp '13/03/2018 08:00'",
        "4 Timestamp: missing timestamp",
        "5 Record Screen Index: 'abc' is not a valid number",
        "6 Instance Source: invalid instance source 'Pillbox'",
        "7 Definition Source: missing definition source",
      ])
  }
}
