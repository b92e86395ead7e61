import DispatchCore

/// The webhook outbox (docs/webhooks.md#the-outbox-and-retries): the reports waiting to be POSTed,
/// oldest first, kept in the store so nothing is lost while the receiver is down or Dispatch is not
/// running.
///
/// An entry names its report and is removed only after a 2xx answer. Entries are claimed
/// before sending: the claim stamps `lease_owner` and `lease_expires_ms` in an IMMEDIATE
/// transaction, and no drain claims while another drain's lease is live, so two processes
/// never send at once and reports go out in order. A lease outlives any request
/// (``leaseSeconds``), so a drain that died mid-send only delays its entry.
package enum WebhookOutbox {
  /// How long a claim holds: well past a request's total timeout.
  static let leaseSeconds: Int64 = 300

  /// Migration 0010. No foreign key to `reports`: replacing a report row (an edit, an
  /// import) would cascade into the outbox; a drain drops entries whose report is gone.
  static let table = """
    CREATE TABLE webhook_outbox (
      id INTEGER PRIMARY KEY,
      report_id TEXT NOT NULL UNIQUE,
      queued_ms INTEGER NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_ms INTEGER NOT NULL,
      is_failed INTEGER NOT NULL DEFAULT 0,
      last_attempt_ms INTEGER,
      last_error TEXT,
      lease_owner TEXT,
      lease_expires_ms INTEGER
    ) STRICT;
    CREATE INDEX webhook_outbox_due ON webhook_outbox (is_failed, next_attempt_ms);
    """

  static let columns = """
    id, report_id, queued_ms, attempts, next_attempt_ms, is_failed, last_attempt_ms, last_error
    """

  /// Queues a report unless it is queued already; inside the filing transaction.
  static func queue(reportID: String, at now: Instant, _ db: Database) throws {
    try db.execute(
      """
      INSERT INTO webhook_outbox (report_id, queued_ms, next_attempt_ms) VALUES (?, ?, ?)
      ON CONFLICT (report_id) DO NOTHING
      """, [reportID, now.milliseconds, now.milliseconds])
  }

  /// Whether `file` should queue this report: webhooks are on, the report is not a draft, and
  /// it is new (or was a draft until now). Edits of a filed report are not sent again.
  static func shouldQueue(_ report: Report, _ db: Database) throws -> Bool {
    guard !report.isDraft else { return false }
    let enabled = try db.rows(
      "SELECT value FROM settings WHERE key = ?", [WebhookSettingKey.enabled]
    ).first?.string(0)
    guard enabled == "true" else { return false }
    let previous = try db.rows("SELECT is_draft FROM reports WHERE id = ?", [report.id]).first
    return previous.map { $0.bool(0) == true } ?? true
  }

  static func entry(_ row: Row) throws -> WebhookOutboxEntry {
    WebhookOutboxEntry(
      sequence: try row.requiredInt64(0), reportID: try row.requiredString(1),
      queuedAt: Instant(milliseconds: try row.requiredInt64(2)), attempts: row.int(3) ?? 0,
      nextAttemptAt: Instant(milliseconds: try row.requiredInt64(4)),
      isFailed: row.bool(5) == true,
      lastAttemptAt: row.int64(6).map(Instant.init(milliseconds:)), lastError: row.string(7))
  }
}

/// One report waiting in the webhook outbox.
public struct WebhookOutboxEntry: Sendable, Equatable {
  /// The queue position: entries are sent in ascending order.
  public var sequence: Int64
  public var reportID: String
  public var queuedAt: Instant
  /// Failed attempts so far.
  public var attempts: Int
  /// When the entry is next due (ignored by a flush).
  public var nextAttemptAt: Instant
  /// Whether the retry schedule ran out; kept until a `flush --failed` delivers it.
  public var isFailed: Bool
  public var lastAttemptAt: Instant?
  /// Why the last attempt failed: an HTTP status or a connection error, never content.
  public var lastError: String?
}

/// The outbox at a glance.
public struct WebhookOutboxSummary: Sendable, Equatable {
  /// Entries still on the retry schedule.
  public var pending: Int
  /// Entries whose schedule ran out.
  public var failed: Int
  /// When the earliest pending entry is due.
  public var nextAttemptAt: Instant?
}

/// Settings of the webhook feature. The secret itself is never a setting: only the path of
/// the file that holds it.
public enum WebhookSettingKey {
  /// "true" while webhooks are on: filed reports are queued and sent.
  public static let enabled = "webhook.enabled"
  /// The receiver's URL.
  public static let url = "webhook.url"
  /// The path of the secret file, or empty for unsigned requests.
  public static let secretFile = "webhook.secretFile"
  /// "true" when bodies are encrypted.
  public static let encrypts = "webhook.encrypt"
  /// When a report was last delivered (milliseconds since 1970).
  public static let lastDeliveredAt = "webhook.lastDeliveredAt"
  /// When an attempt last failed (milliseconds) and why.
  public static let lastErrorAt = "webhook.lastErrorAt"
  public static let lastError = "webhook.lastError"
}
