import DispatchKit
import Foundation
import Testing

/// RRULE expansion, EXDATE, RECURRENCE-ID overrides and the bounds on expansion.
struct ICalendarRecurrenceTests {
  typealias F = CalendarFixture

  /// Wide enough for every case in the table.
  static let decade = F.range("2024-01-01T00:00:00Z", "2034-01-01T00:00:00Z")

  /// Local `yyyy-MM-dd HH:mm` in New York, so cases read as a calendar does.
  static func local(_ instant: Instant) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = F.newYork
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant.date)
    return String(
      format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
      parts.hour ?? 0, parts.minute ?? 0)
  }

  static func expand(start: String, rule: String, extra: String = "")
    -> (dates: [String], notes: [String])
  {
    var properties = "UID:r@x\nDTSTART;TZID=America/New_York:\(start)\nDTEND;TZID=America/"
    properties += "New_York:\(start.prefix(9))110000\nRRULE:\(rule)"
    if !extra.isEmpty { properties += "\n" + extra }
    let result = F.parseEvent(properties)
    return (F.occurrences(result.events, in: decade).map { local($0.start) }, result.notes)
  }

  @Test(arguments: RuleCase.all)
  func `rules expand to the expected local dates`(_ test: RuleCase) {
    let result = Self.expand(start: test.start, rule: test.rule)
    #expect(result.dates == test.dates.map { $0 + " 10:00" })
    #expect(result.notes.isEmpty)
  }

  @Test func `a weekly 09:00 New York event stays at 09:00 across the March change`() {
    let result = F.parseEvent(
      """
      UID:weekly@x
      DTSTART;TZID=America/New_York:20260302T090000
      DTEND;TZID=America/New_York:20260302T093000
      RRULE:FREQ=WEEKLY;COUNT=4
      """)
    let occurrences = F.occurrences(result.events, in: Self.decade)
    #expect(
      occurrences.map(\.start.iso8601Seconds) == [
        "2026-03-02T14:00:00Z", "2026-03-09T13:00:00Z", "2026-03-16T13:00:00Z",
        "2026-03-23T13:00:00Z",
      ])
    #expect(occurrences.allSatisfy { $0.end.milliseconds - $0.start.milliseconds == 1_800_000 })
    #expect(occurrences.map(\.recurrenceID) == occurrences.map(\.start))
  }

  @Test func `UTC and floating starts keep their own clocks`() {
    let utc = F.parseEvent("UID:u\nDTSTART:20260302T140000Z\nRRULE:FREQ=WEEKLY;COUNT=2")
    #expect(
      F.starts(utc.events, in: Self.decade) == ["2026-03-02T14:00:00Z", "2026-03-09T14:00:00Z"])
    let floating = F.parseEvent("UID:f\nDTSTART:20260302T090000\nRRULE:FREQ=WEEKLY;COUNT=2")
    #expect(
      F.starts(floating.events, in: Self.decade) == [
        "2026-03-02T14:00:00Z", "2026-03-09T13:00:00Z",
      ])
  }

  @Test func `EXDATE removes occurrences but they still count`() {
    let result = Self.expand(
      start: "20260105T100000", rule: "FREQ=WEEKLY;COUNT=6",
      extra: "EXDATE;TZID=America/New_York:20260112T100000,20260126T100000\n"
        + "EXDATE;VALUE=DATE:20260202")
    #expect(result.dates == ["2026-01-05 10:00", "2026-01-19 10:00", "2026-02-09 10:00"])
    #expect(result.notes.isEmpty)
  }

  @Test func `a RECURRENCE-ID override replaces its occurrence`() throws {
    let text = F.calendar(
      [
        F.event(
          """
          UID:series@x
          SUMMARY:Planning
          DTSTART;TZID=America/New_York:20260105T100000
          DTEND;TZID=America/New_York:20260105T110000
          RRULE:FREQ=WEEKLY;COUNT=4
          """),
        F.event(
          """
          UID:series@x
          RECURRENCE-ID;TZID=America/New_York:20260112T100000
          SUMMARY:Planning (moved)
          DTSTART;TZID=America/New_York:20260112T140000
          DTEND;TZID=America/New_York:20260112T150000
          """),
        F.event(
          """
          UID:series@x
          RECURRENCE-ID;TZID=America/New_York:20260119T100000
          DTSTART;TZID=America/New_York:20260119T100000
          STATUS:CANCELLED
          """),
        F.event(
          """
          UID:series@x
          RECURRENCE-ID;TZID=America/New_York:20260126T100000
          DTSTART;TZID=America/New_York:20270126T100000
          """),
      ].joined(separator: "\n"))
    let result = F.parse(text)
    #expect(result.notes.isEmpty)
    #expect(result.events.count == 1)
    let master = try #require(result.events.first)
    #expect(master.isRecurring)
    let january = F.range("2026-01-01T00:00:00Z", "2026-02-01T00:00:00Z")
    let occurrences = CalendarRecurrenceExpander.occurrences(of: master, in: january)
    #expect(
      occurrences.map { Self.local($0.start) } == [
        "2026-01-05 10:00", "2026-01-12 14:00", "2026-01-19 10:00",
      ])
    #expect(occurrences.map(\.summary) == ["Planning", "Planning (moved)", "Planning"])
    #expect(occurrences.map(\.status) == [nil, nil, .cancelled])
    // The last occurrence moved a year ahead: it shows up there, not in January.
    let moved = CalendarRecurrenceExpander.occurrences(
      of: master, in: F.range("2027-01-01T00:00:00Z", "2027-02-01T00:00:00Z"))
    #expect(moved.map { Self.local($0.start) } == ["2027-01-26 10:00"])
  }

  @Test func `an override without a recurring master stands alone or replaces the single event`() {
    let text = F.calendar(
      [
        F.event("UID:single@x\nSUMMARY:Old\nDTSTART:20260105T150000Z"),
        F.event(
          "UID:single@x\nRECURRENCE-ID:20260105T150000Z\nSUMMARY:New\nDTSTART:20260105T160000Z"),
        F.event("UID:orphan@x\nRECURRENCE-ID:20260105T150000Z\nDTSTART:20260106T150000Z"),
      ].joined(separator: "\n"))
    let result = F.parse(text)
    #expect(result.events.map(\.summary) == ["New", nil])
    #expect(
      result.events.map(\.start.iso8601Seconds) == [
        "2026-01-05T16:00:00Z", "2026-01-06T15:00:00Z",
      ])
  }

  @Test func `an unbounded daily rule gives exactly seven occurrences in a week`() {
    let result = F.parseEvent(
      "UID:daily@x\nDTSTART;TZID=America/New_York:20200101T090000\nDURATION:PT1H\n"
        + "RRULE:FREQ=DAILY")
    let plainWeek = F.range("2026-01-05T00:00:00Z", "2026-01-12T00:00:00Z")
    #expect(F.occurrences(result.events, in: plainWeek).count == 7)
    // Local midnight to local midnight over the March change (a 167-hour week).
    let changeWeek = F.range("2026-03-02T05:00:00Z", "2026-03-09T04:00:00Z")
    let occurrences = F.occurrences(result.events, in: changeWeek)
    #expect(occurrences.count == 7)
    #expect(occurrences.allSatisfy { Self.local($0.start).hasSuffix(" 09:00") })
  }

  @Test(arguments: [
    "FREQ=DAILY;INTERVAL=3", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SA;WKST=SU",
    "FREQ=MONTHLY;BYDAY=2WE,-1MO", "FREQ=MONTHLY;INTERVAL=5;BYMONTHDAY=-3",
    "FREQ=YEARLY;BYMONTH=3,9;BYMONTHDAY=10", "FREQ=DAILY;BYMONTH=3;BYDAY=SU",
  ])
  func `skipping ahead to the range matches walking from the start`(rule: String) {
    let start = "UID:s@x\nDTSTART;TZID=America/New_York:20190305T083000\nDURATION:P2D\n"
    let skipped = F.parseEvent(start + "RRULE:\(rule)")
    let walked = F.parseEvent(start + "RRULE:\(rule);COUNT=999999")
    let window = F.range("2026-03-01T00:00:00Z", "2026-05-01T00:00:00Z")
    let expected = F.starts(walked.events, in: window)
    #expect(!expected.isEmpty)
    #expect(F.starts(skipped.events, in: window) == expected)
  }

  @Test func `RDATE is reported rather than silently dropped`() {
    let result = F.parseEvent(
      "UID:r@x\nDTSTART:20260105T150000Z\nRDATE:20260110T150000Z\nRRULE:FREQ=DAILY;COUNT=2")
    #expect(F.starts(result.events, in: Self.decade).count == 2)
    #expect(
      result.notes == [
        "work.ics: event 'r@x' has RDATE extra dates, which are not supported; they are ignored"
      ])
  }

  @Test func `expansion stops at the iteration limit and at the range end`() {
    // COUNT forbids skipping ahead, so this walks from 1800 and gives up long before 2200.
    let counted = F.parseEvent(
      "UID:c@x\nDTSTART:18000101T090000Z\nRRULE:FREQ=DAILY;COUNT=999999999")
    let future = F.range("2200-01-01T00:00:00Z", "2200-02-01T00:00:00Z")
    #expect(F.occurrences(counted.events, in: future).isEmpty)
    // February 30 never comes; expansion ends with the range, not with the rule.
    let never = F.parseEvent(
      "UID:n@x\nDTSTART:20260101T090000Z\nRRULE:FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=30")
    let all = F.range("2026-01-01T00:00:00Z", "9999-12-31T00:00:00Z")
    #expect(F.occurrences(never.events, in: all).map(\.uid) == ["n@x"])
  }

  @Test(arguments: [
    ("FREQ=MONTHLY;BYDAY=MO;BYSETPOS=1", "uses unsupported RRULE part 'BYSETPOS'"),
    ("FREQ=HOURLY;COUNT=5", "uses unsupported RRULE part 'FREQ=HOURLY'"),
    ("FREQ=DAILY;BYHOUR=9,17", "uses unsupported RRULE part 'BYHOUR'"),
    ("FREQ=WEEKLY;BYDAY=1MO", "uses unsupported RRULE part 'ordinal BYDAY with FREQ=WEEKLY'"),
    ("FREQ=YEARLY;BYDAY=MO", "uses unsupported RRULE part 'BYDAY with FREQ=YEARLY and no BYMONTH'"),
    ("FREQ=DAILY;INTERVAL=0", "has an invalid RRULE part 'INTERVAL=0'"),
    ("FREQ=DAILY;COUNT=many", "has an invalid RRULE part 'COUNT=MANY'"),
    ("FREQ=MONTHLY;BYDAY=9MO", "has an invalid RRULE part 'BYDAY ordinal outside -5…5'"),
    ("COUNT=3", "has an invalid RRULE part 'no FREQ'"),
    ("FREQ=DAILY;UNTIL=tomorrow", "has an invalid RRULE part 'UNTIL=TOMORROW'"),
  ])
  func `unsupported or invalid rules keep only the first occurrence`(rule: String, note: String) {
    let result = F.parseEvent("UID:u@x\nDTSTART:20260105T150000Z\nRRULE:\(rule)")
    #expect(F.starts(result.events, in: Self.decade) == ["2026-01-05T15:00:00Z"])
    #expect(result.notes == ["work.ics: event 'u@x' \(note); only its first occurrence is used"])
  }
}

