import DispatchCore
import DispatchStorage
import DispatchSupport

/// The stamps of a report's fields (``ReportFields``) that differ from the stamp of the change
/// or record they belong to (docs/sync.md#answers): fields an edit left as they were, and
/// answers removed. A report filed once has none, so it costs its change nothing.
public struct ReportFieldStamps: Sendable, Equatable {
  /// Fields last changed before the record's stamp.
  public var older: [String: SyncStamp] = [:]
  /// Answers removed, and when: a removal is a change of its field like any other.
  public var cleared: [String: SyncStamp] = [:]

  public init(older: [String: SyncStamp] = [:], cleared: [String: SyncStamp] = [:]) {
    self.older = older
    self.cleared = cleared
  }

  public var isEmpty: Bool { older.isEmpty && cleared.isEmpty }

  /// `{"older": {"field": "stamp"}, "cleared": {…}}`, fields sorted, empty members left out.
  var members: [(String, JSONValue)] {
    func stamps(_ map: [String: SyncStamp]) -> JSONValue {
      .object(map.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value.description)) })
    }
    var members: [(String, JSONValue)] = []
    if !older.isEmpty { members.append(("older", stamps(older))) }
    if !cleared.isEmpty { members.append(("cleared", stamps(cleared))) }
    return members
  }

  /// ``members`` as the store keeps them beside a record's stamp; nil when there are none.
  var storedText: String? {
    isEmpty ? nil : JSONWriter.string(.object(members), style: .compact)
  }

  /// The stamps an object written by ``members`` holds.
  ///
  /// - Throws: ``SyncChangeError`` for a member that is not an object of stamps.
  init(_ object: JSONObject) throws(SyncChangeError) {
    func stamps(_ name: String) throws(SyncChangeError) -> [String: SyncStamp] {
      guard let node = object[name] else { return [:] }
      guard let members = node.object?.members else {
        throw SyncChangeError("fields.\(name) is not an object")
      }
      var map: [String: SyncStamp] = [:]
      for (field, value) in members {
        guard let stamp = value.string.flatMap(SyncStamp.init(text:)) else {
          throw SyncChangeError("fields.\(name).\(field) is not a stamp")
        }
        map[field] = stamp
      }
      return map
    }
    self.init(older: try stamps("older"), cleared: try stamps("cleared"))
  }
}

extension SyncChange {
  /// A report as a change carries it: Dispatch's JSON export of it, plus the UTC offset it was
  /// filed at (the export names the zone, whose offset a past date may not have had).
  ///
  /// IDs a receiver derives again (``AnswerIdentifiers``: those of a report filed by Dispatch)
  /// are written empty, so the report's own ID is its only random one on the line.
  static func reportJSON(_ report: Report) -> JSONValue {
    let left = leavingDerivedIDs(report)
    guard case .object(var record) = V2Exporter.reportValue(left ?? report) else {
      preconditionFailure("a report is a JSON object")
    }
    record.append(("utcOffsetSeconds", .int(Int64(report.utcOffsetSeconds))))
    if left != nil { record.append(("derivedIDs", .bool(true))) }
    return .object(record)
  }

  /// The report `node` holds, as ``reportJSON(_:)`` writes it.
  ///
  /// - Throws: ``SyncChangeError`` naming what is wrong.
  static func report(_ node: JSONNode?) throws(SyncChangeError) -> Report {
    guard let fields = V2Fields(node) else { throw SyncChangeError("no record") }
    var notes: V2Notes = []
    var report: Report
    do {
      report = try V2RecordReader.report(fields, notes: &notes)
    } catch {
      throw SyncChangeError("record: \(error.field.map { $0 + ": " } ?? "")\(error.reason)")
    }
    if let offset = node?.object?["utcOffsetSeconds"]?.int {
      report.utcOffsetSeconds = offset
    }
    return node?.object?["derivedIDs"]?.bool == true ? withDerivedIDs(report) : report
  }

  /// `report` with the IDs of its answers, tokens and notes emptied where they are the ones
  /// ``AnswerIdentifiers`` derives; nil for a report whose first answer's ID is not derived
  /// (imported with its own IDs: checked first, so a long import's segment pays one hash per
  /// report), or that has an empty ID or two answers that would derive the same (an old
  /// import's), which could not be told apart again.
  static func leavingDerivedIDs(_ report: Report) -> Report? {
    guard let first = report.responses.first,
      first.id == AnswerIdentifiers.response(of: first, inReport: report.id)
    else { return nil }
    let derived = report.responses.map { AnswerIdentifiers.response(of: $0, inReport: report.id) }
    let ids = report.responses.flatMap { response in
      [response.id] + (response.tokens ?? []).map(\.id) + (response.notes ?? []).map(\.id)
    }
    guard Set(derived).count == derived.count, !ids.contains("") else { return nil }
    var left = report
    left.responses = zip(report.responses, derived).map { response, derivedID in
      var emptied = AnswerIdentifiers.mappingValueIDs(response) { id, derived in
        id == derived ? "" : id
      }
      if response.id == derivedID { emptied.id = "" }
      return emptied
    }
    return left
  }

  /// `report` with the IDs ``leavingDerivedIDs(_:)`` emptied derived again, its answers
  /// sorted by ID as the export writes them.
  static func withDerivedIDs(_ report: Report) -> Report {
    var report = report
    report.responses = report.responses.map { response in
      var response = response
      if response.id.isEmpty {
        response.id = AnswerIdentifiers.response(of: response, inReport: report.id)
      }
      return AnswerIdentifiers.mappingValueIDs(response) { id, derived in
        id.isEmpty ? derived : id
      }
    }
    report.responses.sort { $0.id < $1.id }
    return report
  }
}
