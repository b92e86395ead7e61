import DispatchCore
import Foundation

/// When the daemon says the weekly digest is ready (docs/daemon.md#the-digest-reminder): a
/// weekday and a wall-clock time, Sunday 19:00 when turned on without one.
public struct DigestReminder: Sendable, Equatable, CustomStringConvertible {
  /// 0 = Sunday … 6 = Saturday.
  public var weekday: Int
  public var time: WallClockTime

  public static let standard = DigestReminder(
    weekday: 0, time: WallClockTime(minutes: 19 * 60) ?? .midnight)

  static let dayNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

  public init(weekday: Int, time: WallClockTime) {
    self.weekday = weekday
    self.time = time
  }

  /// `on` (Sunday 19:00), or `DAY HH:MM` with DAY a weekday's name or its first three letters.
  public init?(parsing text: String) {
    let parts = text.lowercased().split(separator: " ", omittingEmptySubsequences: true)
    if parts == ["on"] {
      self = .standard
      return
    }
    guard parts.count == 2, parts[0].count >= 3,
      let weekday = Self.dayNames.firstIndex(where: { parts[0].hasPrefix($0) }),
      let time = WallClockTime(parsing: String(parts[1])), time.minutes < 1440
    else { return nil }
    self.init(weekday: weekday, time: time)
  }

  /// `sun 19:00`.
  public var description: String { "\(Self.dayNames[weekday]) \(time)" }

  /// The newest time the reminder fell due in `(after, through]`, in `zone`; nil when none.
  public func lastDue(after: Instant, through: Instant, zone: TimeZone) -> Instant? {
    guard after < through else { return nil }
    let resolver = WallClockResolver(zone: zone)
    var day = LocalDate(through, in: zone).adding(days: 1)
    let first = LocalDate(after, in: zone).adding(days: -1)
    while first <= day {
      if Self.weekday(of: day) == weekday, let instant = resolver.instant(of: time, on: day),
        instant > after, instant <= through
      {
        return instant
      }
      day = day.adding(days: -1)
    }
    return nil
  }

  /// 0 = Sunday of a local date.
  static func weekday(of date: LocalDate) -> Int {
    CivilTime(
      milliseconds: Int64(CivilTime.days(year: date.year, month: date.month, day: date.day))
        * 86_400_000, offsetSeconds: 0
    ).isoWeekday % 7
  }
}
