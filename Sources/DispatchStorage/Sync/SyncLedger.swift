import DispatchCore
import DispatchSupport

/// What a store keeps for sync (docs/sync.md): the device it is, the records changed since its
/// last segment, the stamp each record last took, and what it has merged from each other
/// device. Triggers that `sync setup` creates note every change to a report — its row or an
/// answer — from then on.
public struct SyncView: StoreView {
  package let store: DispatchStore
}

/// This device in the sync folder.
public struct SyncDevice: Sendable, Equatable {
  public let id: String
  public let name: String
  public let folder: String
  /// The sequence number the next segment gets.
  public let nextSegment: Int
  /// The latest stamp made or merged, so the clock never goes back across runs.
  public let latest: SyncStamp?
}

/// A record changed since the last segment; for a report edited field by field, the fields.
public struct PendingSyncChange: Sendable, Equatable {
  public let kind: String
  public let id: String
  /// The fields changed; nil when the record changed whole.
  public let fields: Set<String>?
}

/// A record's last stamp: a put, or a deletion kept as a tombstone.
public struct SyncRecordStamp: Sendable, Equatable {
  public let stamp: SyncStamp
  public let isDeleted: Bool
  /// For a report: the stamps of its fields that differ from ``stamp``, as JSON (nil when none
  /// do), and a deleted report's last content (docs/sync.md#answers).
  public let fields: String?

  public init(stamp: SyncStamp, isDeleted: Bool, fields: String? = nil) {
    self.stamp = stamp
    self.isDeleted = isDeleted
    self.fields = fields
  }
}

extension DispatchStore {
  /// Sync's device, queue, stamps and merge positions.
  public var sync: SyncView { SyncView(store: self) }
}

extension SyncView {
  /// The device this store is, or nil when sync is not set up.
  public func device() throws -> SyncDevice? {
    guard
      let row = try database.rows(
        "SELECT device_id, name, folder, next_segment, latest_stamp FROM sync_self"
      ).first
    else { return nil }
    return SyncDevice(
      id: row.string(0) ?? "", name: row.string(1) ?? "", folder: row.string(2) ?? "",
      nextSegment: row.int(3) ?? 1, latest: row.string(4).flatMap(SyncStamp.init(text:)))
  }

  /// What is known of each other device merged from: the latest stamp read from it (when it
  /// last changed something) and how many of its changes lost to later ones.
  public func mergedDevices() throws -> [String: (latest: SyncStamp?, superseded: Int)] {
    var devices: [String: (latest: SyncStamp?, superseded: Int)] = [:]
    for row in try database.rows("SELECT device_id, last_stamp, superseded FROM sync_merged") {
      devices[row.string(0) ?? ""] = (row.string(1).flatMap(SyncStamp.init(text:)), row.int(2) ?? 0)
    }
    return devices
  }

  /// The other devices merged from, with the highest segment of each merged.
  public func mergedSegments() throws -> [String: Int] {
    var merged: [String: Int] = [:]
    for row in try database.rows("SELECT device_id, segment FROM sync_merged") {
      merged[row.string(0) ?? ""] = row.int(1) ?? 0
    }
    return merged
  }

  /// The stamp `kind`/`id` last took, if it ever took one.
  public func recordStamp(kind: String, id: String) throws -> SyncRecordStamp? {
    try StoreTransaction.recordStamp(kind: kind, id: id, database)
  }

  /// How many changes of other devices wait for a record not merged yet.
  public func waitingCount() throws -> Int {
    try database.scalarInt("SELECT count(*) FROM sync_waiting") ?? 0
  }

  /// How many records wait for the next segment.
  public func pendingCount() throws -> Int {
    try database.scalarInt("SELECT count(DISTINCT kind || ':' || record_id) FROM sync_changes")
      ?? 0
  }
}

