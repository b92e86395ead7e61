import DispatchCore
import Foundation

/// What a recurring master event needs to be expanded: its rule, where its wall clock is, its
/// length, its exceptions (`EXDATE`) and its overrides (`RECURRENCE-ID`).
struct ICalRecurrence: Equatable, Sendable {
  var rule: ICalRecurrenceRule
  /// The zone the occurrences keep their wall time in (UTC for `Z` starts).
  var timeZone: TimeZone
  /// `DTSTART`'s local date and time in ``timeZone`` (midnight for all-day events).
  var startDate: ICalDate
  var startTime: ICalTime
  var length: ICalLength
  /// Date-time `EXDATE`s: occurrences starting exactly then are removed.
  var excludedStarts: Set<Instant> = []
  /// `DATE` `EXDATE`s: occurrences on these local dates are removed.
  var excludedDates: Set<ICalDate> = []
  /// Events with the same UID and a `RECURRENCE-ID`; each replaces the occurrence that would
  /// have started at its ``CalendarEvent/recurrenceID``.
  var overrides: [CalendarEvent] = []
}

/// The candidate dates of one period of a rule (RFC 5545 §3.3.10's BYxxx table, for the parts
/// ``ICalRecurrenceRule`` accepts).
extension ICalRecurrence {
  /// The first date period `index` can contain, so expansion knows when it has passed a range.
  /// Nil past year 9999, where expansion stops.
  func periodStart(_ index: Int) -> ICalDate? {
    let step = index * rule.interval
    switch rule.frequency {
    case .daily:
      let date = startDate.adding(days: step)
      return date.year <= 9_999 ? date : nil
    case .weekly:
      let date = firstWeekStart.adding(days: 7 * step)
      return date.year <= 9_999 ? date : nil
    case .monthly:
      let months = startDate.year * 12 + startDate.month - 1 + step
      return ICalDate(year: months / 12, month: months % 12 + 1, day: 1)
    case .yearly:
      return ICalDate(year: startDate.year + step, month: 1, day: 1)
    }
  }

  /// The period that holds `date`, rounded down, for skipping ahead to a range.
  func periodIndex(containing date: ICalDate) -> Int {
    let difference: Int
    switch rule.frequency {
    case .daily: difference = date.dayNumber - startDate.dayNumber
    case .weekly: difference = (date.dayNumber - firstWeekStart.dayNumber) / 7
    case .monthly:
      difference = (date.year - startDate.year) * 12 + date.month - startDate.month
    case .yearly: difference = date.year - startDate.year
    }
    return max(0, difference / rule.interval)
  }

  /// The dates of period `index` that match the rule, ascending; may be empty (February 30).
  func candidates(inPeriod index: Int) -> [ICalDate] {
    guard let first = periodStart(index) else { return [] }
    switch rule.frequency {
    case .daily:
      return matchesFilters(first) ? [first] : []
    case .weekly:
      let weekdays = rule.byDay.isEmpty ? [startDate.isoWeekday] : rule.byDay.map(\.weekday)
      let offsets = Set(weekdays.map { ($0 - rule.weekStart + 7) % 7 }).sorted()
      return offsets.map { first.adding(days: $0) }.filter {
        rule.byMonth.isEmpty || rule.byMonth.contains($0.month)
      }
    case .monthly:
      guard rule.byMonth.isEmpty || rule.byMonth.contains(first.month) else { return [] }
      return days(inYear: first.year, month: first.month)
    case .yearly:
      var months = rule.byMonth.isEmpty ? [startDate.month] : rule.byMonth
      // BYMONTHDAY alone in a yearly rule means those days of every month.
      if rule.byMonth.isEmpty, !rule.byMonthDay.isEmpty { months = Array(1...12) }
      return Set(months).sorted().flatMap { days(inYear: first.year, month: $0) }
    }
  }

  /// DAILY rules use BYMONTH, BYMONTHDAY and plain BYDAY as filters.
  private func matchesFilters(_ date: ICalDate) -> Bool {
    if !rule.byMonth.isEmpty, !rule.byMonth.contains(date.month) { return false }
    if !rule.byDay.isEmpty, !rule.byDay.contains(where: { $0.weekday == date.isoWeekday }) {
      return false
    }
    if !rule.byMonthDay.isEmpty {
      let length = ICalDate.daysIn(month: date.month, year: date.year)
      let days = rule.byMonthDay.map { $0 > 0 ? $0 : length + 1 + $0 }
      if !days.contains(date.day) { return false }
    }
    return true
  }

  /// The matching days of one month: BYMONTHDAY and BYDAY intersect when both are given;
  /// with neither, the start's day of month (skipped in months too short for it).
  private func days(inYear year: Int, month: Int) -> [ICalDate] {
    let length = ICalDate.daysIn(month: month, year: year)
    var chosen: Set<Int>?
    if !rule.byMonthDay.isEmpty {
      chosen = Set(rule.byMonthDay.map { $0 > 0 ? $0 : length + 1 + $0 })
    }
    if !rule.byDay.isEmpty, let first = ICalDate(year: year, month: month, day: 1) {
      var byDay: Set<Int> = []
      for entry in rule.byDay {
        // Day of month of the first such weekday, then every seventh day after it.
        let firstMatch = 1 + (entry.weekday - first.isoWeekday + 7) % 7
        let all = Array(stride(from: firstMatch, through: length, by: 7))
        switch entry.ordinal {
        case nil: byDay.formUnion(all)
        case let n? where n > 0 && n <= all.count: byDay.insert(all[n - 1])
        case let n? where n < 0 && -n <= all.count: byDay.insert(all[all.count + n])
        default: break
        }
      }
      chosen = chosen.map { $0.intersection(byDay) } ?? byDay
    }
    let days = chosen ?? [startDate.day]
    return days.filter { (1...length).contains($0) }.sorted().compactMap {
      ICalDate(year: year, month: month, day: $0)
    }
  }

  /// The Monday (or WKST day) on or before the start date: the first WEEKLY period.
  private var firstWeekStart: ICalDate {
    startDate.adding(days: -((startDate.isoWeekday - rule.weekStart + 7) % 7))
  }
}
