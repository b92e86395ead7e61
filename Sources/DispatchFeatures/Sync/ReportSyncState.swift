import DispatchCore
import DispatchStorage
import DispatchSupport

/// A report as sync merges it (docs/sync.md#answers): whether it exists, by the stamp of its
/// last put or deletion, and its content with each field's stamp (``ReportFields``). Two states
/// join field by field, the later stamp winning each, so joining any states in any order, any
/// number of times, gives one result.
///
/// A deleted report keeps its last content, hidden: a device that edits it before hearing of
/// the deletion brings it back (the edit is later), and then every device must bring back the
/// same report, however the edit, the deletion and older edits reached it.
struct ReportSyncState: Equatable {
  /// The stamp of the last put or deletion, the latest of the record's.
  var stamp: SyncStamp
  var isDeleted: Bool
  /// The content, hidden when deleted; nil when no content is known (a deletion alone).
  var report: Report?
  /// Each field of ``report`` (its base included) with its stamp.
  var fields: [String: SyncStamp] = [:]
  /// Answers removed, with when.
  var cleared: [String: SyncStamp] = [:]

  /// The stamp of a record that has none: a report filed here before sync stamped it.
  static let unstamped = SyncStamp(milliseconds: 0, counter: 0, device: "")

  /// The state a change carries.
  init(_ change: SyncChange) {
    guard let report = change.report else {
      self.init(stamp: change.stamp, isDeleted: true)
      return
    }
    self.init(report, stamp: change.stamp, older: change.fieldStamps)
  }

  /// `report` put at `stamp`, its fields at `older`'s stamps where it has one. Its responses
  /// are sorted by ID, as a change carries them, so states compare by content alone.
  init(_ report: Report, stamp: SyncStamp, older: ReportFieldStamps, isDeleted: Bool = false) {
    self.stamp = stamp
    self.isDeleted = isDeleted
    var report = report
    report.responses.sort { $0.id < $1.id }
    self.report = report
    fields[ReportFields.base] = older.older[ReportFields.base] ?? stamp
    for (key, _) in ReportFields.keyed(report) {
      fields[key] = older.older[key] ?? stamp
    }
    cleared = older.cleared
  }

  /// A record as this store holds it: its stamp and field stamps, and its report as stored (or
  /// the content kept when it was deleted here). Nil when the store knows nothing of it.
  ///
  /// - Throws: ``SyncChangeError`` when the kept fields cannot be read.
  init?(stored record: SyncRecordStamp?, report stored: Report?) throws(SyncChangeError) {
    guard let record else {
      guard let stored else { return nil }
      self.init(stored, stamp: Self.unstamped, older: ReportFieldStamps())
      return
    }
    var older = ReportFieldStamps()
    var kept: Report?
    if let text = record.fields {
      guard let object = try? JSONParser.parse(Array(text.utf8)).root.object else {
        throw SyncChangeError("the kept fields are not a JSON object")
      }
      older = try ReportFieldStamps(object)
      if let node = object["record"] { kept = try SyncChange.report(node) }
    }
    guard let report = stored ?? kept else {
      self.init(stamp: record.stamp, isDeleted: record.isDeleted)
      cleared = older.cleared
      return
    }
    self.init(report, stamp: record.stamp, older: older, isDeleted: record.isDeleted)
  }

  /// The state a change made here writes: `report` (nil: deleted) at `stamp`, with `changed`
  /// fields (nil: all) taking the stamp and the others keeping `prior`'s.
  static func written(
    _ report: Report?, stamp: SyncStamp, changed: Set<String>?, prior: ReportSyncState?
  ) -> ReportSyncState {
    guard let report else {
      var deleted = prior ?? ReportSyncState(stamp: stamp, isDeleted: true)
      deleted.stamp = stamp
      deleted.isDeleted = true
      return deleted
    }
    var state = ReportSyncState(report, stamp: stamp, older: ReportFieldStamps())
    for key in state.fields.keys where changed?.contains(key) == false {
      state.fields[key] = prior?.fields[key] ?? stamp
    }
    state.cleared = (prior?.cleared ?? [:]).filter { state.fields[$0.key] == nil }
    for key in changed ?? [] where state.fields[key] == nil {
      state.cleared[key] = stamp
    }
    return state
  }

  private init(stamp: SyncStamp, isDeleted: Bool) {
    self.stamp = stamp
    self.isDeleted = isDeleted
  }

  /// The stamps of fields that differ from ``stamp``, as a change or the store keeps them.
  var older: ReportFieldStamps {
    ReportFieldStamps(older: fields.filter { $0.value != stamp }, cleared: cleared)
  }

  /// What the store keeps beside the stamp: the older fields' stamps, and a deleted report's
  /// content. Nil when there is neither.
  var storedFields: String? {
    var members = older.members
    if isDeleted, let report { members.append(("record", SyncChange.reportJSON(report))) }
    guard !members.isEmpty else { return nil }
    return JSONWriter.string(.object(members), style: .compact)
  }

  /// The two states joined: existence from the later stamp, each field from the side that
  /// changed it later. Responses come sorted by ID, as a change carries them.
  func joined(with other: ReportSyncState) -> ReportSyncState {
    var result = stamp >= other.stamp ? self : other
    result.stamp = max(stamp, other.stamp)
    // A side without content (a deletion alone) has no fields, only the answers it knew were
    // removed: it stands on the other's content, and loses every field it has no stamp for.
    guard let mine = report ?? other.report, let theirs = other.report ?? report else {
      result.cleared = cleared.merging(other.cleared, uniquingKeysWith: max)
      return result
    }
    // Whether this side changed `key` last (on a tie the change is the same one).
    func isMine(_ key: String) -> Bool {
      guard let a = fields[key] ?? cleared[key] else { return false }
      guard let b = other.fields[key] ?? other.cleared[key] else { return true }
      return a >= b
    }
    let answers = [mine, theirs].map {
      ReportFields.keyed($0).reduce(into: [String: Response]()) { $0[$1.key] = $1.response }
    }
    let keys = Set(fields.keys).union(cleared.keys).union(other.fields.keys)
      .union(other.cleared.keys).subtracting([ReportFields.base])
    var responses: [Response] = []
    result.fields = [:]
    result.cleared = [:]
    for key in keys {
      let side = isMine(key) ? self : other
      if let stamp = side.fields[key], let response = answers[isMine(key) ? 0 : 1][key] {
        result.fields[key] = stamp
        responses.append(response)
      } else if let stamp = side.cleared[key] {
        result.cleared[key] = stamp
      }
    }
    let base = isMine(ReportFields.base) ? self : other
    result.fields[ReportFields.base] = base.fields[ReportFields.base]
    var report = isMine(ReportFields.base) ? mine : theirs
    report.responses = responses.sorted { $0.id < $1.id }
    result.report = report
    return result
  }
}