extension StoreTransaction {
  /// Makes this store the device `id` called `name`, writing into `folder`, and queues every
  /// report for its first segment.
  public func setUpSync(id: String, name: String, folder: String) throws {
    let db = database
    try db.execute("DELETE FROM sync_self")
    try db.execute(
      "INSERT INTO sync_self (device_id, name, folder, next_segment) VALUES (?, ?, ?, 1)",
      [id, name, folder])
    try db.executeScript(SyncSchema.triggers)
    try db.execute("DELETE FROM sync_changes")
    for table in SyncedTable.all {
      let filter = table.only.map { " WHERE " + $0("") } ?? ""
      try db.execute(
        "INSERT INTO sync_changes (kind, record_id) SELECT ?, \(table.id(of: "")) FROM \(table.table)\(filter)",
        [table.kind])
    }
    try db.execute("INSERT INTO sync_changes (kind, record_id) SELECT 'report', id FROM reports")
  }

  /// Notes `kind`/`id` for the next segment when this store syncs: for a change the triggers
  /// cannot tell from a routine one (a merge of people adds names to a person already named).
  public func noteSyncChange(kind: String, id: String) throws {
    try database.execute(
      "INSERT INTO sync_changes (kind, record_id) SELECT ?, ? WHERE EXISTS (SELECT 1 FROM sync_self)",
      [kind, id])
  }

  /// The records changed since the last segment, each once, and the last queue entry read.
  /// A report edited field by field names the fields changed (its base `""`, or answers by
  /// ``ReportFields/keyed(_:)``); nil for a record changed whole.
  public func pendingSyncChanges() throws -> (records: [PendingSyncChange], upTo: Int64) {
    let db = database
    let upTo = Int64(try db.scalarInt("SELECT max(seq) FROM sync_changes") ?? 0)
    let rows = try db.rows(
      """
      SELECT kind, record_id, max(field IS NULL), json_group_array(field) FROM sync_changes
      WHERE seq <= ? GROUP BY kind, record_id ORDER BY min(seq)
      """, [upTo])
    let records = rows.map { row in
      let whole = row.int(2) == 1
      let fields = whole ? nil : row.string(3).flatMap(Self.fieldNames)
      return PendingSyncChange(kind: row.string(0) ?? "", id: row.string(1) ?? "", fields: fields)
    }
    return (records, upTo)
  }

  private static func fieldNames(_ json: String) -> Set<String>? {
    guard let array = try? JSONParser.parse(Array(json.utf8)).root.array else { return nil }
    return Set(array.compactMap(\.string))
  }

  /// The report `id` as stored before an edit, when this store syncs and notes the fields an
  /// edit changes (``ReportEditNotes``), with the queue's last entry.
  func reportBeforeEdit(id: String) throws -> (report: Report, queueEnd: Int64)? {
    let db = database
    guard !isApplyingSyncChanges, let queueEnd = try ReportEditNotes.queueEnd(db),
      let report = try ReportFetch.fetch(db, ReportSelection(includeDrafts: true, id: id)).first
    else { return nil }
    return (report, queueEnd)
  }

  /// Notes the fields an edit of `before` changed, now that it is stored.
  func noteReportEdit(_ before: (report: Report, queueEnd: Int64)) throws {
    let id = before.report.id
    guard
      let after = try ReportFetch.fetch(database, ReportSelection(includeDrafts: true, id: id))
        .first
    else { return }
    try ReportEditNotes.note(database, from: before.report, to: after, after: before.queueEnd)
  }

  /// Forgets the queue up to `upTo` once its records are in a segment.
  public func clearSyncChanges(upTo: Int64) throws {
    try database.execute("DELETE FROM sync_changes WHERE seq <= ?", [upTo])
  }

  /// Runs `body` without noting its changes for the next segment: applying other devices'
  /// changes must not send them back. The triggers are dropped and made again inside the
  /// transaction, so no other connection sees the store without them.
  public func withoutNotingSyncChanges<T>(_ body: () throws -> T) throws -> T {
    let db = database
    try db.executeScript(SyncSchema.dropTriggers)
    isApplyingSyncChanges = true
    defer { isApplyingSyncChanges = false }
    let result = try body()
    try db.executeScript(SyncSchema.triggers)
    return result
  }

