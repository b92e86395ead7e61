import Foundation

/// A calendar date with no time or zone: the local day a plan belongs to.
public struct LocalDate: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Days since 1970-01-01.
  public let dayNumber: Int

  public init(dayNumber: Int) {
    self.dayNumber = dayNumber
  }

  /// Parses `YYYY-MM-DD`; nil for texts that are not a real date.
  public init?(parsing text: String) {
    guard let number = DateArgument.dayNumber(text) else { return nil }
    dayNumber = number
  }

  public init(year: Int, month: Int, day: Int) {
    dayNumber = CivilTime.days(year: year, month: month, day: day)
  }

  /// The local date of an instant in a zone.
  public init(_ instant: Instant, in zone: TimeZone) {
    let offset = zone.secondsFromGMT(for: instant.date)
    let (days, _) = (instant.milliseconds + Int64(offset) * 1000).floorDivided(by: 86_400_000)
    dayNumber = Int(days)
  }

  private var civil: (year: Int, month: Int, day: Int) { CivilTime.civil(fromDays: dayNumber) }
  public var year: Int { civil.year }
  public var month: Int { civil.month }
  public var day: Int { civil.day }

  public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

  /// Dispatch's day seed, `yyyy*10000 + mm*100 + dd` (docs/schedule.md#the-compatible-planner).
  public var daySeed: UInt64 { UInt64(max(0, year * 10_000 + month * 100 + day)) }

  /// `YYYY-MM-DD`.
  public var description: String {
    let c = civil
    let month = c.month < 10 ? "0\(c.month)" : "\(c.month)"
    let day = c.day < 10 ? "0\(c.day)" : "\(c.day)"
    return "\(c.year)-\(month)-\(day)"
  }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.dayNumber < rhs.dayNumber }
}
