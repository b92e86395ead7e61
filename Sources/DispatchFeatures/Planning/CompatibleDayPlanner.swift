import DispatchCore
import DispatchSupport
import Foundation

/// Dispatch's own planner, reproduced bit for bit for `--seeding compatible`
/// (docs/schedule.md#the-compatible-planner, docs/schedule.md#group-planning,
/// docs/schedule.md#reference-vectors).
///
/// Deliberately keeps Dispatch's arithmetic: the window start and fixed times are hours added to
/// local midnight as elapsed time (so they shift by an hour on clock-change days), draws use
/// the standard library's `Double.random(in:using:)` on SplitMix64, and there is no gap or
/// same-minute rule. Private mode is the one with guarantees.
struct CompatibleDayPlanner {
  let calendar: Calendar

  init(zone: TimeZone) {
    calendar = .gregorian(in: zone)
  }

  /// Local midnight of `date` as Foundation finds it (01:00 where midnight is skipped).
  func startOfDay(_ date: LocalDate) -> Date? {
    calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day))
      .map { calendar.startOfDay(for: $0) }
  }

  /// The window of `date`: `start` hours after local midnight, to the next local midnight for
  /// `24:00`, else `end` hours after the (next, when crossing) midnight — all elapsed time.
  func window(_ window: AwakeWindow, on date: LocalDate) -> (start: Date, end: Date)? {
    guard let midnight = startOfDay(date),
      let start = calendar.date(byAdding: components(window.start), to: midnight),
      let nextMidnight = calendar.date(byAdding: .day, value: 1, to: midnight)
    else { return nil }
    let end: Date?
    if window.end == .endOfDay {
      end = nextMidnight
    } else {
      let base = window.crossesMidnight ? nextMidnight : midnight
      end = calendar.date(byAdding: components(window.end), to: base)
    }
    guard let end else { return nil }
    return (start, end)
  }

  /// `count` draws over the window with the given distribution, sorted, then the fixed times
  /// (each list sorted).
  func plan(
    start: Date, end: Date, count: Int, distribution: PromptDistribution,
    fixedTimes: [WallClockTime], seed: UInt64
  ) -> (random: [Date], fixed: [Date]) {
    var generator = SplitMix64(seed: seed)
    let length = end.timeIntervalSince(start)
    var offsets: [Double] = []
    if count > 0, length > 0 {
      let slot = length / Double(count)
      for index in 0..<count {
        switch distribution {
        case .random, .refractory:
          offsets.append(Double.random(in: 0..<length, using: &generator))
        case .semiRandom:
          let lower = Double(index) * slot
          offsets.append(Double.random(in: lower..<(lower + slot), using: &generator))
        case .regular:
          offsets.append(Double(index) * slot)
        }
      }
    }
    let dates = offsets.map { start.addingTimeInterval($0) }.sorted()
    return (dates, fixedDates(fixedTimes, after: dates, start: start, end: end))
  }

  /// Adds each fixed time as hours after the window start's midnight, retried a day later when
  /// outside the window, dropped when still outside or when a planned prompt has its HH:mm.
  func fixedDates(_ times: [WallClockTime], after planned: [Date], start: Date, end: Date)
    -> [Date]
  {
    var dates = planned
    var added: [Date] = []
    let midnight = calendar.startOfDay(for: start)
    for time in times {
      guard var candidate = calendar.date(byAdding: components(time), to: midnight) else {
        continue
      }
      if !(start..<end).contains(candidate) {
        guard let nextDay = calendar.date(byAdding: .day, value: 1, to: candidate) else {
          continue
        }
        candidate = nextDay
      }
      guard (start..<end).contains(candidate) else { continue }
      let clock = hourMinute(candidate)
      guard !dates.contains(where: { hourMinute($0) == clock }) else { continue }
      dates.append(candidate)
      added.append(candidate)
    }
    return added.sorted()
  }

  private func components(_ time: WallClockTime) -> DateComponents {
    DateComponents(hour: time.hour, minute: time.minute)
  }

  private func hourMinute(_ date: Date) -> [Int] {
    let parts = calendar.dateComponents([.hour, .minute], from: date)
    return [parts.hour ?? 0, parts.minute ?? 0]
  }
}
