import DispatchCore
import Foundation

/// Reads the timestamps of Introspective's own CSV exports
/// (docs/formats/introspective.md#introspective-csv-export,
/// docs/formats/introspective.md#reading-introspectives-exports-back): en_US date style *full*,
/// time style *full*, e.g. `Wednesday, April 4, 2018 at 5:18:00 PM Eastern Daylight Time`, with an
/// ASCII space or U+202F before AM/PM (older and newer ICU). The zone *name* in the text decides
/// the instant, whatever zone the formatter has.
///
/// Formatters are classes and not `Sendable`; one reader serves one file's parse.
struct IntrospectiveDates {
  private let full: DateFormatter
  private let pattern: DateFormatter
  private let wallClock: DateFormatter

  init() {
    full = DateFormatter()
    full.locale = Locale(identifier: "en_US")
    full.timeZone = TimeZone(identifier: "UTC")
    full.dateStyle = .full
    full.timeStyle = .full
    // The same text as an explicit pattern, in case the locale's full style ever changes.
    pattern = DateFormatter()
    pattern.locale = Locale(identifier: "en_US_POSIX")
    pattern.timeZone = TimeZone(identifier: "UTC")
    pattern.dateFormat = "EEEE, MMMM d, y 'at' h:mm:ss a zzzz"
    wallClock = DateFormatter()
    wallClock.locale = Locale(identifier: "en_US_POSIX")
    wallClock.timeZone = TimeZone(identifier: "UTC")
    wallClock.dateFormat = "EEEE, MMMM d, y 'at' h:mm:ss a"
  }

  /// A parsed timestamp: the instant (second precision,
  /// docs/formats/introspective.md#timestamp-precision) and the UTC offset the text's zone name had
  /// then, when the wall-clock part could be read on its own.
  struct Stamp: Equatable {
    var instant: Instant
    var offsetSeconds: Int?

    /// The wall-clock day in the text (`YYYY-MM-DD`), or the UTC day without an offset.
    var dateText: String {
      CivilTime(milliseconds: instant.milliseconds, offsetSeconds: offsetSeconds ?? 0).dateText
    }

    /// The record time: in `zone` when it is a known IANA id
    /// (docs/formats/introspective.md#reading-introspectives-exports-back: unknown ids → none),
    /// else with no zone and the offset of the text's zone name.
    func recordTime(zone: String?) -> RecordTime {
      if let zone, !zone.isEmpty, ZoneLookup.zone(zone) != nil {
        return RecordTime.at(instant, zone: zone, precision: .exact)
      }
      return RecordTime(
        instant, timeZoneIdentifier: nil, utcOffsetSeconds: offsetSeconds ?? 0,
        precision: .exact)
    }
  }

  /// The timestamp in `text`, or nil when neither the full/full style nor the pattern reads it.
  func parse(_ text: String) -> Stamp? {
    let plain = text.replacingOccurrences(of: "\u{202F}", with: " ")
    let narrow = plain.replacingOccurrences(of: " AM ", with: "\u{202F}AM ")
      .replacingOccurrences(of: " PM ", with: "\u{202F}PM ")
    for candidate in [text, plain, narrow] {
      guard let date = full.date(from: candidate) ?? pattern.date(from: candidate) else {
        continue
      }
      return Stamp(instant: Instant(date), offsetSeconds: offset(plain, instant: date))
    }
    return nil
  }

  /// The offset of the text's zone: its wall clock (the text up to AM/PM, read as UTC) minus
  /// the instant.
  private func offset(_ plain: String, instant: Date) -> Int? {
    let marker = [" AM ", " PM "].compactMap { plain.range(of: $0, options: .backwards) }
      .max { $0.lowerBound < $1.lowerBound }
    guard let marker else { return nil }
    let prefix = String(plain[..<marker.upperBound]).trimmingCharacters(in: .whitespaces)
    guard let wall = wallClock.date(from: prefix) else { return nil }
    return Int((wall.timeIntervalSince1970 - instant.timeIntervalSince1970).rounded())
  }
}
