import DispatchCore
import DispatchStorage
import DispatchSupport

/// Reads a Dispatch v2 JSON export (`schemaVersion` 2,
/// docs/formats/dispatch-v2.md#the-dispatch-v2-json-format) into an ``ImportBatch``.
///
/// Unlike Dispatch, which decodes the whole file strictly, this reader is lenient per record
/// (docs/formats/dispatch-v2.md#importing): a record that cannot be read is skipped and recorded as
/// an ``ImportProblem`` with its 1-based position in its array; missing `questions` or `reports`
/// keys read as empty; unknown `kind` and `reportKinds` values are kept raw. Legacy
/// `default-question-N` IDs are mapped on questions, responses and groups
/// (docs/formats/dispatch-v2.md#default-questions).
public enum V2Import {
  /// Whether the bytes are a JSON object with a top-level `schemaVersion`
  /// (docs/formats/dispatch-v2.md#importing).
  public static func recognizes(_ bytes: [UInt8]) -> Bool {
    // A cheap look before parsing: v2 files are JSON objects naming the key somewhere.
    guard V2Fields.firstSignificantByte(bytes) == UInt8(ascii: "{"),
      containsSchemaVersionKey(bytes),
      let object = V2Fields(V2Fields.parse(bytes))
    else { return false }
    return object.has("schemaVersion")
  }

  /// Parses a v2 export.
  ///
  /// - Throws: ``ImportError`` `.unrecognized` when the file is not JSON, not an object, has no
  ///   `schemaVersion`, a version other than 2, or a top-level array of the wrong type.
  public static func parse(_ bytes: [UInt8], path: String) throws(ImportError) -> ImportBatch {
    func broken(_ reason: String) -> ImportError {
      ImportError(.unrecognized, file: path, reason: reason)
    }
    guard let json = V2Fields.parse(bytes) else {
      throw broken("not a Dispatch v2 export: not valid UTF-8 JSON")
    }
    guard let root = V2Fields(json) else {
      throw broken("not a Dispatch v2 export: the top level is not an object")
    }
    guard root.has("schemaVersion") else {
      throw broken("not a Dispatch v2 export: no schemaVersion")
    }
    guard let version = try? root.int("schemaVersion") else {
      throw broken("not a Dispatch v2 export: schemaVersion is not an integer")
    }
    guard version == 2 else { throw broken("unsupported schemaVersion \(version)") }

    var batch = ImportBatch(path: path, format: .dispatchV2)
    var reader = V2RecordReader(path: path)
    batch.questions = try reader.each("questions", in: root, broken: broken, id: \.question.id) {
      (object, notes) throws(V2RecordError) in
      ImportedQuestion(
        question: try V2RecordReader.question(object, notes: &notes), hasSourceID: true,
        typeSource: .stated)
    }
    batch.reports = try reader.each("reports", in: root, broken: broken, id: \.id) {
      (object, notes) throws(V2RecordError) in
      try V2RecordReader.report(object, notes: &notes)
    }
    batch.promptGroups = try reader.each("promptGroups", in: root, broken: broken, id: \.id) {
      (object, notes) throws(V2RecordError) in
      try V2RecordReader.promptGroup(object, notes: &notes)
    }
    batch.people = try reader.each("people", in: root, broken: broken, id: \.id) {
      (object, _) throws(V2RecordError) in
      try V2RecordReader.person(object)
    }
    batch.problems = reader.problems
    batch.skipped = reader.skipped
    return keepingVerbatim(foreignLegacyIDs(in: root), in: batch)
  }

  private static func containsSchemaVersionKey(_ bytes: [UInt8]) -> Bool {
    let key = Array("\"schemaVersion\"".utf8)
    guard bytes.count >= key.count else { return false }
    for start in 0...(bytes.count - key.count) where bytes[start] == key[0] {
      if bytes[start..<(start + key.count)].elementsEqual(key) { return true }
    }
    return false
  }
}

/// Fields of kept records that were dropped or reinterpreted, as `(field, reason)`; each
/// becomes an ``ImportProblem`` without skipping the record.
typealias V2Notes = [(field: String, reason: String)]

/// Walks the top-level arrays, turning each record's failure into a problem.
struct V2RecordReader {
  let path: String
  var problems: [ImportProblem] = []
  var skipped = 0

  init(path: String) {
    self.path = path
  }

  /// Decodes `root[key]` element by element; an absent key is an empty list
  /// (docs/formats/dispatch-v2.md#importing).
  ///
  /// Dispatch upserts by ID in file order (docs/formats/dispatch-v2.md#importing), so of two
  /// records with one ID the later wins; the earlier is counted as skipped.
  mutating func each<T>(
    _ key: String, in root: V2Fields, broken: (String) -> ImportError, id recordID: (T) -> String,
    _ decode: (V2Fields, inout V2Notes) throws(V2RecordError) -> T
  ) throws(ImportError) -> [T] {
    guard root.has(key) else { return [] }
    guard let items = try? root.optionalArray(key) else {
      throw broken("'\(key)' is not an array")
    }
    let kind = String(key.dropLast())
    var records: [T] = []
    var slots: [String: (slot: Int, record: Int)] = [:]
    for (index, item) in items.enumerated() {
      let object = V2Fields(item)
      let id = object?.values["uniqueIdentifier"]?.string
      var notes: V2Notes = []
      do throws(V2RecordError) {
        guard let object else { throw V2RecordError(field: nil, reason: "expected an object") }
        let record = try decode(object, &notes)
        if let earlier = slots[recordID(record)] {
          records[earlier.slot] = record
          skipped += 1
          problems.append(
            ImportProblem(
              file: path, record: earlier.record, id: recordID(record),
              reason: "\(kind) skipped: record \(index + 1) has the same id and replaces it"))
          slots[recordID(record)] = (earlier.slot, index + 1)
        } else {
          slots[recordID(record)] = (records.count, index + 1)
          records.append(record)
        }
        for note in notes {
          problems.append(
            ImportProblem(
              file: path, record: index + 1, id: id, field: note.field,
              reason: "\(kind): " + note.reason))
        }
      } catch {
        skipped += 1
        problems.append(
          ImportProblem(
            file: path, record: index + 1, id: id, field: error.field,
            reason: "\(kind) skipped: " + error.reason))
      }
    }
    return records
  }

  /// Maps Dispatch's legacy `default-question-N` IDs to the UUIDv5 IDs
  /// (docs/formats/dispatch-v2.md#default-questions).
  static func questionID(_ id: String) -> String {
    DefaultQuestions.id(forLegacyID: id) ?? id
  }
}
