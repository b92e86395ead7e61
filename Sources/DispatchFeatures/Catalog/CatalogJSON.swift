import DispatchCore
import DispatchSupport

/// The JSON shapes of the catalog (docs/catalog.md): reading with every problem collected,
/// writing in a fixed key order with two-space indents and a final newline.
extension CatalogIndex {
  /// Reads and validates an index file.
  ///
  /// - Throws: ``CatalogError`` (`.invalid`) naming `file` and every problem: broken JSON,
  ///   wrong types, unknown question types, rule violations (docs/catalog.md#validation), duplicate
  ///   prompts within a set (docs/catalog.md#the-index-format), fingerprints that do not match, set
  ///   IDs used twice.
  public static func parse(_ bytes: [UInt8], file: String) throws(CatalogError) -> CatalogIndex {
    let root = try CatalogReader.root(bytes, file: file, what: "a catalog index")
    var reader = FieldReader(root)
    let format = reader.int("formatVersion")
    if let format, format > currentFormatVersion {
      throw CatalogError(
        .invalid,
        "\(file): format version \(format) is newer than this Dispatch reads "
          + "(\(currentFormatVersion)); update Dispatch")
    }
    if let format, format < 1 {
      reader.problems.append(
        CatalogProblem(field: "formatVersion", reason: "the format version must be 1 or more"))
    }
    let version = reader.int("version")
    let generatedAt = reader.date("generatedAt")
    let items = reader.array("sets", required: true)
    var problems = reader.problems
    var sets: [CatalogSet] = []
    for (offset, item) in (items ?? []).enumerated() {
      guard let object = V2Fields(item) else {
        problems.append(CatalogProblem(set: "#\(offset + 1)", reason: "expected an object"))
        continue
      }
      if let set = CatalogReader.set(object, position: offset + 1, problems: &problems) {
        sets.append(set)
      }
    }
    var seen: [String: Int] = [:]
    for (offset, set) in sets.enumerated() {
      if let earlier = seen[set.id] {
        problems.append(
          CatalogProblem(
            set: set.label, field: "id", reason: "the id is also used by set #\(earlier)"))
      } else {
        seen[set.id] = offset + 1
      }
    }
    guard problems.isEmpty, let format, let version, let generatedAt else {
      throw CatalogError.invalid(file, problems)
    }
    return CatalogIndex(
      formatVersion: format, version: version, generatedAt: generatedAt, sets: sets)
  }

  /// The index as JSON: `formatVersion`, `version`, `generatedAt`, `sets`.
  public var jsonValue: JSONValue {
    var object = JSONObjectBuilder()
    object.set("formatVersion", formatVersion)
    object.set("version", version)
    object.set("generatedAt", generatedAt.iso8601)
    object.set("sets", .array(sets.map(\.jsonValue)))
    return object.value
  }

  /// The file's text.
  public var jsonText: String { CatalogJSON.text(jsonValue) }
}

extension CatalogSet {
  /// Reads and validates a file holding one set (what `dispatch catalog submit FILE` takes).
  public static func parse(_ bytes: [UInt8], file: String) throws(CatalogError) -> CatalogSet {
    let root = try CatalogReader.root(bytes, file: file, what: "a question set")
    var problems: [CatalogProblem] = []
    let set = CatalogReader.set(root, position: nil, problems: &problems)
    guard problems.isEmpty, let set else { throw CatalogError.invalid(file, problems) }
    return set
  }

  /// The set as JSON, optional members left out when unset.
  public var jsonValue: JSONValue {
    var object = JSONObjectBuilder()
    object.set("id", id)
    object.set("title", title)
    object.set("summary", summary)
    object.set("tags", .array(tags.map(JSONValue.string)))
    object.set("credit", credit)
    object.set("language", language)
    object.set("version", version)
    object.set("approvedAt", approvedAt?.iso8601)
    object.set("questions", .array(questions.map(\.jsonValue)))
    return object.value
  }

  /// The text of a set file.
  public var jsonText: String { CatalogJSON.text(jsonValue) }
}

extension CatalogQuestion {
  /// The question in the seed shape (docs/catalog.md#the-index-format) with its
  /// `promptFingerprint`.
  public var jsonValue: JSONValue {
    var object = JSONObjectBuilder()
    object.set("prompt", prompt)
    object.set("type", type.caseName)
    if !choices.isEmpty { object.set("choices", .array(choices.map(JSONValue.string))) }
    if !tags.isEmpty { object.set("tags", .array(tags.map(JSONValue.string))) }
    object.set("credit", credit)
    object.set("inputStyle", inputStyle?.rawValue)
    object.set("defaultAnswer", defaultAnswer)
    object.set("placeholder", placeholder)
    object.set("inputMin", inputMin)
    object.set("inputMax", inputMax)
    object.set("inputStep", inputStep)
    object.set("promptFingerprint", promptFingerprint)
    return object.value
  }
}

/// How catalog files are written.
enum CatalogJSON {
  /// Pretty-printed, keys in the order built, with a final newline.
  static func text(_ value: JSONValue) -> String {
    JSONWriter.string(value, style: .pretty) + "\n"
  }
}
