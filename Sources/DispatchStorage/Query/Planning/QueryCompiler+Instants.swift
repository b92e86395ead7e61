import DispatchCore
import Foundation

/// Tests on times. A calendar day is read in each record's own offset, as everywhere in
/// Dispatch (a trip abroad does not shift a person's days); `today`, `this week` and
/// `in last 30 days` are read in the user's zone at the moment the query runs.
extension QueryCompiler {
  /// Every UTC offset lies within ±14 hours, so a local day lies within this margin of the
  /// same UTC day: the margin lets SQLite search the time index before reading offsets.
  static let offsetMargin: Int64 = 14 * 3_600_000
  static let day: Int64 = 86_400_000

  /// The local day number (days since 1970-01-01) of `x` read in `offset` seconds.
  static func localDay(_ x: SQLFragment, offset: SQLFragment) -> SQLFragment {
    let local = SQLFragment("(") + x + SQLFragment(" + ") + offset + SQLFragment(" * 1000)")
    return SQLFragment("((") + local + SQLFragment(" - ((") + local
      + SQLFragment(" % 86400000) + 86400000) % 86400000) / 86400000)")
  }

  private enum Bound {
    case day(Int64)
    case instant(Int64)
  }

  private func bound(_ value: ValueSyntax) throws(QueryDiagnostic) -> Bound {
    let text = value.unit.map { "\(value.text)\($0)" } ?? value.text
    switch DateArgument.parse(text, zone: context.zone, now: context.now, endOfDay: false) {
    case .instant(let instant): return .instant(instant.milliseconds)
    case .localDay(let day): return .day(Int64(day))
    case nil:
      if value.text.lowercased() == "tomorrow",
        case .localDay(let today) = DateArgument.parse(
          "today", zone: context.zone, now: context.now, endOfDay: false)
      {
        return .day(Int64(today) + 1)
      }
      throw QueryDiagnostic(
        .invalidDate, "'\(value.written)' is not a date", range: value.range,
        hint: "for example 2024-05-01, today, yesterday, 7d (7 days ago), 2024-05-01T18:00:00Z")
    }
  }

  /// The instant a day starts in the user's zone, for a range mixing a day and an instant.
  private func instant(_ bound: Bound) -> Int64 {
    switch bound {
    case .instant(let milliseconds): return milliseconds
    case .day(let day):
      let midnightUTC = day * Self.day
      let offset = context.zone.secondsFromGMT(
        for: Date(timeIntervalSince1970: TimeInterval(midnightUTC / 1000)))
      return midnightUTC - Int64(offset) * 1000
    }
  }

  func instantTest(
    _ op: TestOperator, _ x: SQLFragment, offset: SQLFragment, _ values: [ValueSyntax],
    range: SourceRange
  ) throws(QueryDiagnostic) -> SQLFragment {
    switch op {
    case .isEmpty, .isNotEmpty:
      return try comparison(op, x, [], range: range)
    case .inLast:
      return try lastSpan(x, values[0])
    case .inCurrent:
      return try currentSpan(x, values[0])
    case .between, .notBetween:
      let low = try bound(values[0])
      let high = try bound(values[1])
      let between: SQLFragment
      if case .day(let first) = low, case .day(let last) = high {
        guard first <= last else {
          throw QueryDiagnostic(
            .invalidRange, "the range is empty: its first date is after its second",
            range: range, hint: "write the earlier date first")
        }
        between = daySpan(x, offset: offset, first: first, last: last)
      } else {
        between = try comparison(
          .between, x, [.integer(instant(low)), .integer(instant(high))], range: range)
      }
      // An empty instant (a running activity's end) fails the negated test too.
      return op == .between
        ? between : x + SQLFragment(" IS NOT NULL AND NOT ") + between.parenthesized
    case .inList, .notInList:
      var days: [SQLFragment] = []
      for value in values {
        days.append(try dayTest(.on, x, offset: offset, try bound(value)))
      }
      let any = SQLFragment.joined(days.map(\.parenthesized), separator: " OR ")
      return op == .inList
        ? any : x + SQLFragment(" IS NOT NULL AND NOT ") + any.parenthesized
    default:
      return try dayTest(op, x, offset: offset, try bound(values[0]))
    }
  }

