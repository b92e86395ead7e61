import DispatchCore
import Foundation

/// The text forms Introspective's CSV export uses
/// (docs/formats/introspective.md#introspective-csv-export): every field quoted, timestamps in the
/// en_US full/full form, ratings as Swift's default Double text.
///
/// Not Sendable: it caches `DateFormatter`s, one per zone, for one export.
final class IntrospectiveCSVText {
  private var formatters: [String: DateFormatter] = [:]

  init() {}

  /// One record: every field in double quotes, inner quotes doubled, ended by LF. Raw
  /// newlines stay inside the quotes, as the app's writer leaves them.
  static func line(_ fields: [String]) -> String {
    fields.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
      .joined(separator: ",") + "\n"
  }

  /// `Wednesday, April 4, 2018 at 5:18:00 PM Eastern Daylight Time`: en_US, date and time
  /// style full, whole seconds, in `zone` (the record's own zone), else UTC.
  ///
  /// The app writes in the device's current zone; we write in the record's own zone so a
  /// record keeps its wall-clock time in the file. Re-import gives the same instant either
  /// way, because the zone's name is part of the text. Newer ICU puts U+202F NARROW NO-BREAK
  /// SPACE before AM/PM; we write a plain space, the form the app wrote for years and the one
  /// every Foundation's full/full formatter parses
  /// (docs/formats/introspective.md#introspective-csv-export).
  func timestamp(_ instant: Instant, zone identifier: String?) -> String {
    let key = identifier.flatMap { ZoneLookup.zone($0) == nil ? nil : $0 } ?? "UTC"
    let formatter = formatters[key] ?? makeFormatter(key)
    formatters[key] = formatter
    let seconds = Double(instant.milliseconds.floorDivided(by: 1000).quotient)
    return formatter.string(from: Date(timeIntervalSince1970: seconds))
      .replacingOccurrences(of: "\u{202F}", with: " ")
  }

  private func makeFormatter(_ identifier: String) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US")
    formatter.calendar = Calendar(identifier: .gregorian)
    formatter.timeZone = ZoneLookup.zone(identifier) ?? TimeZone(identifier: "UTC")
    formatter.dateStyle = .full
    formatter.timeStyle = .full
    return formatter
  }

  /// A rating as Swift's default Double text: `4.0`, `7.5`.
  static func rating(_ value: Double) -> String {
    String(describing: value)
  }

  /// A dosage in its text form (`12.5 mg`, docs/formats/introspective.md#dosage); text that is not
  /// a dosage is kept as is.
  static func dosage(_ text: String?) -> String {
    guard let text else { return "" }
    return Dosage(parsing: text)?.description ?? text
  }

  /// A frequency in its text form (`2 times per day`, docs/formats/introspective.md#frequency);
  /// other text is kept as is.
  static func frequency(_ text: String?) -> String {
    guard let text else { return "" }
    return Frequency(parsing: text)?.description ?? text
  }

  /// The duration from `start` to `end` as TimeDuration text
  /// (docs/formats/introspective.md#durations).
  static func duration(from start: Instant, to end: Instant) -> String {
    TimeDuration(seconds: Double(end.milliseconds - start.milliseconds) / 1000).description
  }

  /// `source` when the app knows it for this kind of record, else `Introspective`: the app
  /// only accepts its own source names, and Dispatch's own records have none of them.
  static func source(_ source: String, allowed: [String]) -> String {
    allowed.first { $0.caseInsensitiveCompare(source) == .orderedSame }
      ?? RecordSource.introspective
  }

  /// The export's file name: `<Description> <yyyy-MM-dd_HHmm>.csv`
  /// (docs/formats/introspective.md#introspective-csv-export). Introspective writes `HH:mm`;
  /// the colon is left out because Windows, Android and FAT or exFAT drives refuse it in a
  /// file name, and no importer reads the name (files are recognised by their header).
  static func fileName(_ description: String, exportedAt: Instant, zone: TimeZone) -> String {
    let offset = zone.secondsFromGMT(for: exportedAt.date)
    let local = CivilTime(milliseconds: exportedAt.milliseconds, offsetSeconds: offset)
    let clock = local.clockText.prefix(5).filter { $0 != ":" }
    return "\(description) \(local.dateText)_\(clock).csv"
  }
}
