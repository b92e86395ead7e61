import DispatchCore

/// The compliance log: prompts that came due and what became of them (docs/daemon.md#compliance).
extension PromptsView {
  /// The logged prompt with this identifier.
  public func promptRecord(_ identifier: String) throws -> PromptRecord? {
    try fetchPrompts("WHERE identifier = ?", [identifier]).first
  }

  /// The logged prompt due last at or before `now`: what "the last prompt" means to a person.
  public func latestPromptRecord(atOrBefore now: Instant) throws -> PromptRecord? {
    try fetchPrompts(
      "WHERE due_ms <= ? ORDER BY due_ms DESC, identifier DESC LIMIT 1", [now.milliseconds]
    ).first
  }

  /// Logged prompts due in `[from, to)`, oldest first.
  public func promptRecords(from: Instant, to: Instant) throws -> [PromptRecord] {
    try fetchPrompts(
      "WHERE due_ms >= ? AND due_ms < ? ORDER BY due_ms, identifier",
      [from.milliseconds, to.milliseconds])
  }

  /// Prompts still waiting to fire or fired and not yet acted on, oldest first.
  public func openPromptRecords() throws -> [PromptRecord] {
    try fetchPrompts("WHERE state IN ('pending', 'fired') ORDER BY due_ms, identifier", [])
  }

  /// Stores a prompt's new state and appends `event` to its history, in one transaction.
  public func recordPrompt(_ record: PromptRecord, event: String, detail: String? = nil) throws {
    try write { try $0.recordPrompt(record, event: event, detail: detail) }
  }

  /// A prompt's history, oldest first: (instant, kind, detail).
  public func promptEvents(_ identifier: String) throws -> [(
    at: Instant, kind: String, detail: String?
  )] {
    try database.rows(
      "SELECT at_ms, kind, detail FROM prompt_events WHERE prompt_identifier = ? ORDER BY id",
      [identifier]
    ).map { row in
      (Instant(milliseconds: row.int64(0) ?? 0), row.string(1) ?? "", row.string(2))
    }
  }

  private func fetchPrompts(_ clause: String, _ arguments: [any DatabaseValueConvertible])
    throws -> [PromptRecord]
  {
    try PromptRecord.decode(
      database.rows("SELECT \(PromptRecord.table.selectList) FROM prompts " + clause, arguments))
  }
}

extension PromptsView {
  /// Stores whole prompt histories at once (the demo), with their events at their own
  /// instants, so the same records always give the same rows.
  package func insertPromptHistory(_ records: [PromptRecord]) throws {
    try write { try $0.insertPromptHistory(records) }
  }
}

extension StoreTransaction {
  /// Stores a prompt's new state and appends `event` to its history, in one transaction.
  public func recordPrompt(_ record: PromptRecord, event: String, detail: String? = nil) throws {
    let now = environment.now()
    let db = database
    try record.save(db)
    try db.execute(
      "INSERT INTO prompt_events (prompt_identifier, at_ms, kind, detail) VALUES (?, ?, ?, ?)",
      [record.identifier, now.milliseconds, event, detail])
  }

  /// Stores whole prompt histories at once (the demo), with their events at their own
  /// instants, so the same records always give the same rows.
  package func insertPromptHistory(_ records: [PromptRecord]) throws {
    let db = database
    for record in records {
      try record.save(db)
      let events: [(Instant?, String)] = [
        (record.firedAt, "fired"), (record.answeredAt, "answered"),
        (record.state == .expired ? record.closedAt : nil, "expired"),
        (record.state == .missed ? record.closedAt : nil, "missed"),
      ]
      for case (let at?, let kind) in events {
        try db.execute(
          "INSERT INTO prompt_events (prompt_identifier, at_ms, kind, detail) VALUES (?, ?, ?, ?)",
          [record.identifier, at.milliseconds, kind, record.reportID])
      }
    }
  }
}
