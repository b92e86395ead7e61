import DispatchCore

/// America/New_York civil time from the US daylight-saving rules, so simulated days and the
/// manifest's local dates are computed without Foundation's time-zone database.
///
/// Rules since 2007: daylight time from the second Sunday of March, 02:00 EST, to the first
/// Sunday of November, 02:00 EDT. 1987–2006: first Sunday of April to last Sunday of October;
/// earlier years are treated the same (the generator never needs them).
enum SynthNewYorkTime {
  static let zoneName = "America/New_York"
  static let standardOffset: Int64 = -18_000
  static let daylightOffset: Int64 = -14_400

  /// The UTC seconds at which daylight time starts and ends in `year`.
  static func daylightBounds(year: Int) -> (start: Int64, end: Int64) {
    if year >= 2007 {
      let start = sunday(year: year, month: 3, after: 8)
      let end = sunday(year: year, month: 11, after: 1)
      return (Int64(start) * 86_400 + 7 * 3600, Int64(end) * 86_400 + 6 * 3600)
    }
    let start = sunday(year: year, month: 4, after: 1)
    let end = sunday(year: year, month: 10, after: 25)
    return (Int64(start) * 86_400 + 7 * 3600, Int64(end) * 86_400 + 6 * 3600)
  }

  /// Days since the epoch of the first Sunday on or after `year-month-after`.
  private static func sunday(year: Int, month: Int, after day: Int) -> Int {
    let first = CivilTime.days(year: year, month: month, day: day)
    // 1970-01-01 was a Thursday; with Monday = 0 that is weekday 3.
    let weekday = ((first % 7) + 7 + 3) % 7
    return first + (6 - weekday)
  }

  static func isDaylight(utc seconds: Int64) -> Bool {
    let (days, _) = (seconds + standardOffset).floorDivided(by: 86_400)
    let year = CivilTime.civil(fromDays: Int(days)).year
    let bounds = daylightBounds(year: year)
    return seconds >= bounds.start && seconds < bounds.end
  }

  /// Seconds east of UTC in effect at `seconds`.
  static func offset(utc seconds: Int64) -> Int64 {
    isDaylight(utc: seconds) ? daylightOffset : standardOffset
  }

  /// Days since the epoch of the local date at `seconds`.
  static func localDay(utc seconds: Int64) -> Int {
    Int((seconds + offset(utc: seconds)).floorDivided(by: 86_400).quotient)
  }

  /// The UTC instant of a wall-clock time on a local day; `second` may pass 86,400 to reach into
  /// the next day. Times skipped in spring resolve forward, repeated ones to the first.
  static func utc(localDay: Int, second: Int) -> Int64 {
    let local = Int64(localDay) * 86_400 + Int64(second)
    let asDaylight = local - daylightOffset
    return isDaylight(utc: asDaylight) ? asDaylight : local - standardOffset
  }
}

/// Writes instants as `YYYY-MM-DD HH:MM:SS ±HHMM` in the export-time offset
/// (docs/formats/apple-health.md#dates-and-time-zones).
struct SynthTimestampFormat {
  let offsetSeconds: Int64
  let offsetText: [UInt8]

  /// Parses `±HHMM`; anything else is a programmer error in the options.
  init(offset text: String) {
    let bytes = Array(text.utf8)
    let digits = bytes.dropFirst().map { Int($0) - 48 }
    precondition(
      bytes.count == 5 && (bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"))
        && digits.allSatisfy { (0...9).contains($0) },
      "exportOffset must look like -0500")
    let magnitude = Int64((digits[0] * 10 + digits[1]) * 3600 + (digits[2] * 10 + digits[3]) * 60)
    offsetSeconds = bytes[0] == UInt8(ascii: "-") ? -magnitude : magnitude
    offsetText = bytes
  }

  /// Wall-clock fields of `utc` in the export offset: days since the epoch and second of day.
  func wallClock(_ utc: Int64) -> (days: Int, second: Int) {
    let (days, second) = (utc + offsetSeconds).floorDivided(by: 86_400)
    return (Int(days), Int(second))
  }

  /// The 25-byte timestamp.
  func write(_ utc: Int64, into buffer: SynthByteBuffer) {
    let (days, second) = wallClock(utc)
    writeDate(days: days, into: buffer)
    buffer.append(UInt8(ascii: " "))
    writeClock(second, into: buffer)
    buffer.append(UInt8(ascii: " "))
    buffer.append(offsetText)
  }

  /// `YYYY-MM-DD` of a day number.
  func writeDate(days: Int, into buffer: SynthByteBuffer) {
    let civil = CivilTime.civil(fromDays: days)
    buffer.appendPadded(civil.year, width: 4)
    buffer.append(UInt8(ascii: "-"))
    buffer.appendPadded(civil.month, width: 2)
    buffer.append(UInt8(ascii: "-"))
    buffer.appendPadded(civil.day, width: 2)
  }

  /// `HH:MM:SS` of a second of the day.
  func writeClock(_ second: Int, into buffer: SynthByteBuffer) {
    buffer.appendPadded(second / 3600, width: 2)
    buffer.append(UInt8(ascii: ":"))
    buffer.appendPadded(second / 60 % 60, width: 2)
    buffer.append(UInt8(ascii: ":"))
    buffer.appendPadded(second % 60, width: 2)
  }

  /// `YYYY-MM-DD` of a day number as a string, for manifests and file names.
  static func dateText(days: Int) -> String {
    CivilTime(milliseconds: Int64(days) * 86_400_000, offsetSeconds: 0).dateText
  }
}
