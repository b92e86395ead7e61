import DispatchCore
import DispatchStorage
import DispatchSupport

/// One change in a segment (docs/sync.md#changes): a record's full content under its stamp,
/// or its deletion. Reports carry the shape of Dispatch's JSON export, plus the UTC offset they
/// were filed at (the export names the zone, whose offset a past date may not have had), and
/// the stamps of the fields an edit left older; the other kinds carry their row's columns by
/// name.
public struct SyncChange: Sendable, Equatable {
  public let stamp: SyncStamp
  public let kind: String
  public let id: String
  /// The record; nil for a deletion.
  public let record: Record?
  /// For a deletion: the record this one was merged into (two devices made one record under
  /// one name), which takes the records that name this one.
  public let mergedInto: String?
  /// For a put of a report: the stamps of its fields an edit left older, and of answers
  /// removed (docs/sync.md#answers); empty for a report changed whole.
  public let fieldStamps: ReportFieldStamps

  /// A change's content.
  public enum Record: Sendable, Equatable {
    case report(Report)
    /// Another kind's row: its columns by name, and the rows it owns as arrays.
    case row(JSONValue)
  }

  /// The kinds a change may have: reports, then the others in the order they apply.
  public static let kinds = ["report"] + StoreTransaction.syncedKinds

  public init(
    stamp: SyncStamp, kind: String, id: String, record: Record?, mergedInto: String? = nil,
    fieldStamps: ReportFieldStamps = ReportFieldStamps()
  ) {
    self.stamp = stamp
    self.kind = kind
    self.id = id
    self.record = record
    self.mergedInto = record == nil ? mergedInto : nil
    self.fieldStamps = record == nil ? ReportFieldStamps() : fieldStamps
  }

  /// A report's change: the report with the stamps of its older fields, or its deletion.
  public init(
    stamp: SyncStamp, id: String, report: Report?,
    fieldStamps: ReportFieldStamps = ReportFieldStamps()
  ) {
    self.init(
      stamp: stamp, kind: "report", id: id, record: report.map(Record.report),
      fieldStamps: fieldStamps)
  }

  /// The report a put of a report carries.
  public var report: Report? {
    if case .report(let report) = record { return report }
    return nil
  }

  /// The segment's format; a segment of a later one is left for a later Dispatch.
  public static let formatVersion = 1

  /// The change as one line of JSON (without the newline).
  public var line: String {
    var fields: [(String, JSONValue)] = [
      ("v", .int(Int64(Self.formatVersion))), ("stamp", .string(stamp.description)),
      ("kind", .string(kind)), ("id", .string(id)),
      ("op", .string(record == nil ? "delete" : "put")),
    ]
    switch record {
    case .report(let report):
      fields.append(("record", Self.reportJSON(report)))
      if !fieldStamps.isEmpty { fields.append(("fields", .object(fieldStamps.members))) }
    case .row(let row):
      fields.append(("record", row))
    case nil:
      if let mergedInto { fields.append(("into", .string(mergedInto))) }
    }
    return JSONWriter.string(.object(fields), style: .compact)
  }

  /// The change a line holds.
  ///
  /// - Throws: ``SyncChangeError`` naming what is wrong.
  public init(line: some Collection<UInt8>) throws(SyncChangeError) {
    guard let root = try? JSONParser.parse(Array(line)).root, let object = root.object else {
      throw SyncChangeError("not a JSON object")
    }
    guard let version = object["v"]?.int else { throw SyncChangeError("no format version") }
    guard version <= Self.formatVersion else { throw .newerFormat(version) }
    guard let text = object["stamp"]?.string, let stamp = SyncStamp(text: text) else {
      throw SyncChangeError("no stamp, or one that is not a stamp")
    }
    guard let kind = object["kind"]?.string, Self.kinds.contains(kind) else {
      // A kind a later Dispatch syncs: the segment waits for this device to catch up.
      throw SyncChangeError(
        "kind '\(object["kind"]?.string ?? "")' is not one this version merges", isNewer: true)
    }
    guard let id = object["id"]?.string, !id.isEmpty else { throw SyncChangeError("no id") }
    switch object["op"]?.string {
    case "delete":
      self.init(stamp: stamp, kind: kind, id: id, record: nil, mergedInto: object["into"]?.string)
    case "put" where kind != "report":
      guard let row = object["record"], row.object != nil else {
        throw SyncChangeError("no record")
      }
      self.init(stamp: stamp, kind: kind, id: id, record: .row(row.value))
    case "put":
      let report = try Self.report(object["record"])
      guard report.id == id else { throw SyncChangeError("the record's id is not the change's") }
      var fieldStamps = ReportFieldStamps()
      if let node = object["fields"] {
        guard let members = node.object else { throw SyncChangeError("fields is not an object") }
        fieldStamps = try ReportFieldStamps(members)
      }
      self.init(stamp: stamp, id: id, report: report, fieldStamps: fieldStamps)
    default:
      throw SyncChangeError("op must be put or delete")
    }
  }
}

/// Why a line of a segment could not be read.
public struct SyncChangeError: Error, Equatable, CustomStringConvertible {
  public let description: String
  /// The line was written by a later format.
  public let isNewer: Bool

  init(_ description: String, isNewer: Bool = false) {
    self.description = description
    self.isNewer = isNewer
  }

  static func newerFormat(_ version: Int) -> SyncChangeError {
    SyncChangeError("format \(version) is newer than this Dispatch reads", isNewer: true)
  }
}
