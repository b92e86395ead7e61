import DispatchCore
import DispatchSupport

/// One change in a segment (docs/sync.md#changes): a record's full content under its stamp,
/// or its deletion. Reports carry the shape of Dispatch's JSON export, plus the UTC offset they
/// were filed at (the export names the zone, whose offset a past date may not have had).
public struct SyncChange: Sendable, Equatable {
  public let stamp: SyncStamp
  public let kind: String
  public let id: String
  /// The record; nil for a deletion.
  public let report: Report?

  public init(stamp: SyncStamp, kind: String = "report", id: String, report: Report?) {
    self.stamp = stamp
    self.kind = kind
    self.id = id
    self.report = report
  }

  /// The segment's format; a segment of a later one is left for a later Dispatch.
  public static let formatVersion = 1

  /// The change as one line of JSON (without the newline).
  public var line: String {
    var fields: [(String, JSONValue)] = [
      ("v", .int(Int64(Self.formatVersion))), ("stamp", .string(stamp.description)),
      ("kind", .string(kind)), ("id", .string(id)),
      ("op", .string(report == nil ? "delete" : "put")),
    ]
    if let report {
      guard case .object(var record) = V2Exporter.reportValue(report) else {
        preconditionFailure("a report is a JSON object")
      }
      record.append(("utcOffsetSeconds", .int(Int64(report.utcOffsetSeconds))))
      fields.append(("record", .object(record)))
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
    guard let kind = object["kind"]?.string, kind == "report" else {
      throw SyncChangeError("kind '\(object["kind"]?.string ?? "")' is not one this version merges")
    }
    guard let id = object["id"]?.string, !id.isEmpty else { throw SyncChangeError("no id") }
    switch object["op"]?.string {
    case "delete":
      self.init(stamp: stamp, kind: kind, id: id, report: nil)
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
      self.init(stamp: stamp, kind: kind, id: id, report: report)
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