  /// Records that `kind`/`id` took `stamp` (a put, or a deletion when `deleted`), and for a
  /// report the stamps of its fields that differ (``SyncRecordStamp/fields``).
  public func setRecordStamp(
    kind: String, id: String, _ stamp: SyncStamp, deleted: Bool, fields: String? = nil
  ) throws {
    try database.execute(
      """
      INSERT INTO sync_record_stamps (kind, record_id, stamp, deleted, fields) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (kind, record_id) DO UPDATE SET stamp = excluded.stamp,
        deleted = excluded.deleted, fields = excluded.fields
      """, [kind, id, stamp.description, deleted ? 1 : 0, fields])
  }

  /// Keeps `fields` as `kind`/`id`'s field stamps without changing its stamp: a report
  /// deleted here keeps its last content until its deletion is written (docs/sync.md#answers).
  public func setRecordFields(kind: String, id: String, _ fields: String) throws {
    try database.execute(
      "UPDATE sync_record_stamps SET fields = ? WHERE kind = ? AND record_id = ?",
      [fields, kind, id])
  }

  public func recordStamp(kind: String, id: String) throws -> SyncRecordStamp? {
    try Self.recordStamp(kind: kind, id: id, database)
  }

  /// Every record of `kind` that took a stamp, by ID; with `onlyWithFields`, those that keep
  /// field stamps (``SyncRecordStamp/fields``): the few reports edited answer by answer, or
  /// deleted.
  public func recordStamps(kind: String, onlyWithFields: Bool = false) throws -> [String:
    SyncRecordStamp]
  {
    var stamps: [String: SyncRecordStamp] = [:]
    let filter = onlyWithFields ? " AND fields IS NOT NULL" : ""
    for row in try database.rows(
      "SELECT record_id, stamp, deleted, fields FROM sync_record_stamps WHERE kind = ?" + filter,
      [kind])
    {
      guard let id = row.string(0), let stamp = row.string(1).flatMap(SyncStamp.init(text:))
      else { continue }
      stamps[id] = SyncRecordStamp(stamp: stamp, isDeleted: row.int(2) == 1, fields: row.string(3))
    }
    return stamps
  }

  static func recordStamp(kind: String, id: String, _ db: Database) throws -> SyncRecordStamp? {
    guard
      let row = try db.rows(
        "SELECT stamp, deleted, fields FROM sync_record_stamps WHERE kind = ? AND record_id = ?",
        [kind, id]
      ).first, let stamp = row.string(0).flatMap(SyncStamp.init(text:))
    else { return nil }
    return SyncRecordStamp(stamp: stamp, isDeleted: row.int(1) == 1, fields: row.string(2))
  }

  /// Moves this device on: the next segment's number and the clock's latest stamp.
  public func advanceSyncDevice(nextSegment: Int, latest: SyncStamp) throws {
    try database.execute(
      "UPDATE sync_self SET next_segment = ?, latest_stamp = ?",
      [nextSegment, latest.description])
  }

  /// The changes waiting for the record they belong to, as segment lines.
  public func waitingSyncChanges() throws -> [String] {
    try database.rows("SELECT line FROM sync_waiting ORDER BY kind, record_id").compactMap {
      $0.string(0)
    }
  }

  /// Keeps `line`, the change of `kind`/`id`, to try again at the next merge (nil: it no
  /// longer waits).
  public func setWaitingSyncChange(kind: String, id: String, line: String?) throws {
    if let line {
      try database.execute(
        "INSERT OR REPLACE INTO sync_waiting (kind, record_id, line) VALUES (?, ?, ?)",
        [kind, id, line])
    } else {
      try database.execute(
        "DELETE FROM sync_waiting WHERE kind = ? AND record_id = ?", [kind, id])
    }
  }

  /// Records that `device`'s segments up to `segment` are merged, the latest stamp read from
  /// it, and how many more of its changes lost to later ones.
  public func setMergedSegment(
    device: String, _ segment: Int, latest: SyncStamp? = nil, superseded: Int = 0
  ) throws {
    try database.execute(
      """
      INSERT INTO sync_merged (device_id, segment, last_stamp, superseded) VALUES (?, ?, ?, ?)
      ON CONFLICT (device_id) DO UPDATE SET segment = excluded.segment,
        last_stamp = max(coalesce(last_stamp, ''), coalesce(excluded.last_stamp, '')),
        superseded = superseded + excluded.superseded
      """, [device, segment, latest?.description, superseded])
  }

