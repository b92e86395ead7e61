/// A time of day on the wall clock, `00:00` … `24:00` (`24:00` is the end of the day).
public struct WallClockTime: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Minutes since local midnight, 0…1440.
  public let minutes: Int

  public init?(minutes: Int) {
    guard (0...1440).contains(minutes) else { return nil }
    self.minutes = minutes
  }

  /// Parses `H:MM` or `HH:MM` (24-hour); `24:00` is allowed, other times past it are not.
  public init?(parsing text: String) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let hours = Int(parts[0]), let minutes = Int(parts[1]), hours <= 24, minutes < 60
    else { return nil }
    self.init(minutes: hours * 60 + minutes)
  }

  public var hour: Int { minutes / 60 }
  public var minute: Int { minutes % 60 }

  /// `HH:MM`, zero-padded.
  public var description: String {
    let hours = hour < 10 ? "0\(hour)" : "\(hour)"
    let mins = minute < 10 ? "0\(minute)" : "\(minute)"
    return "\(hours):\(mins)"
  }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.minutes < rhs.minutes }

  public static let midnight = WallClockTime(uncheckedMinutes: 0)
  public static let endOfDay = WallClockTime(uncheckedMinutes: 1440)

  private init(uncheckedMinutes: Int) { minutes = uncheckedMinutes }
}

/// An awake window of wall-clock times; it crosses midnight when `end` < `start`
/// (`22:00-06:00`), and `08:00-24:00` ends at the end of the day.
public struct AwakeWindow: Sendable, Hashable, CustomStringConvertible {
  public var start: WallClockTime
  public var end: WallClockTime

  public init(start: WallClockTime, end: WallClockTime) {
    self.start = start
    self.end = end
  }

  /// Parses `HH:MM-HH:MM`.
  public init?(parsing text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, let start = WallClockTime(parsing: String(parts[0])),
      let end = WallClockTime(parsing: String(parts[1])), start != .endOfDay
    else { return nil }
    self.init(start: start, end: end)
  }

  public var crossesMidnight: Bool { end < start }

  /// The nominal length in minutes on a day without a clock change; 0 for `08:00-08:00`.
  public var nominalMinutes: Int {
    end >= start ? end.minutes - start.minutes : 1440 - start.minutes + end.minutes
  }

  public var description: String { "\(start)-\(end)" }

  /// Dispatch's default: 08:00 to the end of the day.
  public static let standard = AwakeWindow(start: WallClockTime.eight, end: .endOfDay)
}

extension WallClockTime {
  static let eight = WallClockTime(uncheckedMinutes: 480)
}
