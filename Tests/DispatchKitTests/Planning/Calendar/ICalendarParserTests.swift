import DispatchKit
import Foundation
import Testing

/// RFC 5545 lexical rules and the forms of DTSTART, DTEND and DURATION.
struct ICalendarParserTests {
  typealias F = CalendarFixture

  @Test func `folded lines join with CRLF or LF and a space or tab`() throws {
    let text =
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:fold@x\r\nSUMMARY:Quarterly \r\n plan\n\tning "
      + "review\r\nDTSTART:20260302T140000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    let result = F.parse(text)
    let event = try #require(result.events.first)
    #expect(event.summary == "Quarterly planning review")
    #expect(result.notes.isEmpty)
  }

  @Test func `a fold inside a multi-byte character is joined before decoding`() throws {
    var bytes = Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:u\r\nSUMMARY:Caf".utf8)
    bytes += [0xC3, 0x0D, 0x0A, 0x20, 0xA9]  // "é" split by a fold.
    bytes += Array("\r\nDTSTART:20260302T140000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
    let result = ICalendarParser.parse(
      Data(bytes), calendarID: F.path, defaultTimeZone: F.newYork)
    #expect(result.events.first?.summary == "Café")
    #expect(result.notes.isEmpty)
  }

  @Test func `text escapes are undone`() throws {
    let result = F.parseEvent(
      #"""
      UID:esc@x
      SUMMARY:Lunch\, then talk\; bring \\laptop\\\nroom 4\N(west)
      DTSTART:20260302T140000Z
      """#)
    let event = try #require(result.events.first)
    #expect(event.summary == "Lunch, then talk; bring \\laptop\\\nroom 4\n(west)")
  }

  @Test func `names and parameters are case-insensitive and quotes protect separators`() throws {
    let result = F.parseEvent(
      """
      uid:case@x
      Summary;Language=en;X-NOTE="a;b:c,d":Standup
      dtStart;tzid="America/New_York":20260302T090000
      DTEND;X-EMPTY=;TZID=America/New_York:20260302T093000
      """)
    let event = try #require(result.events.first)
    #expect(event.uid == "case@x")
    #expect(event.summary == "Standup")
    #expect(event.start == F.at("2026-03-02T14:00:00Z"))
    #expect(event.end == F.at("2026-03-02T14:30:00Z"))
    #expect(result.notes.isEmpty)
  }

  @Test func `only events directly in a calendar are read, with the calendar name`() {
    let text = F.calendar(
      """
      BEGIN:VTIMEZONE
      TZID:Custom
      BEGIN:STANDARD
      DTSTART:19701101T020000
      END:STANDARD
      END:VTIMEZONE
      BEGIN:VTODO
      UID:todo@x
      DTSTART:20260302T140000Z
      END:VTODO
      BEGIN:VEVENT
      UID:real@x
      SUMMARY:Real
      DTSTART:20260302T140000Z
      BEGIN:VALARM
      TRIGGER:-PT15M
      DTSTART:20300101T000000Z
      SUMMARY:Alarm
      END:VALARM
      DTEND:20260302T150000Z
      END:VEVENT
      """, name: "Work\\, shared")
    let result = F.parse(text)
    #expect(result.events.map(\.uid) == ["real@x"])
    #expect(result.events.first?.summary == "Real")
    #expect(result.events.first?.calendarName == "Work, shared")
    #expect(result.events.first?.calendarID == F.path)
    #expect(result.events.first?.end == F.at("2026-03-02T15:00:00Z"))
    #expect(result.notes.isEmpty)
  }

  @Test func `a calendar without a name leaves it nil`() {
    let result = F.parseEvent("UID:a\nDTSTART:20260302T140000Z")
    #expect(result.events.first?.calendarName == nil)
  }

  @Test(arguments: DateFormCase.all)
  func `every date form resolves to its instant`(_ test: DateFormCase) throws {
    let result = F.parseEvent("UID:form@x\n" + test.properties, zone: F.berlin)
    let event = try #require(result.events.first)
    #expect(event.start == F.at(test.start))
    #expect(event.end == F.at(test.end))
    #expect(event.isAllDay == test.isAllDay)
    #expect(result.notes == test.notes)
  }

  @Test(arguments: [
    ("PT1H30M", "2026-03-02T15:30:00Z"), ("P1D", "2026-03-03T14:00:00Z"),
    ("P2W", "2026-03-16T13:00:00Z"), ("PT45S", "2026-03-02T14:00:45Z"),
    ("P1DT2H", "2026-03-03T16:00:00Z"), ("+PT10M", "2026-03-02T14:10:00Z"),
    ("PT0S", "2026-03-02T14:00:00Z"),
  ])
  func `durations follow the RFC 5545 grammar`(duration: String, end: String) throws {
    // 09:00 New York on 2026-03-02; P2W crosses the March 8 change and stays at 09:00 local.
    let result = F.parseEvent(
      "UID:d@x\nDTSTART;TZID=America/New_York:20260302T090000\nDURATION:\(duration)")
    let event = try #require(result.events.first)
    #expect(event.end == F.at(end))
    #expect(result.notes.isEmpty)
  }

  @Test(arguments: ["-PT5M", "P", "PT", "P1H", "PT1D", "P1.5D", "PTM", "P9999999999D", "P1M"])
  func `negative or malformed durations fall back with a note`(duration: String) throws {
    let result = F.parseEvent("UID:d@x\nDTSTART:20260302T140000Z\nDURATION:\(duration)")
    let event = try #require(result.events.first)
    #expect(event.end == event.start)
    #expect(
      result.notes == [
        "work.ics: event 'd@x' has an invalid DURATION '\(duration)'; using its default length"
      ])
  }

  @Test func `an end before the start falls back to the default length`() throws {
    let result = F.parseEvent("UID:e@x\nDTSTART:20260302T140000Z\nDTEND:20260302T130000Z")
    let event = try #require(result.events.first)
    #expect(event.end == event.start)
    #expect(
      result.notes == ["work.ics: event 'e@x' ends before it starts; using its default length"])
  }

  @Test func `status is read and unknown values become nil`() {
    let result = F.parse(
      F.calendar(
        [
          F.event("UID:a\nDTSTART:20260302T140000Z\nSTATUS:cancelled"),
          F.event("UID:b\nDTSTART:20260302T140000Z\nSTATUS:TENTATIVE"),
          F.event("UID:c\nDTSTART:20260302T140000Z\nSTATUS:MAYBE"),
        ].joined(separator: "\n")))
    #expect(result.events.map(\.status) == [.cancelled, .tentative, nil])
  }

  @Test func `an event without a UID is named by its line`() {
    let result = F.parseEvent("SUMMARY:No id\nDTEND:20260302T140000Z")
    #expect(result.events.isEmpty)
    #expect(result.notes == ["work.ics: event at line 4 has no DTSTART; skipped"])
  }
}

extension ICalendarParserTests {
  /// Property lines (in a Europe/Berlin default zone) and the instants they mean.
  struct DateFormCase: Sendable, CustomTestStringConvertible {
    let name: String
    let properties: String
    let start: String
    let end: String
    var isAllDay = false
    var notes: [String] = []

    var testDescription: String { name }

    static let all: [DateFormCase] = [
      DateFormCase(
        name: "utc", properties: "DTSTART:20260302T140000Z\nDTEND:20260302T150000Z",
        start: "2026-03-02T14:00:00Z", end: "2026-03-02T15:00:00Z"),
      DateFormCase(
        name: "floating uses the default zone", properties: "DTSTART:20260302T090000",
        start: "2026-03-02T08:00:00Z", end: "2026-03-02T08:00:00Z"),
      DateFormCase(
        name: "tzid", properties: "DTSTART;TZID=America/New_York:20260302T090000",
        start: "2026-03-02T14:00:00Z", end: "2026-03-02T14:00:00Z"),
      DateFormCase(
        name: "tzid with a leading slash", properties: "DTSTART;TZID=/Asia/Tokyo:20260302T090000",
        start: "2026-03-02T00:00:00Z", end: "2026-03-02T00:00:00Z"),
      DateFormCase(
        name: "all-day without an end lasts a day", properties: "DTSTART;VALUE=DATE:20260302",
        start: "2026-03-01T23:00:00Z", end: "2026-03-02T23:00:00Z", isAllDay: true),
      DateFormCase(
        name: "all-day over the spring change stays whole days",
        properties: "DTSTART;VALUE=DATE:20260328\nDTEND;VALUE=DATE:20260330",
        start: "2026-03-27T23:00:00Z", end: "2026-03-29T22:00:00Z", isAllDay: true),
      DateFormCase(
        name: "a time in the spring gap resolves forward",
        properties: "DTSTART;TZID=Europe/Berlin:20260329T023000",
        start: "2026-03-29T01:30:00Z", end: "2026-03-29T01:30:00Z"),
      DateFormCase(
        name: "a leap second reads as 59", properties: "DTSTART:20261231T235960Z",
        start: "2026-12-31T23:59:59Z", end: "2026-12-31T23:59:59Z"),
      DateFormCase(
        name: "unknown tzid falls back with a note",
        properties: "DTSTART;TZID=Mars/Olympus:20260302T090000",
        start: "2026-03-02T08:00:00Z", end: "2026-03-02T08:00:00Z",
        notes: [
          "work.ics: event 'form@x' uses unknown time zone 'Mars/Olympus'; read in 'Europe/Berlin'"
        ]),
      DateFormCase(
        name: "a Windows zone name is unknown too",
        properties: "DTSTART;TZID=\"W. Europe Standard Time\":20260302T090000",
        start: "2026-03-02T08:00:00Z", end: "2026-03-02T08:00:00Z",
        notes: [
          "work.ics: event 'form@x' uses unknown time zone 'W. Europe Standard Time'; "
            + "read in 'Europe/Berlin'"
        ]),
      DateFormCase(
        name: "dtend in another zone",
        properties: "DTSTART;TZID=Europe/Berlin:20260302T090000\n"
          + "DTEND;TZID=America/New_York:20260302T040000",
        start: "2026-03-02T08:00:00Z", end: "2026-03-02T09:00:00Z"),
    ]
  }
}
