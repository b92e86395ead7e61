import DispatchCore
import DispatchStorage
import DispatchSupport
import Foundation

/// Reads Reporter's JSON exports of all three eras into import batches
/// (docs/formats/reporter.md#reporters-export-formats, docs/formats/reporter.md#leniency).
///
/// Legacy day files (numeric dates, bare-string tokens, singular `textResponse`, no questions
/// list), 1.x exports (string dates, no IDs, no `questionType`) and 2.x exports (IDs and types)
/// are told apart per field, never per file, since merged exports mix eras
/// (docs/formats/reporter.md#eras).
public enum ReporterJSONImport {
  /// Whether the bytes look like a Reporter JSON export (root object with "snapshots", no
  /// "schemaVersion"), or the courtesy wrapper `{"reports": [{"snapshots": …}]}`.
  public static func recognizes(_ bytes: [UInt8]) -> Bool {
    (try? container(bytes, path: "")) != nil
  }

  /// Parses one file. `defaultTimeZone` is used for legacy numeric dates (zone-less).
  public static func parse(_ bytes: [UInt8], path: String, defaultTimeZone: String)
    throws(ImportError) -> ImportBatch
  {
    var contents = [try read(bytes, path: path, defaultTimeZone: defaultTimeZone)]
    return ReporterQuestionAssembly.batches(&contents)[0]
  }

  /// Parses several files (a folder of day files or several exports) into one batch per file,
  /// questions merged by prompt across them (docs/formats/dispatch-v2.md#deterministic-ids):
  /// ID-less questions get the same prompt-derived ID in every file, and missing types are inferred
  /// from the answers of all the files together.
  public static func parse(files: [(path: String, bytes: [UInt8])], defaultTimeZone: String)
    throws(ImportError) -> [ImportBatch]
  {
    var contents: [ReporterFileContent] = []
    for file in files {
      contents.append(try read(file.bytes, path: file.path, defaultTimeZone: defaultTimeZone))
    }
    return ReporterQuestionAssembly.batches(&contents)
  }

  /// The file's content when it is a Reporter JSON export, nil when it is not; the JSON is
  /// parsed once for both questions.
  static func readIfRecognized(_ bytes: [UInt8], path: String, defaultTimeZone: String)
    -> ReporterFileContent?
  {
    try? read(bytes, path: path, defaultTimeZone: defaultTimeZone)
  }

  private static func read(_ bytes: [UInt8], path: String, defaultTimeZone: String)
    throws(ImportError) -> ReporterFileContent
  {
    let (snapshots, questionValues) = try container(bytes, path: path)
    var problems: [ImportProblem] = []
    var skipped = 0
    var listed: [ReporterListedQuestion]?
    if let questionValues {
      let list = ReporterQuestionList.read(questionValues, path: path, problems: &problems)
      listed = list.questions
      skipped += list.skipped
    }
    var reader = ReporterSnapshotReader(path: path, defaultTimeZone: defaultTimeZone)
    var reports: [Report] = []
    reports.reserveCapacity(snapshots.count)
    var seenIDs = Set<String>()
    for (index, value) in snapshots.enumerated() {
      guard let report = reader.report(value, record: index + 1) else {
        skipped += 1
        continue
      }
      // Two snapshots with one ID (or, without IDs, one instant) would be one report twice.
      guard seenIDs.insert(report.id).inserted else {
        skipped += 1
        reader.problems.append(
          ImportProblem(
            file: path, record: index + 1, id: report.id, field: "uniqueIdentifier",
            reason: "the snapshot repeats an earlier one"))
        continue
      }
      reports.append(report)
    }
    problems += reader.problems
    return ReporterFileContent(
      path: path, listed: listed, reports: reports, problems: problems, skipped: skipped,
      zonelessDates: reader.zonelessDates)
  }

  /// The file's snapshots and questions, or why the file as a whole is not a Reporter export.
  static func container(_ bytes: [UInt8], path: String) throws(ImportError)
    -> (snapshots: [JSONNode], questions: [JSONNode]?)
  {
    func refuse(_ reason: String) -> ImportError {
      ImportError(.unrecognized, file: path, reason: reason)
    }
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
    guard body.contains(where: { !(0x20 == $0 || 0x09 == $0 || 0x0A == $0 || 0x0D == $0) }) else {
      throw refuse("the file is empty")
    }
    let document: JSONDocument
    do {
      document = try JSONParser.parse(bytes)
    } catch {
      // The parser stops at the first fault; a file that is not UTF-8 anywhere says so first.
      guard String(validating: body, as: UTF8.self) != nil else {
        throw refuse("not a Reporter JSON export: the file is not UTF-8 text")
      }
      throw refuse("not a Reporter JSON export: the file is not valid JSON")
    }
    guard let object = document.root.object else {
      throw refuse("not a Reporter JSON export: the top level is not an object")
    }
    guard object["schemaVersion"] == nil else {
      throw refuse("not a Reporter JSON export: it has 'schemaVersion' (a Dispatch file)")
    }
    if object["snapshots"] != nil {
      return (try list(object, "snapshots", refuse) ?? [], try list(object, "questions", refuse))
    }
    // The courtesy wrapper some scripts write (docs/formats/reporter.md#files-and-containers):
    // concatenate its parts.
    guard let parts = object["reports"]?.array, !parts.isEmpty,
      parts.allSatisfy({ $0.object?["snapshots"] != nil })
    else { throw refuse("not a Reporter JSON export: there is no 'snapshots' array") }
    var snapshots: [JSONNode] = []
    var questions: [JSONNode]?
    for part in parts.compactMap(\.object) {
      snapshots += try list(part, "snapshots", refuse) ?? []
      if let more = try list(part, "questions", refuse) { questions = (questions ?? []) + more }
    }
    return (snapshots, questions)
  }

  private static func list(
    _ object: JSONObject, _ key: String, _ refuse: (String) -> ImportError
  ) throws(ImportError) -> [JSONNode]? {
    guard let raw = object[key], !raw.isNull else { return nil }
    guard let values = raw.array else {
      throw refuse("not a Reporter JSON export: '\(key)' is not an array")
    }
    return values
  }
}
