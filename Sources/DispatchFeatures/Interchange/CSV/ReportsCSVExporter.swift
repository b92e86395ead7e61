import DispatchCore
import DispatchSupport

/// The reports CSV: fixed sensor columns, then one column per question
/// (docs/formats/exports.md#reports-csv, with its deliberate differences from the iOS app).
public enum ReportsCSVExporter {
  /// The 16 fixed columns, in Dispatch's order; `connection` was appended last upstream, so
  /// the prefix is stable for older readers.
  public static let fixedColumns = [
    "date", "timeZone", "kind", "trigger", "latitude", "longitude", "place", "weather", "tempF",
    "altitudeMeters", "audioAvg", "audioPeak", "battery", "steps", "photoCount", "connection",
  ]

  /// The suffix of a time question's companion column.
  public static let dayOffsetSuffix = " (day offset)"

  /// The whole file: a header line, then one line per report, oldest first, joined with
  /// `lineEnding` (Dispatch's `\n` unless asked for `\r\n`) and no trailing newline.
  public static func csv(questions: [Question], reports: [Report], lineEnding: String = "\n")
    -> String
  {
    let columns = V2Exporter.sortedQuestions(questions)
    var records = [header(questions: columns)]
    // Dispatch sorts by date only; the ID tiebreak makes equal dates deterministic
    // (docs/formats/exports.md#reports-csv).
    for report in V2Exporter.sortedReports(reports) {
      records.append(row(report, questions: columns))
    }
    return CSVWriter.document(records, lineEnding: lineEnding)
  }

  /// The header: fixed columns, then each question's prompt, with a `"<prompt> (day offset)"`
  /// column right after every time question.
  public static func header(questions: [Question]) -> [String] {
    var fields = fixedColumns
    for question in questions {
      fields.append(question.prompt)
      if question.type == .time { fields.append(question.prompt + dayOffsetSuffix) }
    }
    return fields
  }

  /// One report's fields, the question columns in the order given.
  public static func row(_ report: Report, questions: [Question]) -> [String] {
    var fields = sensorFields(report)
    for question in questions {
      // Joined by question ID, and by prompt only for responses that carry no ID, so two
      // questions with the same prompt no longer collide (docs/formats/exports.md#reports-csv).
      let response = report.response(to: question)
      fields.append(response.map(flatten) ?? "")
      if question.type == .time {
        fields.append(response?.time.map { String($0.dayOffset) } ?? "")
      }
    }
    return fields
  }

  /// The 16 fixed fields of a report.
  static func sensorFields(_ report: Report) -> [String] {
    let context = report.context
    let steps = context.health.first { $0.type == "steps" }.map(\.value)
    return [
      report.date.iso8601Seconds,
      report.timeZoneIdentifier,
      report.kind.rawValue,
      report.trigger.rawValue,
      number(context.location?.latitude),
      number(context.location?.longitude),
      context.location?.placemark?.locality ?? "",
      context.weather?.condition ?? "",
      number(context.weather?.tempF),
      number(context.altitudeMeters),
      number(context.audio?.average),
      number(context.audio?.peak),
      number(context.battery),
      steps.flatMap(wholeNumber) ?? "",
      String(context.photos.count),
      // Unknown connection raws give an empty field (docs/formats/exports.md#reports-csv).
      context.connectionType?.displayName ?? "",
    ]
  }

  /// The answer as one field: the first populated payload in Dispatch's order, tokens,
  /// options, location text, time, number, notes (docs/formats/exports.md#reports-csv). A skip
  /// gives an empty field.
  public static func flatten(_ response: Response) -> String {
    if let tokens = response.tokens, !tokens.isEmpty {
      return tokens.map(\.text).joined(separator: "|")
    }
    if let options = response.options, !options.isEmpty {
      return options.joined(separator: "|")
    }
    if let text = response.location?.text, !text.isEmpty { return text }
    if let time = response.time { return time.clockText }
    if let number = response.number, !number.isEmpty { return number }
    if let notes = response.notes, !notes.isEmpty {
      return notes.map(\.text).joined(separator: "|")
    }
    return ""
  }

  /// Swift's `String(Double)` form, as Dispatch writes numbers here (`-34.0`, `0.96`).
  static func number(_ value: Double?) -> String {
    value.map { String($0) } ?? ""
  }

  /// `Int(value)` as text, or nil when the value does not fit (a NaN or huge reading).
  static func wholeNumber(_ value: Double) -> String? {
    Int(exactly: value.rounded(.towardZero)).map { String($0) }
  }
}
