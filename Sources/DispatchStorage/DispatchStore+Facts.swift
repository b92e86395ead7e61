import DispatchCore

/// What the store holds, as the diagnostics dump describes it: counts and names, never
/// content. Read in one snapshot.
public struct StoreFacts: Sendable {
  /// An event of the diagnostics log.
  public struct Event: Sendable, Equatable {
    public var at: Instant
    public var kind: String
    public var detail: String?
  }

  /// The file's path, `:memory:` for an in-memory store.
  public var path: String
  /// The names of the applied schema steps, in order.
  public var schemaSteps: [String]
  public var counts: StoreCounts
  /// Vocabulary entries by kind (`token`, `place`).
  public var vocabulary: [String: Int]
  public var healthSamples: Int
  public var healthWorkouts: Int
  public var healthExports: Int
  /// Filed reports by kind and by trigger, most first: (raw value, count); a NULL value is "".
  public var reportsByKind: [(value: String, count: Int)]
  public var reportsByTrigger: [(value: String, count: Int)]
  /// Every setting, by key.
  public var settings: [(key: String, value: String?)]
  /// How many events the log holds, and the newest of them, newest first.
  public var eventCount: Int
  public var newestEvents: [Event]
  /// Webhook outbox entries waiting, and those given up on.
  public var webhooksPending: Int
  public var webhooksFailed: Int
}

extension MaintenanceView {
  /// The version of the SQLite library in use, e.g. `3.40.1`.
  public static var sqliteVersion: String { Database.libraryVersion }

  /// The store's facts for the diagnostics dump, with at most `eventLimit` events.
  public func facts(eventLimit: Int) throws -> StoreFacts {
    try database.read { db in
      func count(_ sql: String) throws -> Int { try db.scalarInt(sql) ?? 0 }
      func grouped(_ column: String) throws -> [(value: String, count: Int)] {
        let quoted = Database.quoteIdentifier(column)
        return try db.rows(
          "SELECT \(quoted), count(*) FROM reports WHERE is_draft = 0 GROUP BY 1 ORDER BY 2 DESC, 1"
        ).map { ($0.string(0) ?? "", $0.int(1) ?? 0) }
      }
      var vocabulary: [String: Int] = [:]
      for row in try db.rows("SELECT kind, count(*) FROM vocabulary GROUP BY kind") {
        if let kind = row.string(0) { vocabulary[kind] = row.int(1) ?? 0 }
      }
      let outbox = try db.rows(
        "SELECT count(*) FILTER (WHERE is_failed = 0), count(*) FILTER (WHERE is_failed = 1) FROM webhook_outbox"
      ).first
      return StoreFacts(
        path: db.path, schemaSteps: try StoreSchema.migrator.appliedNames(in: db),
        counts: try counts(), vocabulary: vocabulary,
        healthSamples: try count("SELECT count(*) FROM health_samples"),
        healthWorkouts: try count("SELECT count(*) FROM health_workouts"),
        healthExports: try count("SELECT count(*) FROM health_exports"),
        reportsByKind: try grouped("kind"), reportsByTrigger: try grouped("trigger"),
        settings: try db.rows("SELECT key, value FROM settings ORDER BY key").compactMap { row in
          row.string(0).map { ($0, row.string(1)) }
        },
        eventCount: try count("SELECT count(*) FROM event_log"),
        newestEvents: try db.rows(
          "SELECT at_ms, kind, detail FROM event_log ORDER BY at_ms DESC, id DESC LIMIT ?",
          [eventLimit]
        ).map {
          StoreFacts.Event(
            at: Instant(milliseconds: $0.int64(0) ?? 0), kind: $0.string(1) ?? "?",
            detail: $0.string(2))
        },
        webhooksPending: outbox?.int(0) ?? 0, webhooksFailed: outbox?.int(1) ?? 0)
    }
  }
}

extension ReportsView {
  /// When the newest filed report was filed, if any.
  public func lastFiledReportDate() throws -> Instant? {
    try database.scalarInt("SELECT max(date_ms) FROM reports WHERE is_draft = 0")
      .map { Instant(milliseconds: Int64($0)) }
  }
}

extension ReportsView {
  /// Filed reports between `start` and `end` (both included), newest first: when each was
  /// filed and its offset from UTC.
  public func filedReportDates(from start: Instant, to end: Instant) throws
    -> [(date: Instant, offsetSeconds: Int)]
  {
    try database.rows(
      """
      SELECT date_ms, utc_offset_s FROM reports
      WHERE is_draft = 0 AND date_ms >= ? AND date_ms <= ? ORDER BY date_ms DESC
      """, [start.milliseconds, end.milliseconds]
    ).map { (date: Instant(milliseconds: $0.int64(0) ?? 0), offsetSeconds: $0.int(1) ?? 0) }
  }

  /// When the newest report filed at or before `instant` was filed, if any.
  public func lastFiledReportDate(atOrBefore instant: Instant) throws -> Instant? {
    try database.rows(
      "SELECT max(date_ms) FROM reports WHERE is_draft = 0 AND date_ms <= ?",
      [instant.milliseconds]
    ).first?.int64(0).map(Instant.init(milliseconds:))
  }
}

extension PromptsView {
  /// When the first pending prompt due after `instant` is due (a waiting snooze), if any.
  public func nextPendingPromptDue(after instant: Instant) throws -> Instant? {
    try database.rows(
      "SELECT min(due_ms) FROM prompts WHERE state = 'pending' AND due_ms > ?",
      [instant.milliseconds]
    ).first?.int64(0).map(Instant.init(milliseconds:))
  }
}
