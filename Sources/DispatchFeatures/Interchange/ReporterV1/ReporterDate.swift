import DispatchCore
import DispatchSupport
import Foundation

/// A Reporter date read into an instant plus the zone it was written in.
struct ReporterStamp: Equatable {
  var instant: Instant
  var timeZoneIdentifier: String
  var utcOffsetSeconds: Int
}

/// Reporter's two date encodings (docs/formats/reporter.md#dates).
enum ReporterDate {
  /// Seconds between 1970-01-01 and Reporter's epoch, 2001-01-01T00:00:00Z.
  static let referenceEpoch: Double = 978_307_200

  /// Numeric dates beyond ±3000 years from 2001 are not dates; refusing them also keeps the
  /// millisecond conversion far from `Int64` overflow.
  static let numericLimit: Double = 1e11

  /// Reads a date field, which may be a string or a number independently of its neighbours:
  /// merged exports mix eras, so the encoding is sniffed per field (docs/formats/reporter.md#eras).
  ///
  /// - A string is `yyyy-MM-dd'T'HH:mm:ssZ` with `±HHmm`, `±HH:mm` or `Z`; its zone is the
  ///   fixed-offset identifier of that offset (`GMT-0400`), as Dispatch does
  ///   (docs/formats/reporter.md#dates).
  /// - A number is seconds since 2001-01-01 UTC with no zone; it is read in `defaultTimeZone`
  ///   (docs/formats/dispatch-v2.md#deterministic-ids), the offset being the one in force at that
  ///   instant.
  static func parse(_ value: JSONNode, defaultTimeZone: String) -> ReporterStamp? {
    if let text = value.string {
      let trimmed = ReporterJSONFields.trimmingWhitespace(text)
      guard let (instant, offset) = Instant.parseISO8601(trimmed) else { return nil }
      let identifier = TimeZone(secondsFromGMT: offset)?.identifier ?? "GMT"
      return ReporterStamp(
        instant: instant, timeZoneIdentifier: identifier, utcOffsetSeconds: offset)
    }
    guard let seconds = ReporterJSONFields.number(value), abs(seconds) < numericLimit else {
      return nil
    }
    let instant = Instant(secondsSince1970: seconds + referenceEpoch)
    guard let zone = TimeZone(identifier: defaultTimeZone) else {
      return ReporterStamp(instant: instant, timeZoneIdentifier: "GMT", utcOffsetSeconds: 0)
    }
    return ReporterStamp(
      instant: instant, timeZoneIdentifier: defaultTimeZone,
      utcOffsetSeconds: zone.secondsFromGMT(for: instant.date))
  }

  /// A secondary date (location timestamp, photo time): the instant only.
  static func instant(_ value: JSONNode, defaultTimeZone: String) -> Instant? {
    parse(value, defaultTimeZone: defaultTimeZone)?.instant
  }
}
