import DispatchCore
import Foundation

/// The span a digest covers (docs/insights.md#digest-sentences): the week, month or quarter ending
/// on a given day, compared with the span of the same length just before it.
public enum DigestPeriod: String, Sendable, CaseIterable {
  case week, month, quarter

  /// The noun of the summary's sentences: "this week", "the month before".
  public var noun: String { rawValue }

  /// The period ending with the local day of `ending` in `zone`: from the start of the day
  /// after it, back one week, one month or three months.
  public func window(ending: Instant, zone: TimeZone) -> DigestWindow {
    let calendar = Calendar.gregorian(in: zone)
    let day = calendar.startOfDay(for: ending.date)
    let end = calendar.date(byAdding: .day, value: 1, to: day) ?? day
    return DigestWindow(start: Instant(back(from: end, calendar: calendar)), end: Instant(end))
  }

  /// The window just before `window`, as long in calendar terms.
  public func prior(_ window: DigestWindow, zone: TimeZone) -> DigestWindow {
    let calendar = Calendar.gregorian(in: zone)
    return DigestWindow(
      start: Instant(back(from: window.start.date, calendar: calendar)), end: window.start)
  }

  private func back(from end: Date, calendar: Calendar) -> Date {
    let step: DateComponents
    switch self {
    case .week: step = DateComponents(day: -7)
    case .month: step = DateComponents(month: -1)
    case .quarter: step = DateComponents(month: -3)
    }
    return calendar.date(byAdding: step, to: end) ?? end
  }
}

/// A half-open span of instants, `start` included, `end` not.
public struct DigestWindow: Sendable, Equatable {
  public var start: Instant
  public var end: Instant

  public init(start: Instant, end: Instant) {
    self.start = start
    self.end = end
  }

  public func contains(_ instant: Instant) -> Bool {
    start <= instant && instant < end
  }
}
