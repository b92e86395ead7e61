import Foundation

/// A moment in time as whole milliseconds since 1970-01-01T00:00:00Z.
///
/// Every timed record keeps its instant at millisecond precision, rounded to the nearest
/// millisecond as Dispatch's encoder does, plus the UTC offset where it happened.
public struct Instant: Comparable, Hashable, Sendable, CustomStringConvertible {
  /// Milliseconds since the Unix epoch, UTC.
  public var milliseconds: Int64

  public init(milliseconds: Int64) {
    self.milliseconds = milliseconds
  }

  /// Rounds seconds since the epoch to the nearest millisecond.
  public init(secondsSince1970 seconds: Double) {
    self.milliseconds = Int64((seconds * 1000).rounded())
  }

  /// Rounds a Foundation date to the nearest millisecond.
  public init(_ date: Date) {
    self.init(secondsSince1970: date.timeIntervalSince1970)
  }

  /// The instant as a Foundation date.
  public var date: Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }

  /// Seconds since the epoch.
  public var secondsSince1970: Double { Double(milliseconds) / 1000 }

  /// The instant moved by whole seconds.
  public func adding(seconds: Int64) -> Instant {
    Instant(milliseconds: milliseconds + seconds * 1000)
  }

  public static func < (lhs: Instant, rhs: Instant) -> Bool {
    lhs.milliseconds < rhs.milliseconds
  }

  /// ISO-8601 in UTC with three fraction digits, e.g. `2026-07-08T11:38:42.810Z`.
  public var iso8601: String {
    CivilTime(milliseconds: milliseconds, offsetSeconds: 0).iso8601(fraction: true, zone: "Z")
  }

  /// ISO-8601 in UTC without fraction, e.g. `2026-07-08T11:38:42Z`.
  public var iso8601Seconds: String {
    CivilTime(milliseconds: milliseconds, offsetSeconds: 0).iso8601(fraction: false, zone: "Z")
  }

  public var description: String { iso8601 }

  /// Parses `YYYY-MM-DDTHH:MM:SS[.fff…](Z|±HH:MM|±HHMM)`.
  ///
  /// Returns the instant and the offset the text carried, in seconds east of UTC.
  public static func parseISO8601(_ text: String) -> (instant: Instant, offsetSeconds: Int)? {
    var scanner = ISO8601Scanner(text)
    return scanner.parse()
  }
}

/// Calendar fields of an instant at a fixed UTC offset, computed without Foundation's calendar
/// (days from civil, https://howardhinnant.github.io/date_algorithms.html).
public struct CivilTime: Sendable, Equatable {
  public var year: Int
  public var month: Int
  public var day: Int
  public var hour: Int
  public var minute: Int
  public var second: Int
  public var millisecond: Int
  /// 1 = Monday … 7 = Sunday (ISO weekday).
  public var isoWeekday: Int

  /// Breaks `milliseconds` since the epoch, shifted by `offsetSeconds`, into fields.
  public init(milliseconds: Int64, offsetSeconds: Int) {
    let local = milliseconds + Int64(offsetSeconds) * 1000
    let (days, msOfDay) = local.floorDivided(by: 86_400_000)
    let civil = Self.civil(fromDays: Int(days))
    year = civil.year
    month = civil.month
    day = civil.day
    let ms = Int(msOfDay)
    hour = ms / 3_600_000
    minute = ms / 60_000 % 60
    second = ms / 1000 % 60
    millisecond = ms % 1000
    // 1970-01-01 was a Thursday (ISO weekday 4).
    isoWeekday = Int((days % 7 + 7 + 3) % 7) + 1
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date.
  public static func days(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// `YYYY-MM-DD`.
  public var dateText: String {
    pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
  }

  /// `HH:MM`.
  public var clockText: String {
    pad(hour, 2) + ":" + pad(minute, 2)
  }

  /// ISO-8601 text with the given zone designator.
  public func iso8601(fraction: Bool, zone: String) -> String {
    var text = dateText + "T" + pad(hour, 2) + ":" + pad(minute, 2) + ":" + pad(second, 2)
    if fraction { text += "." + pad(millisecond, 3) }
    return text + zone
  }

  private func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width
      ? digits : String(repeating: "0", count: width - digits.count) + digits
  }
}

/// Formats a UTC offset as `+HH:MM`, or `Z` for zero when `zulu` is set.
public func offsetDesignator(seconds: Int, zulu: Bool = false) -> String {
  if seconds == 0 && zulu { return "Z" }
  let sign = seconds < 0 ? "-" : "+"
  let magnitude = abs(seconds) / 60
  let hours = magnitude / 60
  let minutes = magnitude % 60
  return sign + (hours < 10 ? "0" : "") + String(hours) + ":" + (minutes < 10 ? "0" : "")
    + String(minutes)
}

extension Int64 {
  /// Floor division and the matching non-negative remainder.
  func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
    var quotient = self / divisor
    var remainder = self % divisor
    if remainder < 0 {
      quotient -= 1
      remainder += divisor
    }
    return (quotient, remainder)
  }
}
