import DispatchCore
import Foundation

/// Reads the zone-less dates of ATracker, Wellness and EasyPill
/// (docs/formats/introspective.md#introspective-and-the-apps-it-imports-from) in the import's
/// default zone (docs/formats/dispatch-v2.md#deterministic-ids), strictly: the original's
/// `DateFormatter` is lenient about separators and rolls over impossible dates (`2018-02-31`),
/// which silently shifts records; these parsers reject what the pattern does not describe.
struct ZonelessDate {
  /// The IANA zone the wall-clock times are read in, recorded with every record.
  let zoneIdentifier: String
  private let calendar: Calendar
  private let zone: TimeZone

  /// A reader for wall-clock times in `zoneIdentifier`; nil for an unknown zone.
  init?(zoneIdentifier: String) {
    guard let zone = ZoneLookup.zone(zoneIdentifier) else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    self.zoneIdentifier = zoneIdentifier
    self.zone = zone
    self.calendar = calendar
  }

  /// Civil date and time fields, validated against the proleptic Gregorian calendar.
  struct Fields: Equatable {
    var year: Int
    var month: Int
    var day: Int
    var hour = 0
    var minute = 0

    /// Whether the fields name a real calendar day and clock time.
    var isValid: Bool {
      guard (1...12).contains(month), (0...23).contains(hour), (0...59).contains(minute),
        (1...9999).contains(year)
      else { return false }
      let next = month == 12 ? (year + 1, 1) : (year, month + 1)
      let length =
        CivilTime.days(year: next.0, month: next.1, day: 1)
        - CivilTime.days(year: year, month: month, day: 1)
      return (1...length).contains(day)
    }

    /// `YYYY-MM-DD`.
    var dateText: String {
      CivilTime(
        milliseconds: Int64(CivilTime.days(year: year, month: month, day: day)) * 86_400_000,
        offsetSeconds: 0
      ).dateText
    }
  }

  /// The record time of `fields` in the zone, minute precision
  /// (docs/formats/introspective.md#timestamp-precision).
  ///
  /// Built from calendar components, so a time skipped by a DST change resolves forward as
  /// Foundation's `Calendar.date(from:)` does (02:30 on a spring-forward day is 03:30), and a
  /// repeated time takes its first occurrence.
  func time(_ fields: Fields) -> RecordTime? {
    let components = DateComponents(
      year: fields.year, month: fields.month, day: fields.day, hour: fields.hour,
      minute: fields.minute)
    guard fields.isValid, let date = calendar.date(from: components) else { return nil }
    let instant = Instant(date)
    return RecordTime(
      instant, timeZoneIdentifier: zoneIdentifier,
      utcOffsetSeconds: zone.secondsFromGMT(for: date), precision: .minute)
  }

  /// ATracker's `yyyy-MM-dd HH:mm` (docs/formats/introspective.md#atracker; the original's `YYYY`
  /// pattern reads the same digits): four-digit year, one- or two-digit month, day and hour,
  /// two-digit minute. Scanned byte by byte without allocating, since a 100,000-row export has
  /// 200,000 of these (DispatchBench).
  static func atracker(_ text: String) -> Fields? {
    var scanner = DigitScanner(text.utf8)
    guard let year = scanner.number(widths: 4...4), scanner.skip(UInt8(ascii: "-")),
      let month = scanner.number(widths: 1...2), scanner.skip(UInt8(ascii: "-")),
      let day = scanner.number(widths: 1...2), scanner.skip(UInt8(ascii: " ")),
      let hour = scanner.number(widths: 1...2), scanner.skip(UInt8(ascii: ":")),
      let minute = scanner.number(widths: 2...2), scanner.isAtEnd
    else { return nil }
    return Fields(year: year, month: month, day: day, hour: hour, minute: minute)
  }

  /// EasyPill's and Wellness's `M/d/yy`, with an optional ` HH:mm`
  /// (docs/formats/introspective.md#wellness, docs/formats/introspective.md#easypill-medications,
  /// docs/formats/introspective.md#easypill-doses).
  ///
  /// Two-digit years 00–69 are 2000–2069 and 70–99 are 1970–1999 (the POSIX `%y` rule): fixed,
  /// unlike the formatter's window that moves with the current date.
  static func easyPill(_ text: String) -> Fields? {
    let parts = text.split(separator: " ", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count),
      let date = numbers(parts[0], separator: "/", widths: [1...2, 1...2, 2...2])
    else { return nil }
    var fields = Fields(
      year: date[2] < 70 ? 2000 + date[2] : 1900 + date[2], month: date[0], day: date[1])
    if parts.count == 2 {
      guard let clock = numbers(parts[1], separator: ":", widths: [1...2, 2...2]) else {
        return nil
      }
      fields.hour = clock[0]
      fields.minute = clock[1]
    }
    return fields
  }

  /// ASCII-digit groups split by `separator`, each of a width in `widths`; read byte by byte
  /// because a 100,000-row import parses 200,000 of these (DispatchBench).
  private static func numbers(
    _ text: Substring, separator: Character, widths: [ClosedRange<Int>]
  ) -> [Int]? {
    guard let mark = separator.asciiValue else { return nil }
    var values: [Int] = []
    values.reserveCapacity(widths.count)
    var value = 0
    var digits = 0
    for byte in text.utf8 {
      if byte == mark {
        guard values.count < widths.count, widths[values.count].contains(digits) else {
          return nil
        }
        values.append(value)
        value = 0
        digits = 0
      } else if (48...57).contains(byte) {
        value = value * 10 + Int(byte - 48)
        digits += 1
        guard digits <= 4 else { return nil }
      } else {
        return nil
      }
    }
    guard values.count == widths.count - 1, widths[values.count].contains(digits) else {
      return nil
    }
    values.append(value)
    return values
  }
}

/// Reads ASCII digit groups and separators from UTF-8 text, in place.
struct DigitScanner {
  private let bytes: String.UTF8View
  private var index: String.UTF8View.Index

  init(_ bytes: String.UTF8View) {
    self.bytes = bytes
    index = bytes.startIndex
  }

  var isAtEnd: Bool { index == bytes.endIndex }

  /// A run of ASCII digits whose length lies in `widths`, or nil.
  mutating func number(widths: ClosedRange<Int>) -> Int? {
    var value = 0
    var digits = 0
    while index != bytes.endIndex, digits < widths.upperBound {
      let byte = bytes[index]
      guard byte >= 48 && byte <= 57 else { break }
      value = value * 10 + Int(byte - 48)
      digits += 1
      bytes.formIndex(after: &index)
    }
    return widths.contains(digits) ? value : nil
  }

  /// Consumes `separator` if it comes next.
  mutating func skip(_ separator: UInt8) -> Bool {
    guard index != bytes.endIndex, bytes[index] == separator else { return false }
    bytes.formIndex(after: &index)
    return true
  }
}
