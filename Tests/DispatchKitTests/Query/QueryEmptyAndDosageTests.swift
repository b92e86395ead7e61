import DispatchKit
import Foundation
import Testing

@testable import DispatchCore
@testable import DispatchStorage

/// Negated tests on an empty attribute are false, as every test is, and `not (…)` is the one
/// way to keep the empty ones; dosages compare within one dimension; a record known only to
/// the day has no time of day (docs/query-language.md#attribute-kinds-and-their-operators).
struct QueryEmptyAndDosageTests {
  let fixture: QueryFixture

  init() throws {
    fixture = try QueryFixture()
    try fixture.report(
      "r1", at: 0, numbers: ["How happy are you?": 8], tokens: ["What are you doing?": ["coding"]])
    try fixture.report(
      "r2", at: 60, numbers: ["How happy are you?": 4], tokens: ["What are you doing?": ["walk"]])
    // Answers neither question.
    try fixture.report("r3", at: 120)
  }

  @Test(arguments: [
    ("answer(\"How happy are you?\") != 8", ["r2"]),
    ("answer(\"How happy are you?\") not in (8, 9)", ["r2"]),
    ("answer(\"How happy are you?\") not between 7 and 9", ["r2"]),
    ("answer(\"What are you doing?\") has none (coding)", ["r2"]),
    ("not (answer(\"How happy are you?\") = 8)", ["r2", "r3"]),
    ("not (answer(\"What are you doing?\") has any (coding))", ["r2", "r3"]),
    ("answer(\"How happy are you?\") is empty", ["r3"]),
  ])
  func `negated tests leave out an unanswered question`(condition: String, expected: [String])
    throws
  {
    #expect(try fixture.ids("reports where " + condition) == expected)
  }

  @Test func `an empty instant fails the negated date tests`() throws {
    // "keys" were found on 2026-03-04; the "umbrella" never was.
    for (id, found) in [("keys", Optional(QueryFixture.t0 + 3_600_000)), ("umbrella", nil)] {
      try fixture.db.execute(
        """
        INSERT INTO lost_items (id, item, noticed_ms, utc_offset_seconds, precision, found_ms)
        VALUES (?, ?, ?, 0, 'exact', ?)
        """, [id, id, QueryFixture.t0, found])
    }
    #expect(try fixture.ids("lost where found at != 2026-03-05") == ["keys"])
    #expect(
      try fixture.ids("lost where found at not between 2026-03-05 and 2026-03-06") == ["keys"])
    #expect(try fixture.ids("lost where found at not in (2026-03-05)") == ["keys"])
    #expect(try fixture.ids("lost where not (found at = 2026-03-05)") == ["keys", "umbrella"])
  }

  private func dose(_ id: String, _ dosage: String) throws {
    try fixture.store.records.saveDose(
      MedicationDose(
        id: id, medicationID: "med",
        time: RecordTime(
          Instant(milliseconds: 1_772_618_400_000), timeZoneIdentifier: "UTC", utcOffsetSeconds: 0),
        dosage: dosage, source: "test"))
  }

  @Test func `dosages compare within their dimension and never across`() throws {
    try fixture.store.records.saveMedication(
      Medication(id: "med", name: "Vitamin D", sortOrder: 0, source: "test"))
    try dose("iu", "1000 IU")
    try dose("mg", "500 mg")
    try dose("kg", "2 kg")
    try dose("tablets", "2 tablets")
    try dose("ml", "5 mL")
    #expect(try fixture.ids("dose where dosage >= 1 kg") == ["kg"])
    #expect(try fixture.ids("dose where dosage < 1 kg") == ["mg"])
    #expect(try fixture.ids("dose where dosage != 1 kg") == ["kg", "mg"])
    #expect(try fixture.ids("dose where dosage >= 500 IU") == ["iu"])
    #expect(try fixture.ids("dose where dosage = 2 tablet") == ["tablets"])
    #expect(try fixture.ids("dose where dosage not between 1 mL and 2 mL") == ["ml"])
    #expect(try fixture.ids("dose where dosage in (0.5 g, 2000 g)") == ["kg", "mg"])
    let mixed = try #require(try fixture.diagnostic("dose where dosage in (1 g, 2 tablets)"))
    #expect(mixed.id == .invalidDosage)
    let explained = try fixture.engine().explain(
      try fixture.engine().plan("dose where dosage >= 1 kg"))
    #expect(explained.root?.note == "compares masses only; other dosages never match")
  }

  @Test func `a dosage's dimension and measure`() {
    let cases: [(String, Dosage.Dimension, Double)] = [
      ("250 mg", .mass, 0.25), ("2 kg", .mass, 2000), ("50 mcg", .mass, 0.00005),
      ("5 mL", .volume, 0.005), ("1.5 L", .volume, 1.5), ("1000 IU", .internationalUnits, 1000),
      ("2 tablets", .count, 2), ("3", .count, 3), ("1 spoonful", .other("spoonful"), 1),
    ]
    for (text, dimension, measure) in cases {
      let dosage = Dosage(parsing: text)
      #expect(dosage?.dimension == dimension, "\(text)")
      #expect(abs((dosage?.measure ?? -1) - measure) < 1e-12, "\(text)")
    }
  }

  @Test func `a record known only to its day has no time of day`() throws {
    let midnight = 1_772_582_400_000  // 2026-03-04 00:00 UTC
    for (id, precision, minutes) in [("dated", "day", 0), ("exact", "exact", 10)] {
      try fixture.db.execute(
        """
        INSERT INTO ratings (id, kind, date_ms, utc_offset_seconds, precision, rating, scale_min,
          scale_max, source) VALUES (?, 'mood', ?, 0, ?, 5, 1, 10, 'test')
        """, [id, midnight + minutes * 60_000, precision])
    }
    #expect(try fixture.ids("mood where time of day before 00:30") == ["exact"])
    #expect(try fixture.ids("mood where time of day is empty") == ["dated"])
    #expect(try fixture.ids("mood where on 2026-03-04") == ["dated", "exact"])
    let samples = try fixture.engine().samples(
      try fixture.engine().plan("mood"), attribute: nil)
    #expect(samples.map(\.isDayOnly) == [true, false])
  }
}
