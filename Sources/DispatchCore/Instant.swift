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

  package static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
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
    Self.text(capacity: 10) { $0.date(self) }
  }

  /// `HH:MM`.
  public var clockText: String {
    Self.text(capacity: 5) { writer in
      writer.digits(hour, 2)
      writer.byte(UInt8(ascii: ":"))
      writer.digits(minute, 2)
    }
  }

  /// ISO-8601 text with the given zone designator.
  public func iso8601(fraction: Bool, zone: String) -> String {
    // Written into one buffer: an import formats an instant for the ID of every row, and
    // joining padded pieces cost thousands of instructions each time.
    Self.text(capacity: 23 + zone.utf8.count) { writer in
      writer.date(self)
      writer.byte(UInt8(ascii: "T"))
      writer.digits(hour, 2)
      writer.byte(UInt8(ascii: ":"))
      writer.digits(minute, 2)
      writer.byte(UInt8(ascii: ":"))
      writer.digits(second, 2)
      if fraction {
        writer.byte(UInt8(ascii: "."))
        writer.digits(millisecond, 3)
      }
      for byte in zone.utf8 { writer.byte(byte) }
    }
  }

  /// Text written by `body` into a buffer reserved for about `capacity` bytes.
  private static func text(capacity: Int, _ body: (inout DigitWriter) -> Void) -> String {
    var writer = DigitWriter()
    writer.bytes.reserveCapacity(capacity + 8)
    body(&writer)
    return String(decoding: writer.bytes, as: UTF8.self)
  }
}

/// Appends ASCII digits and separators to a byte buffer.
private struct DigitWriter {
  var bytes: [UInt8] = []

  mutating func byte(_ value: UInt8) { bytes.append(value) }

  /// `value` zero-padded to at least `width` digits; a negative value gets its sign first.
  mutating func digits(_ value: Int, _ width: Int) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var count = 1
    var rest = magnitude / 10
    while rest > 0 {
      count += 1
      rest /= 10
    }
    var index = bytes.count + max(width, count) - 1
    bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(width, count)))
    while magnitude > 0 {
      bytes[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
      magnitude /= 10
      index -= 1
    }
  }

  mutating func date(_ time: CivilTime) {
    digits(time.year, 4)
    byte(UInt8(ascii: "-"))
    digits(time.month, 2)
    byte(UInt8(ascii: "-"))
    digits(time.day, 2)
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

extension Instant {
  /// `2026-12-03`: the wall-clock date in `zone`, as human output writes dates.
  public func localDateText(in zone: TimeZone) -> String {
    CivilTime(milliseconds: milliseconds, offsetSeconds: zone.secondsFromGMT(for: date)).dateText
  }

  /// `09:05`: the wall-clock time in `zone`, as human output writes times.
  public func localTimeText(in zone: TimeZone) -> String {
    let civil = CivilTime(milliseconds: milliseconds, offsetSeconds: zone.secondsFromGMT(for: date))
    return (civil.hour < 10 ? "0" : "") + String(civil.hour) + ":" + (civil.minute < 10 ? "0" : "")
      + String(civil.minute)
  }

  /// Days since 1970-01-01 of the wall-clock date at `offsetSeconds` from UTC.
  public func localDay(offsetSeconds: Int) -> Int {
    Int((milliseconds + Int64(offsetSeconds) * 1000).floorDivided(by: 86_400_000).quotient)
  }
}

extension Int64 {
  /// Floor division and the matching non-negative remainder.
  package func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
    var quotient = self / divisor
    var remainder = self % divisor
    if remainder < 0 {
      quotient -= 1
      remainder += divisor
    }
    return (quotient, remainder)
  }
}
