import DispatchCore
import Foundation

/// One local day's awake window as instants.
struct DayWindow: Equatable {
  let date: LocalDate
  let start: Instant
  let end: Instant

  /// Elapsed whole seconds from start to end: 23, 23.5, 24.5 or 25 hours' worth on clock-change
  /// days, which is what the prompts really have.
  var lengthSeconds: Int { Int(max(0, (end.milliseconds - start.milliseconds) / 1000)) }
}

/// Turns wall-clock times on local dates into instants, the way private mode needs it
/// (docs/schedule.md#clock-changes): a time the clock skips resolves forward, a time it
/// repeats resolves to its first occurrence, and a date the zone skipped altogether has no
/// window.
struct WallClockResolver {
  let calendar: Calendar

  init(zone: TimeZone) {
    calendar = .gregorian(in: zone)
  }

  /// The instant of `time` on `date`; `24:00` is the next date's midnight. A skipped time (or
  /// date) resolves forward, as Foundation does; ``exists(_:)`` tells skipped dates apart.
  func instant(of time: WallClockTime, on date: LocalDate) -> Instant? {
    if time == .endOfDay { return instant(of: .midnight, on: date.adding(days: 1)) }
    let components = DateComponents(
      year: date.year, month: date.month, day: date.day, hour: time.hour, minute: time.minute)
    return calendar.date(from: components).map(Instant.init)
  }

  /// Whether the zone has this date at all.
  func exists(_ date: LocalDate) -> Bool {
    let noon = DateComponents(year: date.year, month: date.month, day: date.day, hour: 12)
    guard let resolved = calendar.date(from: noon) else { return false }
    return LocalDate(Instant(resolved), in: calendar.timeZone) == date
  }

  /// The awake window of `date`: it starts on `date` and ends that day, or the next when it
  /// crosses midnight.
  func window(_ window: AwakeWindow, on date: LocalDate) -> DayWindow? {
    guard exists(date), let start = instant(of: window.start, on: date) else { return nil }
    let endDate = window.crossesMidnight ? date.adding(days: 1) : date
    guard let end = endInstant(of: window.end, on: endDate), end > start else { return nil }
    return DayWindow(date: date, start: start, end: end)
  }

  /// The instant a window ends. An end the clock skips (01:30 on a night the clocks jump from
  /// 01:00 to 02:00) is the jump itself: resolving it forward like a start would let prompts
  /// fall at wall-clock times past the end.
  func endInstant(of time: WallClockTime, on date: LocalDate) -> Instant? {
    guard let resolved = instant(of: time, on: date) else { return nil }
    let wall = time == .endOfDay ? WallClockTime.midnight : time
    let offset = calendar.timeZone.secondsFromGMT(for: resolved.date)
    let civil = CivilTime(milliseconds: resolved.milliseconds, offsetSeconds: offset)
    guard civil.hour * 60 + civil.minute != wall.minutes,
      let jump = calendar.timeZone.nextDaylightSavingTimeTransition(
        after: resolved.date.addingTimeInterval(-6 * 3600)),
      Instant(jump) <= resolved
    else { return resolved }
    return Instant(jump)
  }

  /// The instant a fixed wall-clock time has inside a day's window: on the window's first date,
  /// or the next when the window crosses midnight and the time is past it.
  func fixedInstant(_ time: WallClockTime, in window: AwakeWindow, on date: LocalDate) -> Instant? {
    let onNextDay = window.crossesMidnight && time < window.start
    let day = onNextDay ? date.adding(days: 1) : date
    guard exists(day) else { return nil }
    return instant(of: time, on: day)
  }
}
