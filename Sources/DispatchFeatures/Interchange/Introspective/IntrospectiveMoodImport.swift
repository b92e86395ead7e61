import DispatchCore
import DispatchStorage
import DispatchSupport
import Foundation

/// Reads Introspective's own mood export (docs/formats/introspective.md#introspective-csv-export,
/// docs/formats/introspective.md#reading-introspectives-exports-back).
///
/// Seven quoted columns: `Timestamp`, `Time Zone`, `Rating`, `Minimum Allowed Rating`,
/// `Maximum Allowed Rating`, `Note`, `Source`; timestamps are en_US full/full text.
public enum IntrospectiveMoodImport {
  static let timestamp = "Timestamp"
  static let zone = "Time Zone"
  static let rating = "Rating"
  static let minimum = "Minimum Allowed Rating"
  static let maximum = "Maximum Allowed Rating"
  static let note = "Note"
  static let source = "Source"

  /// Whether the file starts with Introspective's mood header.
  public static func recognizes(_ bytes: [UInt8]) -> Bool {
    FamilyCSV.headerFields(bytes).map(recognizes(header:)) ?? false
  }

  static func recognizes(header: [String]) -> Bool {
    FamilyColumns(header).has([timestamp, rating, minimum, maximum, source])
  }

  /// Parses an Introspective mood export. A row without a readable timestamp, rating, minimum,
  /// maximum or source (Introspective or Wellness), or whose rating lies outside its own
  /// range, is skipped with a problem. Each mood keeps its range, then is rescaled onto
  /// `options.moodScale` when `options.rescalesMoods` (docs/formats/introspective.md#mood-scales).
  /// Unknown zone ids give no zone.
  ///
  /// - Throws: ``ImportError`` `.unrecognized` when the file is not Introspective's mood export.
  public static func parse(_ bytes: [UInt8], path: String, options: ImportOptions)
    throws(ImportError) -> ImportBatch
  {
    let table = try FamilyCSV.table(bytes, path: path, format: "Introspective mood")
    guard recognizes(header: table.header) else {
      throw ImportError(.unrecognized, file: path, reason: "not an Introspective mood export")
    }
    let columns = FamilyColumns(table.header)
    let dates = IntrospectiveDates()
    var batch = ImportBatch(path: path, format: .introspectiveMoods)
    FamilyCSV.eachRow(table.rows, path: path, batch: &batch) {
      row, records throws(FamilyRowError) in
      let fields = row.fields
      guard let stampText = columns.nonEmpty(timestamp, in: fields) else {
        throw FamilyRowError(field: timestamp, reason: "no timestamp")
      }
      guard let stamp = dates.parse(stampText) else {
        throw FamilyRowError(field: timestamp, reason: "invalid date/time format '\(stampText)'")
      }
      let ratingText = columns.value(rating, in: fields)
      let value = try number(ratingText, field: rating, name: "rating")
      let low = try number(
        columns.value(minimum, in: fields), field: minimum, name: "minimum rating")
      let high = try number(
        columns.value(maximum, in: fields), field: maximum, name: "maximum rating")
      guard low < high else {
        throw FamilyRowError(field: minimum, reason: "the minimum rating is not below the maximum")
      }
      let scale = RatingScale(minimum: low, maximum: high)
      guard scale.contains(value) else {
        throw FamilyRowError(
          field: rating, reason: "rating \(RatingScale.text(value)) is outside \(scale)")
      }
      guard let sourceText = columns.value(source, in: fields) else {
        throw FamilyRowError(field: source, reason: "missing source")
      }
      guard
        let canonical = FamilyCSV.source(
          sourceText, among: [RecordSource.introspective, RecordSource.wellness])
      else {
        throw FamilyRowError(
          field: source, reason: "invalid value provided for source '\(sourceText)'")
      }
      let mood = RatingRecord(
        id: ImportIdentity.row(
          format: .introspectiveMoods, type: "mood", start: stamp.instant, value: ratingText ?? ""),
        kind: .mood, time: stamp.recordTime(zone: columns.value(zone, in: fields)), rating: value,
        scale: scale, note: columns.nonEmpty(note, in: fields), source: canonical)
      records.ratings.append(options.rescalesMoods ? mood.rescaled(to: options.moodScale) : mood)
    }
    return batch
  }

  /// A finite number, or the row's problem: `missing <name>` when absent, `invalid <name>` or
  /// `incorrectly formatted <name>` (for the range) when not a number
  /// (docs/formats/introspective.md#reading-introspectives-exports-back).
  private static func number(_ text: String?, field: String, name: String) throws(FamilyRowError)
    -> Double
  {
    guard let text else { throw FamilyRowError(field: field, reason: "missing \(name)") }
    guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
      let verb = name == "rating" ? "invalid" : "incorrectly formatted"
      throw FamilyRowError(field: field, reason: "\(verb) \(name) '\(text)'")
    }
    return value
  }
}
