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

/// Operators per attribute kind, evaluated over a store
/// (docs/query-language.md#compared-with-introspective).
struct QueryEngineTests {
  let fixture: QueryFixture

  init() throws {
    fixture = try QueryFixture()
    try fixture.mood("m1", at: 0, 2, note: "CAFÉ au lait")
    try fixture.mood("m2", at: 60, 5, note: "walk in the park")
    try fixture.mood("m3", at: 120, 8)
    try fixture.mood("m4", at: 24 * 60, 1, note: "")
  }

  @Test(arguments: [
    ("mood where rating <= 2", ["m1", "m4"]),
    ("mood where rating < 2", ["m4"]),
    ("mood where rating = 5", ["m2"]),
    ("mood where rating != 5", ["m1", "m3", "m4"]),
    ("mood where rating between 2 and 5", ["m1", "m2"]),
    ("mood where rating not between 2 and 5", ["m3", "m4"]),
    ("mood where rating in (1, 8)", ["m3", "m4"]),
    ("mood where rating > 1 and rating < 8", ["m1", "m2"]),
    ("mood where rating > 7 or rating < 2", ["m3", "m4"]),
    ("mood where not rating > 2", ["m1", "m4"]),
  ])
  func `numbers compare as numbers`(query: String, expected: [String]) throws {
    #expect(try fixture.ids(query) == expected)
  }

  @Test(arguments: [
    ("mood where note contains \"café\"", ["m1"]),
    ("mood where note contains \"PARK\"", ["m2"]),
    ("mood where note starts with \"café\"", ["m1"]),
    ("mood where note ends with \"Park\"", ["m2"]),
    ("mood where note = \"café au lait\"", ["m1"]),
    // An empty note fails the negated tests; `not (…)` keeps it.
    ("mood where note != \"café au lait\"", ["m2"]),
    ("mood where not (note = \"café au lait\")", ["m2", "m3", "m4"]),
    ("mood where note is empty", ["m3", "m4"]),
    ("mood where note is not empty", ["m1", "m2"]),
    ("mood where note does not contain \"park\"", ["m1"]),
    ("mood where note not in (\"x\", \"y\")", ["m1", "m2"]),
    ("mood where not (note contains \"park\")", ["m1", "m3", "m4"]),
  ])
  func `texts compare case-insensitively beyond ASCII and empty counts as empty`(
    query: String, expected: [String]
  ) throws {
    #expect(try fixture.ids(query) == expected)
  }

  @Test(arguments: [
    ("mood where on 2026-03-04", ["m1", "m2", "m3"]),
    ("mood where before 2026-03-05", ["m1", "m2", "m3"]),
    ("mood where after 2026-03-04", ["m4"]),
    ("mood where between 2026-03-04 and 2026-03-05", ["m1", "m2", "m3", "m4"]),
    ("mood where time of day after 10:30", ["m2", "m3"]),
    ("mood where time of day between 09:00 and 11:00", ["m1", "m2", "m4"]),
    ("mood where time of day between 11:30 and 10:30", ["m1", "m3", "m4"]),
    ("mood where day of week = wed", ["m1", "m2", "m3"]),
    ("mood where day of week in (thursday, fri)", ["m4"]),
    ("mood where on thu", ["m4"]),
    ("mood where in last 1 day", ["m4"]),
    ("mood where in last 2 days", ["m1", "m2", "m3", "m4"]),
    ("mood where this week", ["m1", "m2", "m3", "m4"]),
    ("mood where time > 2026-03-04T11:30:00Z", ["m3", "m4"]),
  ])
  func `times read days and clocks in the record's offset and relative dates from now`(
    query: String, expected: [String]
  ) throws {
    // Now is T0 + 2 days: Friday 2026-03-06 10:00 UTC.
    #expect(try fixture.ids(query) == expected)
  }

  @Test func `a record's own offset decides its day and clock`() throws {
    // 23:30 UTC on Wednesday is 01:30 on Thursday at +02:00.
    try fixture.mood("late", at: 13 * 60 + 30, 6, offsetHours: 2)
    #expect(try fixture.ids("mood where on 2026-03-05 and rating = 6") == ["late"])
    #expect(try fixture.ids("mood where day of week = thu and rating = 6") == ["late"])
    #expect(try fixture.ids("mood where time of day before 02:00 and rating = 6") == ["late"])
  }

