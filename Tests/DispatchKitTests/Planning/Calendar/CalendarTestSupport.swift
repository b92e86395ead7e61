import DispatchKit
import Foundation

/// Shared helpers for the iCalendar tests: fixture wrapping, parsing and instants.
enum CalendarFixture {
  /// The path every fixture pretends to come from; notes name its last component.
  static let path = "/calendars/work.ics"

  static let newYork = zone("America/New_York")
  static let berlin = zone("Europe/Berlin")
  static let utc = zone("UTC")

  static func zone(_ identifier: String) -> TimeZone {
    TimeZone(identifier: identifier) ?? TimeZone(secondsFromGMT: 0) ?? TimeZone.current
  }

  /// Wraps event lines in a calendar, with CRLF line ends as RFC 5545 writes them.
  static func calendar(_ body: String, name: String? = nil) -> String {
    var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Dispatch//Tests//EN"]
    if let name { lines.append("X-WR-CALNAME:\(name)") }
    lines += body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines.append("END:VCALENDAR")
    return lines.joined(separator: "\r\n") + "\r\n"
  }

  /// One event with the given property lines.
  static func event(_ properties: String) -> String {
    "BEGIN:VEVENT\n" + properties + "\nEND:VEVENT"
  }

  static func parse(_ text: String, zone: TimeZone = newYork)
    -> (events: [CalendarEvent], notes: [String])
  {
    ICalendarParser.parse(text, calendarID: path, defaultTimeZone: zone)
  }

  /// Parses a single-event calendar built from property lines.
  static func parseEvent(_ properties: String, zone: TimeZone = newYork)
    -> (events: [CalendarEvent], notes: [String])
  {
    parse(calendar(event(properties)), zone: zone)
  }

  /// An instant from ISO-8601 text; a far-past sentinel when the text is wrong, which fails the
  /// test that used it.
  static func at(_ text: String) -> Instant {
    Instant.parseISO8601(text)?.instant ?? Instant(milliseconds: Int64.min / 2)
  }

  /// `[start, end)` from ISO-8601 texts.
  static func range(_ start: String, _ end: String) -> Range<Instant> {
    let lower = at(start)
    return lower..<max(lower, at(end))
  }

  /// Expands every parsed event over a range and flattens the occurrences.
  static func occurrences(_ events: [CalendarEvent], in range: Range<Instant>) -> [CalendarEvent] {
    events.flatMap { CalendarRecurrenceExpander.occurrences(of: $0, in: range) }
  }

  /// ISO-8601 UTC texts of the occurrence starts, for readable expectations.
  static func starts(_ events: [CalendarEvent], in range: Range<Instant>) -> [String] {
    occurrences(events, in: range).map(\.start.iso8601Seconds)
  }
}
