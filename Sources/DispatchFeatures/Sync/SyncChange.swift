import DispatchCore
import DispatchStorage
import DispatchSupport

/// One change in a segment (docs/sync.md#changes): a record's full content under its stamp,
/// or its deletion. Reports carry the shape of Dispatch's JSON export, plus the UTC offset they
/// were filed at (the export names the zone, whose offset a past date may not have had); the
/// other kinds carry their row's columns by name.
public struct SyncChange: Sendable, Equatable {
  public let stamp: SyncStamp
  public let kind: String
  public let id: String
  /// The record; nil for a deletion.
  public let record: Record?
  /// For a deletion: the record this one was merged into (two devices made one record under
  /// one name), which takes the records that name this one.
  public let mergedInto: String?

  /// A change's content.
  public enum Record: Sendable, Equatable {
    case report(Report)
    /// Another kind's row: its columns by name, and the rows it owns as arrays.
    case row(JSONValue)
  }

  /// The kinds a change may have: reports, then the others in the order they apply.
  public static let kinds = ["report"] + StoreTransaction.syncedKinds

  public init(
    stamp: SyncStamp, kind: String, id: String, record: Record?, mergedInto: String? = nil
  ) {
    self.stamp = stamp
    self.kind = kind
    self.id = id
    self.record = record
    self.mergedInto = record == nil ? mergedInto : nil
  }

  /// A report's change: the report, or its deletion.
  public init(stamp: SyncStamp, id: String, report: Report?) {
    self.init(stamp: stamp, kind: "report", id: id, record: report.map(Record.report))
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
      guard case .object(var record) = V2Exporter.reportValue(report) else {
        preconditionFailure("a report is a JSON object")
      }
      record.append(("utcOffsetSeconds", .int(Int64(report.utcOffsetSeconds))))
      fields.append(("record", .object(record)))
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
      guard let fields = V2Fields(object["record"]) else { throw SyncChangeError("no record") }
      var notes: V2Notes = []
      var report: Report
      do {
        report = try V2RecordReader.report(fields, notes: &notes)
      } catch {
        throw SyncChangeError("record: \(error.field.map { $0 + ": " } ?? "")\(error.reason)")
      }
      guard report.id == id else { throw SyncChangeError("the record's id is not the change's") }
      if let offset = object["record"]?.object?["utcOffsetSeconds"]?.int {
        report.utcOffsetSeconds = offset
      }
      self.init(stamp: stamp, id: id, report: report)
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