extension ICalendarRecurrenceTests {
  /// A New York 10:00 DTSTART, a rule, and the local dates it should produce.
  struct RuleCase: Sendable, CustomTestStringConvertible {
    let start: String
    let rule: String
    let dates: [String]

    var testDescription: String { rule }

    static let all: [RuleCase] = [
      RuleCase(
        start: "20260105T100000", rule: "FREQ=DAILY;COUNT=3",
        dates: ["2026-01-05", "2026-01-06", "2026-01-07"]),
      RuleCase(
        start: "20260105T100000", rule: "FREQ=DAILY;INTERVAL=2;COUNT=3",
        dates: ["2026-01-05", "2026-01-07", "2026-01-09"]),
      RuleCase(
        start: "20260105T100000", rule: "FREQ=DAILY;UNTIL=20260108T150000Z",
        dates: ["2026-01-05", "2026-01-06", "2026-01-07", "2026-01-08"]),
      RuleCase(
        start: "20260105T100000", rule: "FREQ=DAILY;UNTIL=20260107",
        dates: ["2026-01-05", "2026-01-06", "2026-01-07"]),
      RuleCase(
        start: "20260109T100000", rule: "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;COUNT=4",
        dates: ["2026-01-09", "2026-01-12", "2026-01-13", "2026-01-14"]),
      RuleCase(
        start: "20260105T100000", rule: "FREQ=WEEKLY;COUNT=3",
        dates: ["2026-01-05", "2026-01-12", "2026-01-19"]),
      RuleCase(
        start: "20260105T100000", rule: "FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=5",
        dates: ["2026-01-05", "2026-01-07", "2026-01-09", "2026-01-12", "2026-01-14"]),
      RuleCase(
        start: "20260105T100000", rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;UNTIL=20260131",
        dates: ["2026-01-05", "2026-01-08", "2026-01-19", "2026-01-22"]),
      RuleCase(
        start: "20260115T100000", rule: "FREQ=MONTHLY;BYMONTHDAY=15,-1;COUNT=5",
        dates: ["2026-01-15", "2026-01-31", "2026-02-15", "2026-02-28", "2026-03-15"]),
      RuleCase(
        start: "20260105T100000", rule: "FREQ=MONTHLY;BYDAY=1MO;COUNT=4",
        dates: ["2026-01-05", "2026-02-02", "2026-03-02", "2026-04-06"]),
      RuleCase(
        start: "20260130T100000", rule: "FREQ=MONTHLY;BYDAY=-1FR;COUNT=3",
        dates: ["2026-01-30", "2026-02-27", "2026-03-27"]),
      RuleCase(
        start: "20260105T100000", rule: "FREQ=MONTHLY;BYDAY=MO;COUNT=6",
        dates: [
          "2026-01-05", "2026-01-12", "2026-01-19", "2026-01-26", "2026-02-02", "2026-02-09",
        ]),
      RuleCase(
        start: "20260131T100000", rule: "FREQ=MONTHLY;COUNT=4",
        dates: ["2026-01-31", "2026-03-31", "2026-05-31", "2026-07-31"]),
      RuleCase(
        start: "20240229T100000", rule: "FREQ=YEARLY;COUNT=3",
        dates: ["2024-02-29", "2028-02-29", "2032-02-29"]),
      RuleCase(
        start: "20261126T100000", rule: "FREQ=YEARLY;BYMONTH=11;BYDAY=4TH;COUNT=3",
        dates: ["2026-11-26", "2027-11-25", "2028-11-23"]),
    ]
  }
}
