import DispatchCore
import Foundation

/// Turns one event's property lines into a ``CalendarEvent`` (RFC 5545 §3.6.1), falling back
/// and noting rather than failing: only a missing or unreadable `DTSTART` skips the event.
struct ICalEventBuilder {
  let calendarID: String
  var zones: ICalZones
  var notes: ICalNotes

  mutating func build(_ raw: ICalRawEvent, calendarName: String?) -> CalendarEvent? {
    let label = raw.label
    func first(_ name: String) -> ICalContentLine? {
      raw.properties.first { $0.name == name }
    }
    guard let startLine = first("DTSTART") else {
      notes.add("\(label) has no DTSTART; skipped")
      return nil
    }
    guard
      let startValue = ICalDateValue(parsing: startLine.value, tzid: startLine.parameter("TZID")),
      let zone = resolveZone(startValue, label: label),
      let start = ICalZoneClock(zone).instant(startValue.date, startValue.time ?? .midnight)
    else {
      notes.add("\(label) has an invalid DTSTART '\(ICalNotes.quote(startLine.value))'; skipped")
      return nil
    }
    let length = self.length(of: raw, start: startValue, at: start, label: label)
    let clock = ICalZoneClock(zone)
    let end = clock.end(
      from: startValue.date, startValue.time ?? .midnight, start: start, length: length)
    let uid = first("UID").map { ICalLines.unescapeText($0.value).icalTrimmed() } ?? ""
    var event = CalendarEvent(
      uid: uid.isEmpty ? "line \(raw.lineNumber)" : uid,
      summary: first("SUMMARY").map { ICalLines.unescapeText($0.value) },
      calendarName: calendarName, calendarID: calendarID, start: start, end: end,
      isAllDay: startValue.isDate,
      status: first("STATUS").flatMap { CalendarEventStatus(icalendarValue: $0.value) })
    if let idLine = first("RECURRENCE-ID") {
      let value = ICalDateValue(parsing: idLine.value, tzid: idLine.parameter("TZID"))
      if let value, let zone = resolveZone(value, label: label),
        let instant = ICalZoneClock(zone).instant(value.date, value.time ?? .midnight)
      {
        event.recurrenceID = instant
      } else {
        notes.add(
          "\(label) has an invalid RECURRENCE-ID '\(ICalNotes.quote(idLine.value))'; "
            + "read as a separate event")
      }
      // An override stands for one occurrence; its own RRULE (RANGE=THISANDFUTURE) is ignored.
      return event
    }
    if raw.properties.contains(where: { $0.name == "RDATE" }) {
      notes.add("\(label) has RDATE extra dates, which are not supported; they are ignored")
    }
    let rules = raw.properties.filter { $0.name == "RRULE" }
    guard let ruleLine = rules.first else { return event }
    if rules.count > 1 { notes.add("\(label) has more than one RRULE; only the first is used") }
    let parsed = ICalRecurrenceRule.parse(ruleLine.value) { until in
      let untilZone = until.zone == .utc ? (TimeZone(identifier: "UTC") ?? zone) : zone
      return ICalZoneClock(untilZone).instant(until.date, until.time ?? .midnight)
    }
    switch parsed {
    case .failure(let problem):
      notes.add("\(label) \(problem.message); only its first occurrence is used")
    case .success(let rule):
      var recurrence = ICalRecurrence(
        rule: rule, timeZone: zone, startDate: startValue.date,
        startTime: startValue.time ?? .midnight, length: length)
      addExceptions(raw, to: &recurrence, label: label)
      event.recurrence = recurrence
    }
    return event
  }

  /// The zone a value is read in, noting a `TZID` this system does not know (once per file).
  private mutating func resolveZone(_ value: ICalDateValue, label: String) -> TimeZone? {
    let unknownBefore = zones.unknown.count
    let zone = zones.zone(of: value)
    if zones.unknown.count > unknownBefore, let tzid = zones.unknown.last {
      notes.add(
        "\(label) uses unknown time zone '\(ICalNotes.quote(tzid))'; "
          + "read in '\(zones.defaultZone.identifier)'")
    }
    return zone
  }

  /// `DTEND` (preferred) or `DURATION`, else one day for dates and zero for date-times
  /// (RFC 5545 §3.6.1). A `DTEND` of the same kind as the start keeps nominal days, so
  /// all-day events stay whole days across DST.
  private mutating func length(
    of raw: ICalRawEvent, start: ICalDateValue, at startInstant: Instant, label: String
  ) -> ICalLength {
    let fallback: ICalLength = start.isDate ? .oneDay : .zero
    if let endLine = raw.properties.first(where: { $0.name == "DTEND" }) {
      guard let value = ICalDateValue(parsing: endLine.value, tzid: endLine.parameter("TZID")),
        let zone = resolveZone(value, label: label),
        let end = ICalZoneClock(zone).instant(value.date, value.time ?? .midnight)
      else {
        notes.add(
          "\(label) has an invalid DTEND '\(ICalNotes.quote(endLine.value))'; "
            + "using its default length")
        return fallback
      }
      guard end >= startInstant else {
        notes.add("\(label) ends before it starts; using its default length")
        return fallback
      }
      if start.isDate, value.isDate {
        return ICalLength(days: value.date.dayNumber - start.date.dayNumber, milliseconds: 0)
      }
      return ICalLength(days: 0, milliseconds: end.milliseconds - startInstant.milliseconds)
    }
    if let durationLine = raw.properties.first(where: { $0.name == "DURATION" }) {
      guard let duration = ICalLength(duration: durationLine.value), !duration.isNegative else {
        notes.add(
          "\(label) has an invalid DURATION '\(ICalNotes.quote(durationLine.value))'; "
            + "using its default length")
        return fallback
      }
      return duration
    }
    return fallback
  }

  /// `EXDATE`s, which may repeat and hold comma-separated lists (RFC 5545 §3.8.5.1).
  private mutating func addExceptions(
    _ raw: ICalRawEvent, to recurrence: inout ICalRecurrence, label: String
  ) {
    for line in raw.properties where line.name == "EXDATE" {
      for item in line.value.split(separator: ",") {
        let text = String(item)
        guard let value = ICalDateValue(parsing: text, tzid: line.parameter("TZID")),
          let zone = resolveZone(value, label: label)
        else {
          notes.add("\(label) has an invalid EXDATE '\(ICalNotes.quote(text))'; ignored")
          continue
        }
        if value.isDate {
          recurrence.excludedDates.insert(value.date)
        } else if let instant = ICalZoneClock(zone).instant(value.date, value.time ?? .midnight) {
          recurrence.excludedStarts.insert(instant)
        }
      }
    }
  }
}
