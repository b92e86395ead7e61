import DispatchCore
import Foundation

/// A proleptic Gregorian date with no time or zone, as iCalendar `DATE` values are.
struct ICalDate: Hashable, Comparable, Sendable {
  let year: Int
  let month: Int
  let day: Int

  /// A real date in years 1–9999; nil for anything else (February 30, month 13, …).
  init?(year: Int, month: Int, day: Int) {
    guard (1...9_999).contains(year), (1...12).contains(month),
      (1...Self.daysIn(month: month, year: year)).contains(day)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// The date `days` after 1970-01-01.
  init(dayNumber: Int) {
    let civil = CivilTime.civil(fromDays: dayNumber)
    year = civil.year
    month = civil.month
    day = civil.day
  }

  /// Days since 1970-01-01, so dates can be stepped without touching seconds.
  var dayNumber: Int { CivilTime.days(year: year, month: month, day: day) }

  /// 1 = Monday … 7 = Sunday; 1970-01-01 was a Thursday.
  var isoWeekday: Int { ((dayNumber % 7 + 7 + 3) % 7) + 1 }

  func adding(days: Int) -> ICalDate { ICalDate(dayNumber: dayNumber + days) }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  static func < (lhs: ICalDate, rhs: ICalDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }
}

/// A local time of day; seconds run 0–59 (a leap second 60 is read as 59).
struct ICalTime: Hashable, Sendable {
  var hour: Int
  var minute: Int
  var second: Int

  static let midnight = ICalTime(hour: 0, minute: 0, second: 0)
}

/// A `DATE` or `DATE-TIME` value with the zone it is written in (RFC 5545 §3.3.4, §3.3.5).
struct ICalDateValue: Equatable, Sendable {
  /// How a date-time names its zone.
  enum Zone: Equatable, Sendable {
    /// A trailing `Z`.
    case utc
    /// No zone: the wall time wherever the reader is (the caller's default zone).
    case floating
    /// A `TZID` parameter, as written.
    case identifier(String)
  }

  var date: ICalDate
  /// Nil for a `DATE` (all-day) value.
  var time: ICalTime?
  var zone: Zone

  var isDate: Bool { time == nil }

  /// Parses `YYYYMMDD`, `YYYYMMDDTHHMMSS` or `YYYYMMDDTHHMMSSZ`. A `TZID` is ignored for
  /// dates and UTC values, as RFC 5545 says it must not apply to them.
  init?(parsing text: String, tzid: String?) {
    let bytes = Array(text.icalTrimmed().utf8)
    guard bytes.count == 8 || bytes.count == 15 || bytes.count == 16,
      let year = Self.number(bytes, 0, 4), let month = Self.number(bytes, 4, 2),
      let day = Self.number(bytes, 6, 2), let date = ICalDate(year: year, month: month, day: day)
    else { return nil }
    self.date = date
    guard bytes.count > 8 else {
      time = nil
      zone = .floating
      return
    }
    guard bytes[8] == UInt8(ascii: "T") || bytes[8] == UInt8(ascii: "t"),
      let hour = Self.number(bytes, 9, 2), let minute = Self.number(bytes, 11, 2),
      let second = Self.number(bytes, 13, 2), hour < 24, minute < 60, second <= 60
    else { return nil }
    time = ICalTime(hour: hour, minute: minute, second: min(second, 59))
    if bytes.count == 16 {
      guard bytes[15] == UInt8(ascii: "Z") || bytes[15] == UInt8(ascii: "z") else { return nil }
      zone = .utc
    } else if let tzid, !tzid.icalTrimmed().isEmpty {
      zone = .identifier(tzid.icalTrimmed())
    } else {
      zone = .floating
    }
  }

  private static func number(_ bytes: [UInt8], _ start: Int, _ length: Int) -> Int? {
    var value = 0
    for byte in bytes[start..<(start + length)] {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
  }
}

/// An event's length: nominal days (which follow the wall clock across DST) plus exact
/// milliseconds (RFC 5545 §3.3.6 treats weeks and days as nominal, hours and less as exact).
struct ICalLength: Equatable, Sendable {
  var days: Int
  var milliseconds: Int64

  static let zero = ICalLength(days: 0, milliseconds: 0)
  static let oneDay = ICalLength(days: 1, milliseconds: 0)

  var isNegative: Bool { days < 0 || milliseconds < 0 }

  /// Parses `dur-value` (RFC 5545 §3.3.6): `[+|-]P` then `nW`, or `[nD][T[nH][nM][nS]]`,
  /// e.g. `PT1H30M`, `P1D`, `-PT5M`. Each number has at most 9 digits and the whole length at
  /// most 100,000 days, so no arithmetic on it can overflow.
  init?(duration text: String) {
    var bytes = Array(text.icalTrimmed().uppercased().utf8)[...]
    var sign = 1
    if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
      sign = first == UInt8(ascii: "-") ? -1 : 1
      bytes = bytes.dropFirst()
    }
    guard bytes.first == UInt8(ascii: "P") else { return nil }
    bytes = bytes.dropFirst()
    var days = 0
    var seconds = 0
    var sawPart = false
    var inTime = false
    // Designators must come in this order; each at most once.
    var allowed: [UInt8] = Array("WD".utf8)
    while !bytes.isEmpty {
      if bytes.first == UInt8(ascii: "T"), !inTime {
        inTime = true
        allowed = Array("HMS".utf8)
        bytes = bytes.dropFirst()
        guard !bytes.isEmpty else { return nil }
        continue
      }
      let digits = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
      guard (1...9).contains(digits.count), let value = Int(String(decoding: digits, as: UTF8.self))
      else { return nil }
      bytes = bytes.dropFirst(digits.count)
      guard let designator = bytes.first, let slot = allowed.firstIndex(of: designator) else {
        return nil
      }
      allowed.removeFirst(slot + 1)
      bytes = bytes.dropFirst()
      sawPart = true
      switch designator {
      case UInt8(ascii: "W"): days += value * 7
      case UInt8(ascii: "D"): days += value
      case UInt8(ascii: "H"): seconds += value * 3_600
      case UInt8(ascii: "M"): seconds += value * 60
      default: seconds += value
      }
    }
    guard sawPart, days + seconds / 86_400 <= 100_000 else { return nil }
    self.days = sign * days
    self.milliseconds = Int64(sign * seconds) * 1_000
  }

  init(days: Int, milliseconds: Int64) {
    self.days = days
    self.milliseconds = milliseconds
  }
}
