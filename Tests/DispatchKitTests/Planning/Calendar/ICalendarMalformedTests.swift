import DispatchKit
import Foundation
import Testing

/// Damaged and hostile input: never a crash, never a throw, one clear note per problem.
struct ICalendarMalformedTests {
  typealias F = CalendarFixture

  static func parse(bytes: [UInt8]) -> (events: [CalendarEvent], notes: [String]) {
    ICalendarParser.parse(Data(bytes), calendarID: F.path, defaultTimeZone: F.newYork)
  }

  @Test func `a file truncated mid-event keeps the complete events`() {
    let text =
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:done@x\r\nDTSTART:20260302T140000Z\r\n"
      + "END:VEVENT\r\nBEGIN:VEVENT\r\nUID:cut@x\r\nDTSTART:2026030"
    let result = F.parse(text)
    #expect(result.events.map(\.uid) == ["done@x"])
    #expect(
      result.notes == ["work.ics: event 'cut@x' is not closed (the file may be truncated); skipped"]
    )
  }

  @Test func `an event without DTSTART is skipped with a note`() {
    let result = F.parseEvent("UID:abc@x\nSUMMARY:Nothing\nDTEND:20260302T140000Z")
    #expect(result.events.isEmpty)
    #expect(result.notes == ["work.ics: event 'abc@x' has no DTSTART; skipped"])
  }

  @Test(arguments: [
    "garbage", "20261301T090000", "20260230", "20260302T250000", "20260302T0900",
    "20260302T090000ZZ", "2026-03-02T09:00:00Z", "", "00000101",
  ])
  func `a garbage DTSTART skips the event`(value: String) {
    let result = F.parseEvent("UID:bad@x\nDTSTART:\(value)")
    #expect(result.events.isEmpty)
    #expect(result.notes == ["work.ics: event 'bad@x' has an invalid DTSTART '\(value)'; skipped"])
  }

  @Test func `bad DTEND, EXDATE and RECURRENCE-ID values fall back with notes`() throws {
    let result = F.parseEvent(
      """
      UID:soft@x
      DTSTART:20260302T140000Z
      DTEND:soon
      RRULE:FREQ=DAILY;COUNT=2
      EXDATE:20260303T140000Z,never
      """)
    let event = try #require(result.events.first)
    #expect(event.end == event.start)
    #expect(
      result.notes == [
        "work.ics: event 'soft@x' has an invalid DTEND 'soon'; using its default length",
        "work.ics: event 'soft@x' has an invalid EXDATE 'never'; ignored",
      ])
    #expect(F.occurrences(result.events, in: ICalendarRecurrenceTests.decade).count == 1)
  }

  @Test func `stray lines and unbalanced ends are noted and skipped`() {
    let text = F.calendar(
      """
      this line has no colon
      END:VTODO
      BEGIN:VEVENT
      UID:ok@x
      DTSTART:20260302T140000Z
      BEGIN:VALARM
      END:VEVENT
      """)
    let result = F.parse(text)
    #expect(result.events.map(\.uid) == ["ok@x"])
    #expect(
      result.notes == [
        "work.ics: line 4 is not an iCalendar content line; ignored",
        "work.ics: line 5 has an unexpected 'END:VTODO'; ignored",
        "work.ics: line 10 ends 'VALARM' without an END",
      ])
  }

  @Test func `a lost END is noted instead of hiding the events after it`() {
    let text = F.calendar(
      """
      BEGIN:VTIMEZONE
      TZID:Custom
      XND:VTIMEZONE
      BEGIN:VEVENT
      UID:hidden@x
      DTSTART:20260302T140000Z
      END:VEVENT
      """)
    let result = F.parse(text)
    #expect(result.events.isEmpty)
    #expect(result.notes == ["work.ics: line 11 ends 'VTIMEZONE' without an END"])
  }

  @Test func `an event cut off by the calendar's end is skipped`() {
    let text =
      "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:open@x\nDTSTART:20260302T140000Z\nEND:VCALENDAR\n"
    let result = F.parse(text)
    #expect(result.events.isEmpty)
    #expect(result.notes == ["work.ics: event 'open@x' is not closed; skipped"])
  }

  @Test(arguments: FileCase.all)
  func `files that are not iCalendar give no events and one note`(_ test: FileCase) {
    let result = Self.parse(bytes: test.bytes)
    #expect(result.events.isEmpty)
    #expect(result.notes == ["work.ics: " + test.note])
  }

  @Test func `a damaged file cannot flood the notes`() {
    let lines = Array(repeating: "no colon here", count: 500).joined(separator: "\n")
    let result = F.parse(F.calendar(lines))
    #expect(result.notes.count == 51)
    #expect(result.notes.last == "work.ics: 450 more notes not shown")
  }

  /// 2,000 mutations of a valid fixture: each parse must return, every event must end at or
  /// after its start, and so must every occurrence expansion gives.
  @Test func `mutated fixtures never crash and never give an end before a start`() {
    let fixture = Array(Self.fuzzFixture.utf8)
    var random = SplitMix64(seed: 0x1CA1_E4DA)
    let window = F.range("2025-12-01T00:00:00Z", "2026-03-01T00:00:00Z")
    var eventsSeen = 0
    for _ in 0..<2_000 {
      var bytes = fixture
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        Self.mutate(&bytes, using: &random)
      }
      let result = Self.parse(bytes: bytes)
      eventsSeen += result.events.count
      #expect(!result.notes.isEmpty || !result.events.isEmpty)
      for event in result.events {
        #expect(event.end >= event.start)
        for occurrence in CalendarRecurrenceExpander.occurrences(of: event, in: window) {
          #expect(occurrence.end >= occurrence.start)
        }
      }
      _ = CalendarEventEndPlanner.ends(
        of: result.events, rule: .allEvents, window: window, after: window.lowerBound)
    }
    // Most mutations leave some events readable, so the fuzzing reaches the expander.
    #expect(eventsSeen > 1_000)
  }

  private static func mutate(_ bytes: inout [UInt8], using random: inout SplitMix64) {
    // Bytes iCalendar cares about; a chunk doubled; the end cut off.
    ByteMutation.mutate(
      &bytes, specials: Array(";:,\\\"\r\n 0123456789TZ-".utf8),
      more: [
        { bytes, index, random in
          let end = min(bytes.count, index + Int.random(in: 1...40, using: &random))
          bytes.insert(contentsOf: Array(bytes[index..<end]), at: index)
        },
        ByteMutation.cutEnd,
      ], using: &random)
  }

  static let fuzzFixture = CalendarFixture.calendar(
    """
    BEGIN:VTIMEZONE
    TZID:America/New_York
    BEGIN:DAYLIGHT
    DTSTART:20070311T020000
    RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU
    END:DAYLIGHT
    END:VTIMEZONE
    BEGIN:VEVENT
    UID:weekly@x
    SUMMARY;LANGUAGE=en:Team sync\\, weekly
    DTSTART;TZID=America/New_York:20251201T090000
    DTEND;TZID=America/New_York:20251201T093000
    RRULE:FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20260301T000000Z
    EXDATE;TZID=America/New_York:20251208T090000
    END:VEVENT
    BEGIN:VEVENT
    UID:weekly@x
    RECURRENCE-ID;TZID=America/New_York:20251210T090000
    DTSTART;TZID=America/New_York:20251210T130000
    DURATION:PT45M
    END:VEVENT
    BEGIN:VEVENT
    UID:monthly@x
    SUMMARY:Review
    DTSTART:20251205T160000Z
    DURATION:PT1H
    RRULE:FREQ=MONTHLY;BYDAY=1FR,-1FR;COUNT=6
    END:VEVENT
    BEGIN:VEVENT
    UID:holiday@x
    DTSTART;VALUE=DATE:20251225
    DTEND;VALUE=DATE:20251226
    RRULE:FREQ=YEARLY
    END:VEVENT
    BEGIN:VEVENT
    UID:daily@x
    DTSTART:20251201T070000
    DTEND:20251201T073000
    RRULE:FREQ=DAILY;INTERVAL=2;BYMONTHDAY=1,-1,15
    STATUS:CONFIRMED
    END:VEVENT
    """, name: "Work")
}

