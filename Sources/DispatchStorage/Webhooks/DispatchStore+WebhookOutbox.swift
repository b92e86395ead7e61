import DispatchCore

/// The webhook outbox's reads and writes (see ``WebhookOutbox``).
extension OutboxView {
  /// What a drain got when it asked for the next entry.
  public enum WebhookClaim: Sendable, Equatable {
    /// The entry, now leased to the caller.
    case claimed(WebhookOutboxEntry)
    /// Another drain holds a live lease; it will send what is due.
    case busy
    /// Nothing (more) to send.
    case empty
  }

  /// Leases the oldest entry after `sequence` to `owner`, in an IMMEDIATE transaction.
  ///
  /// - Parameters:
  ///   - includeFailed: also entries whose retry schedule ran out (`flush --failed`).
  ///   - ignoringSchedule: entries whatever their next attempt time (`flush`); otherwise only
  ///     entries due now.
  public func claimWebhookEntry(
    owner: String, after sequence: Int64, includeFailed: Bool = false,
    ignoringSchedule: Bool = false
  ) throws -> WebhookClaim {
    let now = environment.now().milliseconds
    return try database.inTransaction(.immediate) { db in
      let others = try db.rows(
        """
        SELECT DISTINCT lease_owner FROM webhook_outbox
        WHERE lease_owner IS NOT NULL AND lease_owner != ? AND lease_expires_ms > ?
        """, [owner, now]
      ).compactMap { $0.string(0) }
      // A lease whose process is gone (killed mid-send) is not waited out.
      guard others.allSatisfy({ !ProcessOwner.isAlive($0) }) else { return .busy }
      let rows = try db.rows(
        """
        SELECT \(WebhookOutbox.columns) FROM webhook_outbox
        WHERE id > ? AND (is_failed = 0 OR ?) AND (? OR next_attempt_ms <= ?)
        ORDER BY id LIMIT 1
        """, [sequence, includeFailed, ignoringSchedule, now])
      guard let row = rows.first else { return .empty }
      let entry = try WebhookOutbox.entry(row)
      try db.execute(
        "UPDATE webhook_outbox SET lease_owner = ?, lease_expires_ms = ? WHERE id = ?",
        [owner, now + WebhookOutbox.leaseSeconds * 1000, entry.sequence])
      return .claimed(entry)
    }
  }

  /// Removes a delivered entry and records the delivery time.
  ///
  /// - Returns: false when the entry was no longer leased to `owner` (its lease ran out and
  ///   another drain took it), which the caller logs.
  @discardableResult
  public func completeWebhookEntry(_ entry: WebhookOutboxEntry, owner: String) throws -> Bool {
    return try write { try $0.completeWebhookEntry(entry, owner: owner) }
  }

  /// Records a failed attempt: the entry is due again at `nextAttempt`, or marked failed when
  /// that is nil, and its lease is released.
  public func failWebhookEntry(
    _ entry: WebhookOutboxEntry, owner: String, reason: String, nextAttempt: Instant?
  ) throws {
    try write {
      try $0.failWebhookEntry(entry, owner: owner, reason: reason, nextAttempt: nextAttempt)
    }
  }

  /// Removes an entry whose report was deleted after it was queued.
  public func dropWebhookEntry(_ entry: WebhookOutboxEntry, owner: String) throws {
    try write { try $0.dropWebhookEntry(entry, owner: owner) }
  }

  /// Every entry, oldest first.
  public func webhookOutbox() throws -> [WebhookOutboxEntry] {
    try database.rows("SELECT \(WebhookOutbox.columns) FROM webhook_outbox ORDER BY id")
      .map(WebhookOutbox.entry)
  }

  /// How many entries wait and how many are marked failed, and when the next pending one is
  /// due.
  public func webhookOutboxSummary() throws -> WebhookOutboxSummary {
    try database.read { db in
      let row = try db.rows(
        """
        SELECT count(*) FILTER (WHERE is_failed = 0), count(*) FILTER (WHERE is_failed = 1),
          min(next_attempt_ms) FILTER (WHERE is_failed = 0)
        FROM webhook_outbox
        """
      ).first
      return WebhookOutboxSummary(
        pending: row?.int(0) ?? 0, failed: row?.int(1) ?? 0,
        nextAttemptAt: row?.int64(2).map(Instant.init(milliseconds:)))
    }
  }

  /// Empties the outbox (`webhook off --clear`); returns how many entries it held.
  @discardableResult
  public func clearWebhookOutbox() throws -> Int {
    return try write { try $0.clearWebhookOutbox() }
  }

  fileprivate func setWebhookState(_ key: String, _ milliseconds: Int64, _ db: Database) throws {
    try db.execute(
      "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      [key, String(milliseconds)])
  }
}

extension StoreTransaction {
  /// Removes a delivered entry and records the delivery time.
  ///
  /// - Returns: false when the entry was no longer leased to `owner` (its lease ran out and
  ///   another drain took it), which the caller logs.
  @discardableResult
  public func completeWebhookEntry(_ entry: WebhookOutboxEntry, owner: String) throws -> Bool {
    let db = database
    try db.execute(
      "DELETE FROM webhook_outbox WHERE id = ? AND lease_owner = ?", [entry.sequence, owner])
    let removed = db.changes == 1
    try store.outbox.setWebhookState(
      WebhookSettingKey.lastDeliveredAt, environment.now().milliseconds, db)
    return removed
  }

  /// Records a failed attempt: the entry is due again at `nextAttempt`, or marked failed when
  /// that is nil, and its lease is released.
  public func failWebhookEntry(
    _ entry: WebhookOutboxEntry, owner: String, reason: String, nextAttempt: Instant?
  ) throws {
    let now = environment.now().milliseconds
    let db = database
    try db.execute(
      """
      UPDATE webhook_outbox SET attempts = attempts + 1, last_attempt_ms = ?, last_error = ?,
        next_attempt_ms = coalesce(?, next_attempt_ms), is_failed = ?,
        lease_owner = NULL, lease_expires_ms = NULL
      WHERE id = ? AND lease_owner = ?
      """,
      [now, reason, nextAttempt?.milliseconds, nextAttempt == nil, entry.sequence, owner])
    try store.outbox.setWebhookState(WebhookSettingKey.lastErrorAt, now, db)
    try db.execute(
      "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      [WebhookSettingKey.lastError, reason])
  }

  /// Removes an entry whose report was deleted after it was queued.
  public func dropWebhookEntry(_ entry: WebhookOutboxEntry, owner: String) throws {
    let db = database
    try db.execute(
      "DELETE FROM webhook_outbox WHERE id = ? AND lease_owner = ?", [entry.sequence, owner])
  }

  /// Empties the outbox (`webhook off --clear`); returns how many entries it held.
  @discardableResult
  public func clearWebhookOutbox() throws -> Int {
    let db = database
    try db.execute("DELETE FROM webhook_outbox")
    return db.changes
  }
}
