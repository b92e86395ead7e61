import DispatchKit
import Foundation

/// Reads the Reporter fixtures (docs/test-fixtures.md#reporter) from the copied `Fixtures`
/// resource, and parses inline snippets for the mapping tests.
enum ReporterJSONFixtures {
  struct Missing: Error, CustomStringConvertible {
    let path: String
    var description: String { "fixture \(path) is not in the test bundle" }
  }

  /// The bytes of `Fixtures/reporter/<relativePath>`.
  static func bytes(_ relativePath: String) throws -> [UInt8] {
    let full = "Fixtures/reporter/" + relativePath
    let resource = full as NSString
    if let url = Bundle.module.url(
      forResource: resource.lastPathComponent, withExtension: nil,
      subdirectory: resource.deletingLastPathComponent),
      let data = FileManager.default.contents(atPath: url.path)
    {
      return [UInt8](data)
    }
    if let base = Bundle.module.resourceURL,
      let data = FileManager.default.contents(atPath: base.appendingPathComponent(full).path)
    {
      return [UInt8](data)
    }
    throw Missing(path: full)
  }

  static let dayFileNames = [
    "2014-01-20-reporter-export.json", "2014-01-21-reporter-export.json",
    "2014-01-22-reporter-export.json",
  ]

  /// The three legacy day files, in day order.
  static func dayFiles() throws -> [(path: String, bytes: [UInt8])] {
    try dayFileNames.map { ($0, try bytes("legacy-day-files/" + $0)) }
  }

  /// The user of the legacy fixtures lives at UTC−6 (docs/test-fixtures.md#legacy-day-files).
  static let legacyZone = "America/Chicago"

  /// Parses an inline JSON snippet as one file.
  static func parse(_ json: String, zone: String = legacyZone) throws -> ImportBatch {
    try ReporterJSONImport.parse(Array(json.utf8), path: "inline.json", defaultTimeZone: zone)
  }

  /// A file holding `snapshots` (each a JSON object text) and, when given, a `questions` list.
  static func file(snapshots: [String], questions: [String]? = nil) -> String {
    var text = "{\"snapshots\": [" + snapshots.joined(separator: ",") + "]"
    if let questions { text += ", \"questions\": [" + questions.joined(separator: ",") + "]" }
    return text + "}"
  }

  /// A snapshot at `date` with the given responses (JSON object texts) and extra members.
  static func snapshot(
    date: String = "\"2016-02-11T19:08:54-0400\"", responses: [String] = [], extra: String = ""
  ) -> String {
    var text = "{\"date\": \(date), \"responses\": [" + responses.joined(separator: ",") + "]"
    if !extra.isEmpty { text += ", " + extra }
    return text + "}"
  }

  /// A question with the given ID-less prompt.
  static func question(_ prompt: String, extra: String = "") -> String {
    "{\"prompt\": \"\(prompt)\"" + (extra.isEmpty ? "" : ", " + extra) + "}"
  }

  /// Every response of every report in the batch.
  static func responses(_ batch: ImportBatch) -> [Response] {
    batch.reports.flatMap(\.responses)
  }

  /// The imported question with `prompt`.
  static func question(_ batch: ImportBatch, _ prompt: String) -> ImportedQuestion? {
    batch.questions.first { $0.question.prompt == prompt }
  }
}