extension ICalendarMalformedTests {
  /// Bytes that are not an iCalendar file and the note they get.
  struct FileCase: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let note: String

    var testDescription: String { name }

    static let notCalendar =
      "not an iCalendar file (it does not start with 'BEGIN:VCALENDAR'); skipped"

    static let all: [FileCase] = [
      FileCase(name: "empty", bytes: [], note: "the file is empty; skipped"),
      FileCase(
        name: "blank lines", bytes: Array(" \r\n\n\t\n".utf8), note: "the file is empty; skipped"),
      FileCase(
        name: "pdf header", bytes: Array("%PDF-1.7\n".utf8) + [0x25, 0xE2, 0xE3, 0xCF, 0xD3, 0x0A],
        note: notCalendar),
      FileCase(
        name: "binary", bytes: [0x00, 0xFF, 0x13, 0x37, 0x89, 0x50, 0x4E, 0x47], note: notCalendar),
      FileCase(
        name: "a vCard", bytes: Array("BEGIN:VCARD\nFN:Ada\nEND:VCARD\n".utf8), note: notCalendar),
      FileCase(
        name: "invalid utf-8",
        bytes: Array("BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:Caf".utf8) + [0xE9]
          + Array("\nDTSTART:20260302T140000Z\nEND:VEVENT\nEND:VCALENDAR\n".utf8),
        note: "line 3 is not valid UTF-8 text; file skipped"),
    ]
  }
}
