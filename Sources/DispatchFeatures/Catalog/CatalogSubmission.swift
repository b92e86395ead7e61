import DispatchCore
import DispatchSupport

/// A set a user submits for the catalog, as written by `dispatch catalog submit` and read by
/// `dispatch-mod` (docs/catalog.md).
public struct CatalogSubmission: Sendable, Equatable {
  /// The `kind` member that marks a submission file.
  public static let kind = "dispatch-catalog-submission"

  /// A lowercase UUID; `dispatch-mod approve` names it (or a unique prefix).
  public var id: String
  public var submittedAt: Instant
  /// An anonymous ID of the submitting store, so moderators can spot floods; not the user.
  public var submitter: String
  public var set: CatalogSet

  public init(id: String, submittedAt: Instant, submitter: String, set: CatalogSet) {
    self.id = id
    self.submittedAt = submittedAt
    self.submitter = submitter
    self.set = set
  }

  /// Reads and validates a submission file.
  ///
  /// - Throws: ``CatalogError`` (`.invalid`) naming `file` and every problem.
  public static func parse(_ bytes: [UInt8], file: String) throws(CatalogError)
    -> CatalogSubmission
  {
    let root = try CatalogReader.root(bytes, file: file, what: "a catalog submission")
    var reader = FieldReader(root)
    let kind = reader.string("kind")
    if let kind, kind != Self.kind {
      throw CatalogError(
        .invalid, "\(file): not a catalog submission: 'kind' is '\(kind)', not '\(Self.kind)'")
    }
    let format = reader.int("formatVersion")
    if let format, format > CatalogIndex.currentFormatVersion {
      throw CatalogError(
        .invalid, "\(file): format version \(format) is newer than this Dispatch reads")
    }
    let id = reader.string("id")
    let submittedAt = reader.date("submittedAt")
    let submitter = reader.string("submitter")
    var problems = reader.problems
    var set: CatalogSet?
    if !root.has("set") {
      problems.append(CatalogProblem(field: "set", reason: "missing required key"))
    } else if let object = try? root.optionalObject("set") {
      set = CatalogReader.set(object, position: nil, problems: &problems)
    } else {
      problems.append(CatalogProblem(field: "set", reason: "expected an object"))
    }
    if let id, CatalogText.trimmed(id).isEmpty {
      problems.append(CatalogProblem(field: "id", reason: "the id is empty"))
    }
    guard problems.isEmpty, let id, let submittedAt, let submitter, let set else {
      throw CatalogError.invalid(file, problems)
    }
    return CatalogSubmission(
      id: CatalogText.trimmed(id), submittedAt: submittedAt, submitter: submitter, set: set)
  }

  /// The file's JSON.
  public var jsonValue: JSONValue {
    var object = JSONObjectBuilder()
    object.set("kind", Self.kind)
    object.set("formatVersion", CatalogIndex.currentFormatVersion)
    object.set("id", id)
    object.set("submittedAt", submittedAt.iso8601)
    object.set("submitter", submitter)
    object.set("set", set.jsonValue)
    return object.value
  }

  /// The file's text.
  public var jsonText: String { CatalogJSON.text(jsonValue) }
}

/// A report that a published set is wrong or abusive, as `dispatch catalog flag` writes it.
public struct CatalogFlag: Sendable, Equatable {
  public static let kind = "dispatch-catalog-flag"

  public var id: String
  public var setID: String
  /// The set's version when it was flagged.
  public var setVersion: Int
  /// Where the set was found: `built-in`, a path or a URL.
  public var origin: String
  /// Why (1–500 characters, docs/catalog.md#validation).
  public var reason: String
  public var flaggedAt: Instant
  public var submitter: String

  public init(
    id: String, setID: String, setVersion: Int, origin: String, reason: String,
    flaggedAt: Instant, submitter: String
  ) {
    self.id = id
    self.setID = setID
    self.setVersion = setVersion
    self.origin = origin
    self.reason = reason
    self.flaggedAt = flaggedAt
    self.submitter = submitter
  }

  /// Reads a flag file.
  public static func parse(_ bytes: [UInt8], file: String) throws(CatalogError) -> CatalogFlag {
    let root = try CatalogReader.root(bytes, file: file, what: "a catalog flag")
    var reader = FieldReader(root)
    if let kind = reader.string("kind"), kind != Self.kind {
      throw CatalogError(.invalid, "\(file): not a catalog flag: 'kind' is '\(kind)'")
    }
    let id = reader.string("id")
    let setID = reader.string("setID")
    let setVersion = reader.optionalInt("setVersion") ?? 1
    let origin = reader.optionalString("origin") ?? ""
    let reason = reader.string("reason")
    let flaggedAt = reader.date("flaggedAt")
    let submitter = reader.optionalString("submitter") ?? ""
    var problems = reader.problems
    if let reason { problems += CatalogValidation.reasonProblems(reason) }
    guard problems.isEmpty, let id, let setID, let reason, let flaggedAt else {
      throw CatalogError.invalid(file, problems)
    }
    return CatalogFlag(
      id: id, setID: setID, setVersion: setVersion, origin: origin,
      reason: CatalogText.trimmed(reason), flaggedAt: flaggedAt, submitter: submitter)
  }

  public var jsonValue: JSONValue {
    var object = JSONObjectBuilder()
    object.set("kind", Self.kind)
    object.set("formatVersion", CatalogIndex.currentFormatVersion)
    object.set("id", id)
    object.set("setID", setID)
    object.set("setVersion", setVersion)
    object.set("origin", origin)
    object.set("reason", reason)
    object.set("flaggedAt", flaggedAt.iso8601)
    object.set("submitter", submitter)
    return object.value
  }

  public var jsonText: String { CatalogJSON.text(jsonValue) }
}
