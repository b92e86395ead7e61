import DispatchCore
import Foundation

/// Expands recurring events into the occurrences that touch a time range (RFC 5545 §3.3.10,
/// §3.8.5).
///
/// Expansion is bounded twice: it stops at the end of the requested range, and after
/// ``iterationLimit`` candidate dates whatever the rule says, so a hostile rule cannot hang
/// the planner. Rules without COUNT skip straight to the range instead of walking from
/// `DTSTART`.
public enum CalendarRecurrenceExpander {
  /// The most periods plus candidate dates one expansion examines.
  public static let iterationLimit = 100_000

  /// The occurrences of `event` that overlap `range`, sorted by start.
  ///
  /// An occurrence overlaps when it starts before the range's end and ends at or after its
  /// start, so an event ending exactly at the range start is included (the planner's window
  /// is closed at its start). Each occurrence is a plain event whose
  /// ``CalendarEvent/recurrenceID`` is the start it was generated for; overrides replace the
  /// occurrence they name, `EXDATE`s remove theirs, and cancelled occurrences are kept with
  /// their status for the caller to judge.
  public static func occurrences(of event: CalendarEvent, in range: Range<Instant>)
    -> [CalendarEvent]
  {
    guard let recurrence = event.recurrence else {
      return overlaps(event, range) ? [event] : []
    }
    var master = event
    master.recurrence = nil
    let overridden = Set(recurrence.overrides.compactMap(\.recurrenceID))
    var result: [CalendarEvent] = []
    for start in starts(of: recurrence, master: event, in: range) {
      guard !overridden.contains(start.instant),
        !recurrence.excludedStarts.contains(start.instant),
        !recurrence.excludedDates.contains(start.date)
      else { continue }
      var occurrence = master
      occurrence.start = start.instant
      occurrence.end = start.end
      occurrence.recurrenceID = start.instant
      if overlaps(occurrence, range) { result.append(occurrence) }
    }
    // Overrides count wherever they were moved to, even from outside the range.
    result += recurrence.overrides.filter { overlaps($0, range) }
    return result.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
  }

  private static func overlaps(_ event: CalendarEvent, _ range: Range<Instant>) -> Bool {
    event.start < range.upperBound && event.end >= range.lowerBound
  }

  /// One generated start with its local date and end.
  private struct Start {
    var instant: Instant
    var date: ICalDate
    var end: Instant
  }

  /// Every start the rule generates up to the range's end, `DTSTART` first (RFC 5545 counts it
  /// as the first occurrence), before exceptions and overrides are applied.
  private static func starts(
    of recurrence: ICalRecurrence, master: CalendarEvent,
    in range: Range<Instant>
  ) -> [Start] {
    let clock = ICalZoneClock(recurrence.timeZone)
    let rule = recurrence.rule
    var starts = [Start(instant: master.start, date: recurrence.startDate, end: master.end)]
    var produced = 1
    if let count = rule.count, produced >= count { return starts }
    let lastDate = clock.date(of: range.upperBound).adding(days: 1)
    var index = 0
    if rule.count == nil {
      // Without COUNT nothing before the range matters, except occurrences that started up to
      // one event length (plus slack for zone offsets) before it and still overlap it.
      let earliest = clock.date(of: range.lowerBound).adding(days: -(recurrence.length.days + 2))
      index = recurrence.periodIndex(containing: max(earliest, recurrence.startDate))
    }
    var iterations = 0
    while iterations < iterationLimit {
      guard let periodStart = recurrence.periodStart(index), periodStart <= lastDate else { break }
      iterations += 1
      for date in recurrence.candidates(inPeriod: index) where date > recurrence.startDate {
        iterations += 1
        if case .date(let until) = rule.until, date > until { return starts }
        guard let instant = clock.instant(date, recurrence.startTime) else { continue }
        if case .instant(let until) = rule.until, instant > until { return starts }
        if instant >= range.upperBound { return starts }
        let end = clock.end(
          from: date, recurrence.startTime, start: instant, length: recurrence.length)
        // Starts that ended before the range are only counted, not kept.
        if end >= range.lowerBound { starts.append(Start(instant: instant, date: date, end: end)) }
        produced += 1
        if let count = rule.count, produced >= count { return starts }
      }
      index += 1
    }
    return starts
  }
}
