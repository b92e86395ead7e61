import DispatchKit
import Foundation
import Testing

/// `calendarEventEnd` planning (docs/schedule.md#group-planning): rules, filters, window and
/// dedupe.
struct CalendarEventEndPlannerTests {
  typealias F = CalendarFixture

  /// 2026-03-02 from 08:00 to 22:00 UTC.
  let window = F.range("2026-03-02T08:00:00Z", "2026-03-02T22:00:00Z")
  let now = F.at("2026-03-02T08:00:00Z")

  func event(
    _ uid: String, ending end: String, title: String? = "Meeting", calendar: String = F.path,
    name: String? = nil, allDay: Bool = false, status: CalendarEventStatus? = nil
  ) -> CalendarEvent {
    CalendarEvent(
      uid: uid, summary: title, calendarName: name, calendarID: calendar,
      start: F.at(end).adding(seconds: -1_800), end: F.at(end), isAllDay: allDay, status: status)
  }

  func ends(_ events: [CalendarEvent], _ rule: CalendarMatchRule = .allEvents) -> [String] {
    CalendarEventEndPlanner.ends(of: events, rule: rule, window: window, after: now)
      .map(\.iso8601Seconds)
  }

  @Test func `ends are sorted and only kept after now and inside the window`() {
    let events = [
      event("late", ending: "2026-03-02T21:59:59Z"),
      event("at window end", ending: "2026-03-02T22:00:00Z"),
      event("before window", ending: "2026-03-02T07:59:00Z"),
      event("noon", ending: "2026-03-02T12:00:00Z"),
    ]
    #expect(ends(events) == ["2026-03-02T12:00:00Z", "2026-03-02T21:59:59Z"])
    let later = CalendarEventEndPlanner.ends(
      of: events, rule: .allEvents, window: window, after: F.at("2026-03-02T12:00:00Z"))
    #expect(later.map(\.iso8601Seconds) == ["2026-03-02T21:59:59Z"])
  }

  @Test func `an end exactly at the window start counts when it is after now`() {
    let early = F.at("2026-03-02T07:00:00Z")
    let result = CalendarEventEndPlanner.ends(
      of: [event("edge", ending: "2026-03-02T08:00:00Z")], rule: .allEvents, window: window,
      after: early)
    #expect(result == [F.at("2026-03-02T08:00:00Z")])
    #expect(ends([event("edge", ending: "2026-03-02T08:00:00Z")]).isEmpty)
  }

  @Test func `ends in the same minute collapse to the earliest`() {
    let events = [
      event("b", ending: "2026-03-02T10:00:50Z"),
      event("a", ending: "2026-03-02T10:00:10Z"),
      event("c", ending: "2026-03-02T10:01:00Z"),
    ]
    #expect(ends(events) == ["2026-03-02T10:00:10Z", "2026-03-02T10:01:00Z"])
  }

  @Test func `all-day and cancelled events are excluded`() {
    let events = [
      event("allday", ending: "2026-03-02T10:00:00Z", allDay: true),
      event("cancelled", ending: "2026-03-02T11:00:00Z", status: .cancelled),
      event("tentative", ending: "2026-03-02T12:00:00Z", status: .tentative),
    ]
    #expect(ends(events) == ["2026-03-02T12:00:00Z"])
  }

  @Test(arguments: [
    ("cafe", true), ("CAFÉ", true), ("é", true), ("e", true), ("team", false), ("", false),
  ])
  func `titles match ignoring case and diacritics`(text: String, matches: Bool) {
    let events = [event("cafe", ending: "2026-03-02T10:00:00Z", title: "Café chat")]
    #expect(ends(events, .titleContains(text)).isEmpty == !matches)
  }

  @Test func `events without a title never match a title rule`() {
    #expect(
      ends([event("untitled", ending: "2026-03-02T10:00:00Z", title: nil)], .titleContains("a"))
        .isEmpty)
  }

  @Test func `calendar rules match by path or name and an empty list matches nothing`() {
    let events = [
      event("work", ending: "2026-03-02T10:00:00Z", calendar: "/c/work.ics", name: "Work"),
      event("home", ending: "2026-03-02T11:00:00Z", calendar: "/c/home.ics", name: "Home"),
      event("nameless", ending: "2026-03-02T12:00:00Z", calendar: "/c/other.ics"),
    ]
    #expect(ends(events, .calendars([])).isEmpty)
    #expect(ends(events, .calendars(["/c/work.ics"])) == ["2026-03-02T10:00:00Z"])
    #expect(
      ends(events, .calendars(["Home", "/c/other.ics"])) == [
        "2026-03-02T11:00:00Z", "2026-03-02T12:00:00Z",
      ])
    #expect(ends(events, .calendars(["work"])).isEmpty)
    #expect(ends(events, .allEvents).count == 3)
  }

  @Test func `an override's own title decides whether it matches`() {
    let parsed = F.parse(
      F.calendar(
        [
          F.event(
            "UID:s@x\nSUMMARY:Standup\nDTSTART:20260301T090000Z\nDURATION:PT15M\n"
              + "RRULE:FREQ=DAILY;COUNT=3"),
          F.event(
            "UID:s@x\nRECURRENCE-ID:20260302T090000Z\nSUMMARY:Standup at the café\n"
              + "DTSTART:20260302T093000Z\nDURATION:PT15M"),
        ].joined(separator: "\n")))
    #expect(ends(parsed.events, .titleContains("cafe")) == ["2026-03-02T09:45:00Z"])
    #expect(ends(parsed.events, .titleContains("standup")) == ["2026-03-02T09:45:00Z"])
    let cancelled = parsed.events.map { event in
      var event = event
      event.status = .cancelled
      return event
    }
    #expect(ends(cancelled).isEmpty)
  }

  @Test func `recurring events are expanded within the window`() {
    let parsed = F.parse(
      F.calendar(
        [
          F.event(
            """
            UID:hourly-ish@x
            SUMMARY:Standup
            DTSTART:20260225T093000Z
            DURATION:PT15M
            RRULE:FREQ=DAILY
            EXDATE:20260302T093000Z
            """),
          F.event(
            """
            UID:series@x
            SUMMARY:Review
            DTSTART:20260223T140000Z
            DTEND:20260223T150000Z
            RRULE:FREQ=WEEKLY;COUNT=3
            """),
          F.event(
            """
            UID:series@x
            RECURRENCE-ID:20260302T140000Z
            DTSTART:20260302T140000Z
            STATUS:CANCELLED
            """),
          F.event(
            """
            UID:block@x
            SUMMARY:Offsite
            DTSTART;VALUE=DATE:20260302
            RRULE:FREQ=DAILY;COUNT=3
            """),
          F.event(
            """
            UID:evening@x
            SUMMARY:Dinner
            DTSTART;TZID=Europe/Berlin:20260302T200000
            DTEND;TZID=Europe/Berlin:20260302T213000
            RRULE:FREQ=DAILY;COUNT=2
            """),
        ].joined(separator: "\n")))
    #expect(parsed.notes.isEmpty)
    // Standup's March 2 occurrence is excluded, Review's is cancelled, Offsite is all-day.
    #expect(ends(parsed.events) == ["2026-03-02T20:30:00Z"])
  }
}