  /// Forgets another device: what was merged from it stays, its merge position goes.
  public func forgetSyncDevice(_ device: String) throws {
    try database.execute("DELETE FROM sync_merged WHERE device_id = ?", [device])
  }
}

/// The tables of sync (migration `0017-sync`), and its triggers.
enum SyncSchema {
  static let migration = """
    CREATE TABLE sync_self (
      device_id TEXT NOT NULL PRIMARY KEY,
      name TEXT NOT NULL,
      folder TEXT NOT NULL,
      next_segment INTEGER NOT NULL,
      latest_stamp TEXT
    ) STRICT;
    CREATE TABLE sync_changes (
      seq INTEGER PRIMARY KEY,
      kind TEXT NOT NULL,
      record_id TEXT NOT NULL
    ) STRICT;
    CREATE TABLE sync_record_stamps (
      kind TEXT NOT NULL,
      record_id TEXT NOT NULL,
      stamp TEXT NOT NULL,
      deleted INTEGER NOT NULL,
      PRIMARY KEY (kind, record_id)
    ) STRICT, WITHOUT ROWID;
    CREATE TABLE sync_merged (
      device_id TEXT NOT NULL PRIMARY KEY,
      segment INTEGER NOT NULL
    ) STRICT;
    """

  /// Migration `0018-sync-records`: the records two devices made under one name, merged into
  /// the one every device keeps, and the changes waiting for the record they belong to
  /// (``SyncedRecordApplier``).
  static let records = """
    CREATE TABLE sync_aliases (
      kind TEXT NOT NULL,
      from_id TEXT NOT NULL,
      to_id TEXT NOT NULL,
      PRIMARY KEY (kind, from_id)
    ) STRICT, WITHOUT ROWID;
    CREATE TABLE sync_waiting (
      kind TEXT NOT NULL,
      record_id TEXT NOT NULL,
      line TEXT NOT NULL,
      PRIMARY KEY (kind, record_id)
    ) STRICT, WITHOUT ROWID;
    ALTER TABLE sync_merged ADD COLUMN last_stamp TEXT;
    ALTER TABLE sync_merged ADD COLUMN superseded INTEGER NOT NULL DEFAULT 0;
    """

  /// Migration `0019-sync-answers`: which fields of a report an edit changed (its base, or an
  /// answer: `sync_changes.field`, NULL for the whole record), and per record the stamps of
  /// its fields that differ from the record's own (`sync_record_stamps.fields`, NULL when
  /// none do), so a report merges answer by answer (docs/sync.md#answers).
  static let answers = """
    ALTER TABLE sync_changes ADD COLUMN field TEXT;
    ALTER TABLE sync_record_stamps ADD COLUMN fields TEXT;
    """

  /// The triggers that note every change to a report (its row or an answer) and to the other
  /// synced records, for the next segment. `sync setup` creates them: a store that does not
  /// sync never pays for them (they cost a third more time to a bulk import).
  static let triggers =
    (noted.map { name, event, table, row in
      SyncedTable.trigger(name, event, table, when: "", kind: "report", id: row)
    } + SyncedTable.all.flatMap(\.triggers)).joined(separator: "\n")

  static let dropTriggers =
    (noted.map(\.name) + SyncedTable.all.flatMap(\.triggerNames))
    .map { "DROP TRIGGER IF EXISTS \($0);" }.joined(separator: "\n")

  /// Each trigger: its name, the change, the table, and the report the row belongs to.
  private static let noted: [(name: String, event: String, table: String, row: String)] = [
    ("sync_report_inserted", "INSERT", "reports", "NEW.id"),
    ("sync_report_updated", "UPDATE", "reports", "NEW.id"),
    ("sync_report_deleted", "DELETE", "reports", "OLD.id"),
    ("sync_response_inserted", "INSERT", "responses", "NEW.report_id"),
    ("sync_response_updated", "UPDATE", "responses", "NEW.report_id"),
    ("sync_response_deleted", "DELETE", "responses", "OLD.report_id"),
  ]
}
