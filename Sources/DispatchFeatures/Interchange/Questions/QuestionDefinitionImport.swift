import DispatchCore
import DispatchStorage
import DispatchSupport
import Foundation

/// Reads question-definition files, JSON or CSV (docs/formats/exports.md#question-definitions),
/// into an ``ImportBatch`` of questions only.
///
/// Each row is validated as Dispatch's `CatalogValidation` does (docs/catalog.md#validation), with
/// every error of a row in one problem; a row whose normalized prompt
/// (docs/catalog.md#prompt-identity) repeats an earlier row's is a `duplicateWithinImport` problem.
/// Dispatch gives imported questions new random UUIDs; ours are UUIDv5 of the normalized prompt, so
/// importing the same file twice adds nothing (docs/formats/exports.md#question-definitions).
/// Duplicates of stored questions are left to the merge.
public enum QuestionDefinitionImport {
  /// Whether the bytes are `{"questions":[…]}` (and no Reporter or v2 export, which also
  /// have `questions`) or a bare array of objects with `prompt` and `type`.
  public static func recognizesJSON(_ bytes: [UInt8]) -> Bool {
    guard let first = V2Fields.firstSignificantByte(bytes),
      first == UInt8(ascii: "{") || first == UInt8(ascii: "["),
      let json = V2Fields.parse(bytes)
    else { return false }
    if let items = json.array {
      guard let entry = items.first?.object else { return false }
      return entry["prompt"]?.string != nil && entry["type"]?.string != nil
    }
    guard let root = json.object, root["questions"]?.array != nil else { return false }
    return !["schemaVersion", "snapshots", "reports"].contains { root[$0] != nil }
  }

  /// Whether the CSV header starts with `prompt` and has a `type` column
  /// (docs/formats/exports.md#question-definitions).
  public static func recognizesCSV(_ bytes: [UInt8]) -> Bool {
    let head = Array(bytes.prefix(4096).split(separator: UInt8(ascii: "\n")).first ?? [])
    guard let header = try? CSVReader.records(head).first else { return false }
    return header.first == "prompt" && header.contains("type")
  }

  /// Parses `{"questions":[…]}` or a bare array.
  ///
  /// - Throws: ``ImportError`` `.unrecognized` when the file is not JSON of either shape.
  public static func parseJSON(_ bytes: [UInt8], path: String) throws(ImportError) -> ImportBatch {
    let json = V2Fields.parse(bytes)
    var items: [JSONNode]
    if let array = json?.array {
      items = array
    } else if let root = V2Fields(json), let array = try? root.optionalArray("questions") {
      items = array
    } else {
      throw ImportError(
        .unrecognized, file: path,
        reason: "not a question-definition file: expected {\"questions\":[…]} or an array")
    }
    let rows = items.enumerated().map { index, item in
      (
        record: index + 1,
        entry: Result { () throws(V2RecordError) -> QuestionDefinition in
          guard let object = V2Fields(item) else {
            throw V2RecordError(field: nil, reason: "expected an object")
          }
          return try QuestionDefinition(json: object)
        }
      )
    }
    return assemble(rows, path: path, format: .questionsJSON)
  }

  /// Parses the CSV layout of docs/formats/exports.md#question-definitions; for a repeated header
  /// name the first column wins.
  ///
  /// - Throws: ``ImportError`` `.unrecognized` when the bytes are not CSV or lack the `prompt`
  ///   or `type` column.
  public static func parseCSV(_ bytes: [UInt8], path: String) throws(ImportError) -> ImportBatch {
    let table: CSVReader.Table
    do {
      table = try CSVReader.read(bytes)
    } catch {
      throw ImportError(.unrecognized, file: path, reason: "not a question CSV: \(error)")
    }
    var columns: [String: Int] = [:]
    for (index, name) in table.header.enumerated() where columns[name] == nil {
      columns[name] = index
    }
    guard columns["prompt"] != nil, columns["type"] != nil else {
      throw ImportError(
        .unrecognized, file: path, reason: "not a question CSV: no 'prompt' and 'type' columns")
    }
    let rows = table.rows.map { row in
      (
        record: row.number,
        entry: Result { () throws(V2RecordError) -> QuestionDefinition in
          guard row.fields.count == table.header.count else {
            throw V2RecordError(
              field: nil,
              reason: "expected \(table.header.count) fields, found \(row.fields.count)")
          }
          return try QuestionDefinition(cells: row.fields, columns: columns)
        }
      )
    }
    return assemble(rows, path: path, format: .questionsCSV)
  }

  /// Dispatch's `CatalogDedupe.normalizedPrompt` (docs/catalog.md#prompt-identity); see
  /// ``CatalogDedupe``.
  public static func normalizedPrompt(_ prompt: String) -> String {
    CatalogDedupe.normalizedPrompt(prompt)
  }

  private static func assemble(
    _ rows: [(record: Int, entry: Result<QuestionDefinition, V2RecordError>)], path: String,
    format: ImportFormat
  ) -> ImportBatch {
    var batch = ImportBatch(path: path, format: format)
    var firstRecord: [String: Int] = [:]
    for row in rows {
      func skip(_ field: String?, _ reason: String) {
        batch.skipped += 1
        batch.problems.append(
          ImportProblem(file: path, record: row.record, field: field, reason: reason))
      }
      let definition: QuestionDefinition
      switch row.entry {
      case .failure(let error):
        skip(error.field, error.reason)
        continue
      case .success(let value):
        definition = value
      }
      let normalized = normalizedPrompt(definition.prompt)
      let question: Question
      switch definition.question(id: ImportIdentity.make("questions|" + normalized)) {
      case .failure(let error):
        skip(nil, error.reason)
        continue
      case .success(let value):
        question = value
      }
      if let earlier = firstRecord[normalized] {
        skip("prompt", "duplicate within import: the same prompt as record \(earlier)")
        continue
      }
      firstRecord[normalized] = row.record
      batch.questions.append(
        ImportedQuestion(question: question, hasSourceID: false, typeSource: .stated))
    }
    return batch
  }
}