  @Test func `tags match case-insensitively over an activity's own and its definition's tags`()
    throws
  {
    try fixture.activity("a1", "Gym", from: 0, to: 60, tags: ["Legs"], definitionTags: ["exercise"])
    try fixture.activity("a2", "Reading", from: 100, to: 160, tags: ["fiction"])
    try fixture.activity("a3", "Cooking", from: 200, to: nil)
    #expect(try fixture.ids("activity where tags has any (EXERCISE, fiction)") == ["a1", "a2"])
    #expect(try fixture.ids("activity where tags has all (legs, exercise)") == ["a1"])
    // a3 has no tags at all: an empty attribute fails `has none` as every other test.
    #expect(try fixture.ids("activity where tags has none (legs)") == ["a2"])
    #expect(try fixture.ids("activity where not (tags has any (legs))") == ["a2", "a3"])
    #expect(try fixture.ids("activity where tags is empty") == ["a3"])
    #expect(try fixture.ids("activity where \"fiction\" in tags") == ["a2"])
    #expect(try fixture.ids("activity where running is true") == ["a3"])
    #expect(
      try fixture.ids("activity where duration >= 1 hour and not running is true") == ["a1", "a2"])
    #expect(try fixture.ids("activity where duration < 30m") == [])
    #expect(try fixture.ids("activity where name = gym") == ["a1"])
  }

  @Test func `report answers are attributes by prompt or ID, tokens by membership`() throws {
    try fixture.report(
      "r1", at: 0, numbers: ["How happy are you?": 8],
      tokens: ["Who are you with?": ["Alice", "Bob"]])
    try fixture.report(
      "r2", at: 60, numbers: ["How happy are you?": 4], tokens: ["Who are you with?": ["Alice"]])
    try fixture.report("r3", at: 120, numbers: ["How happy are you?": 9])
    #expect(
      try fixture.ids(
        "reports where answer(\"How happy are you?\") >= 7 and \"Alice\" in answer(\"Who are you with?\")"
      )
        == ["r1"])
    #expect(try fixture.ids("reports where answer(\"how happy are you\") > 5") == ["r1", "r3"])
    #expect(try fixture.ids("reports where answer(\"q-How happy are you?\") < 5") == ["r2"])
    #expect(try fixture.ids("reports where answer(\"Who are you with?\") is empty") == ["r3"])
    #expect(
      try fixture.ids("reports where answer(\"Who are you with?\") has all (alice, bob)") == ["r1"])
  }

  @Test func `sleep and workout readings compare with durations, other readings with numbers`()
    throws
  {
    for (id, minutes, core) in [("short", 0, 7_200.0), ("long", 60, 14_400.0)] {
      try fixture.report(id, at: Int64(minutes))
      try fixture.db.execute(
        "INSERT INTO report_health (report_id, position, type, value, unit) VALUES (?, 0, ?, ?, ?)",
        [id, "sleepCore", core, "s"])
      try fixture.db.execute(
        "INSERT INTO report_health (report_id, position, type, value, unit) VALUES (?, 1, ?, ?, ?)",
        [id, "steps", core, "count"])
    }
    #expect(try fixture.ids("reports where reading(\"sleepCore\") < 3 hours") == ["short"])
    #expect(try fixture.ids("reports where reading(\"sleepcore\") >= 2h30m") == ["long"])
    #expect(try fixture.ids("reports where reading(\"steps\") > 10000") == ["long"])
    // A bare number is not a length of time: the diagnostic says how to write one.
    let diagnostic = try #require(
      try fixture.diagnostic("reports where reading(\"sleepCore\") < 3"))
    #expect(diagnostic.message == "'3' is not a duration")
  }

  @Test func `places match by name, or near coordinates within a radius`() throws {
    try fixture.report("home", at: 0)
    try fixture.report("street", at: 10)
    try fixture.report("far", at: 20)
    for (id, latitude, longitude, name) in [
      ("home", 40.6782, -73.9442, "Home"), ("street", 40.6791, -73.9442, "Corner"),
      ("far", 40.7580, -73.9855, "Times Square"),
    ] {
      try fixture.db.execute(
        """
        INSERT INTO report_locations (report_id, latitude, longitude, has_placemark, place_name)
        VALUES (?, ?, ?, 1, ?)
        """, [id, latitude, longitude, name])
    }
    // 0.0009° of latitude is about 100 m.
    #expect(try fixture.ids("reports where place near (40.6782, -73.9442)") == ["home", "street"])
    #expect(try fixture.ids("reports where place near (40.6782, -73.9442) within 50 m") == ["home"])
    #expect(try fixture.ids("reports where place near (40.6782, -73.9442) within 10 km").count == 3)
    #expect(try fixture.ids("reports where place = home") == ["home"])
    #expect(try fixture.diagnostic("reports where place near (95, 0)")?.id == .invalidNumber)
    #expect(
      try fixture.diagnostic("reports where place near (40, 0) within 3 parsecs")?.id
        == .invalidDuration)
    #expect(try fixture.diagnostic("mood where note near (40, 0)")?.id == .operatorNotApplicable)
  }

  @Test func `misspelled names get suggestions and exit with stable IDs`() throws {
    try fixture.report("r1", at: 0, numbers: ["How happy are you?": 8])
    let unknownType = try #require(try fixture.diagnostic("moodd where rating > 2"))
    #expect(unknownType.id == .unknownType)
    #expect(unknownType.hint == "did you mean 'mood'?")
    let attribute = try #require(try fixture.diagnostic("mood where ratin > 2"))
    #expect(attribute.id == .unknownAttribute)
    #expect(attribute.hint == "did you mean 'rating'?")
    #expect(attribute.range == SourceRange(11, 16))
    let question = try #require(
      try fixture.diagnostic("reports where answer(\"How hapy are you\") > 2"))
    #expect(question.id == .unknownQuestion)
    #expect(question.hint == "did you mean 'How happy are you?'?")
    let choice = try #require(try fixture.diagnostic("reports where kind = reguler"))
    #expect(choice.id == .unknownChoice)
    #expect(choice.hint == "did you mean 'regular'?")
    let day = try #require(try fixture.diagnostic("mood where day of week = saturdy"))
    #expect(day.id == .invalidDay)
    #expect(day.hint == "did you mean 'saturday'?")
    let op = try #require(try fixture.diagnostic("mood where rating contains \"2\""))
    #expect(op.id == .operatorNotApplicable)
    let number = try #require(try fixture.diagnostic("mood where rating > high"))
    #expect(number.id == .invalidNumber)
    let date = try #require(try fixture.diagnostic("mood where before someday"))
    #expect(date.id == .invalidDate)
    let unit = try #require(try fixture.diagnostic("mood where in last 3 fortnights"))
    #expect(unit.id == .invalidUnit)
  }

  @Test func `an empty result is a count of zero, not an error`() throws {
    #expect(try fixture.count("mood where rating > 9") == 0)
    #expect(try fixture.count("heart rate where value > 100") == 0)
    #expect(try fixture.count("workout") == 0)
  }
}
