import DispatchCore
import DispatchStorage
import DispatchSupport
import Foundation

/// Reads the Wellness app's CSV export of moods (docs/formats/introspective.md#wellness).
///
/// Header `Date,Time,Rating,Note,Health Entry Type`; rows start `M/d/yy, HH:mm` unquoted, so
/// `Time` carries a leading space. Ratings are on Wellness's fixed 1–7 scale; times are
/// zone-less, read in the import's default zone at minute precision.
public enum WellnessImport {
  static let date = "Date"
  static let time = "Time"
  static let rating = "Rating"
  static let note = "Note"

  /// Whether the file starts with Wellness's header.
  public static func recognizes(_ bytes: [UInt8]) -> Bool {
    FamilyCSV.headerFields(bytes).map(recognizes(header:)) ?? false
  }

  static func recognizes(header: [String]) -> Bool {
    header.first == date && FamilyColumns(header).has([time, rating, note])
  }

  /// Parses a Wellness export. A row without a date and time, with one that is not
  /// `M/d/yy HH:mm`, or with a rating that is not a number within 1…7, is skipped with a
  /// problem. Ratings are rescaled onto `options.moodScale` when `options.rescalesMoods`
  /// (Introspective's scaleMoodsOnImport, docs/formats/introspective.md#mood-scales); an empty note
  /// is none.
  ///
  /// - Throws: ``ImportError`` `.unrecognized` when the file is not Wellness's CSV.
  public static func parse(_ bytes: [UInt8], path: String, options: ImportOptions)
    throws(ImportError) -> ImportBatch
  {
    let table = try FamilyCSV.table(bytes, path: path, format: "Wellness")
    guard recognizes(header: table.header) else {
      throw ImportError(.unrecognized, file: path, reason: "not a Wellness export")
    }
    let dates = try FamilyCSV.zoneless(options, path: path)
    let columns = FamilyColumns(table.header)
    var batch = ImportBatch(path: path, format: .wellness)
    FamilyCSV.eachRow(table.rows, path: path, batch: &batch) {
      row, records throws(FamilyRowError) in
      let fields = row.fields
      guard let day = columns.nonEmpty(date, in: fields),
        let clock = columns.nonEmpty(time, in: fields)
      else {
        throw FamilyRowError(
          field: columns.value(date, in: fields) == nil ? date : time,
          reason: "no date/time")
      }
      // The original concatenates the two fields and relies on Time's leading space; joining
      // the trimmed parts with one space also reads files written without it.
      let stamp =
        day.trimmingCharacters(in: .whitespaces) + " "
        + clock.trimmingCharacters(in: .whitespaces)
      guard let when = ZonelessDate.easyPill(stamp).flatMap(dates.time), stamp.contains(":")
      else {
        throw FamilyRowError(field: date, reason: "unexpected date/time '\(day),\(clock)'")
      }
      let ratingText = (columns.value(rating, in: fields) ?? "")
        .trimmingCharacters(in: .whitespaces)
      guard let value = Double(ratingText), value.isFinite, RatingScale.wellness.contains(value)
      else {
        throw FamilyRowError(
          field: rating, reason: "invalid rating '\(ratingText)': expected a number from 1 to 7")
      }
      let mood = RatingRecord(
        id: ImportIdentity.row(
          format: .wellness, type: "mood", start: when.instant, value: ratingText),
        kind: .mood, time: when, rating: value, scale: .wellness,
        note: columns.nonEmpty(note, in: fields), source: RecordSource.wellness)
      records.ratings.append(options.rescalesMoods ? mood.rescaled(to: options.moodScale) : mood)
    }
    return batch
  }
}