  private func dayTest(_ op: TestOperator, _ x: SQLFragment, offset: SQLFragment, _ bound: Bound)
    throws(QueryDiagnostic) -> SQLFragment
  {
    guard case .day(let day) = bound else {
      guard case .instant(let moment) = bound else { preconditionFailure() }
      let exact: TestOperator = op == .on ? .equal : op
      return try comparison(exact, x, [.integer(moment)], range: SourceRange(0, 0))
    }
    let local = Self.localDay(x, offset: offset)
    let start = day * Self.day
    switch op {
    case .before, .less:
      return x + SQLFragment(" < ? AND ", [.integer(start + Self.offsetMargin)]) + local
        + SQLFragment(" < ?", [.integer(day)])
    case .lessOrEqual:
      return x + SQLFragment(" < ? AND ", [.integer(start + Self.day + Self.offsetMargin)])
        + local + SQLFragment(" <= ?", [.integer(day)])
    case .after, .greater:
      return x + SQLFragment(" >= ? AND ", [.integer(start + Self.day - Self.offsetMargin)])
        + local + SQLFragment(" > ?", [.integer(day)])
    case .greaterOrEqual:
      return x + SQLFragment(" >= ? AND ", [.integer(start - Self.offsetMargin)]) + local
        + SQLFragment(" >= ?", [.integer(day)])
    case .notEqual:
      return x + SQLFragment(" IS NOT NULL AND NOT ")
        + daySpan(x, offset: offset, first: day, last: day).parenthesized
    default:
      return daySpan(x, offset: offset, first: day, last: day)
    }
  }

  /// Records whose local day is `first` … `last`.
  private func daySpan(_ x: SQLFragment, offset: SQLFragment, first: Int64, last: Int64)
    -> SQLFragment
  {
    x
      + SQLFragment(
        " BETWEEN ? AND ? AND ",
        [
          .integer(first * Self.day - Self.offsetMargin),
          .integer((last + 1) * Self.day + Self.offsetMargin),
        ]) + Self.localDay(x, offset: offset)
      + SQLFragment(" BETWEEN ? AND ?", [.integer(first), .integer(last)])
  }

  private var calendar: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = context.zone
    calendar.firstWeekday = 2
    return calendar
  }

  private func component(_ value: ValueSyntax, _ word: String) throws(QueryDiagnostic)
    -> Calendar.Component
  {
    guard let component = CalendarWord.component(word), component != .second else {
      throw QueryDiagnostic.unknown(
        .invalidUnit, "'\(word)' is not a calendar unit", written: word,
        candidates: CalendarWord.unitNames, range: value.range,
        otherwise: "use minute, hour, day, week, month, quarter or year")
    }
    return component
  }

  /// `in last N units`: from N units before now through now.
  private func lastSpan(_ x: SQLFragment, _ value: ValueSyntax) throws(QueryDiagnostic)
    -> SQLFragment
  {
    guard let word = value.unit, let count = Self.number(value.text), count >= 0,
      count == count.rounded(), count < 100_000
    else {
      throw QueryDiagnostic(
        .invalidDuration, "expected a whole number and a unit, found '\(value.written)'",
        range: value.range, hint: "for example 'in last 30 days', 'in last 3 months'")
    }
    let unit = try component(value, word)
    let now = context.now.date
    let start = calendar.date(byAdding: unit, value: -Int(count), to: now) ?? now
    return x
      + SQLFragment(
        " BETWEEN ? AND ?",
        [.integer(Instant(start).milliseconds), .integer(context.now.milliseconds)])
  }

  /// `this week`, `in current month`: the calendar unit containing now (weeks from Monday).
  private func currentSpan(_ x: SQLFragment, _ value: ValueSyntax) throws(QueryDiagnostic)
    -> SQLFragment
  {
    let unit = try component(value, value.unit ?? value.text)
    guard let interval = calendar.dateInterval(of: unit, for: context.now.date) else {
      throw QueryDiagnostic(
        .invalidUnit, "no current '\(value.written)'", range: value.range)
    }
    return x
      + SQLFragment(
        " >= ? AND ", [.integer(Instant(interval.start).milliseconds)]) + x
      + SQLFragment(" < ?", [.integer(Instant(interval.end).milliseconds)])
  }
}
