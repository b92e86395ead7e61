import DispatchCore

/// A report as sync merges it, field by field (docs/sync.md#answers): its base (everything
/// but the answers: date, kind, context, the order of its answers) under `""`, and each answer
/// under its question's ID (or its prompt, for an answer joined by prompt only). Two devices
/// that edit different answers of one report each keep theirs.
public enum ReportFields {
  /// The field of everything but the answers.
  public static let base = ""

  /// The report's answers with their fields' names, in the report's order. Of several
  /// answers to one question (an old import may hold some) the one with the smallest ID has
  /// the question's name and each other adds its own ID (`#…`), whatever their order.
  public static func keyed(_ report: Report) -> [(key: String, response: Response)] {
    let name = AnswerIdentifiers.question(of:)
    var first: [String: String] = [:]
    for response in report.responses {
      let key = name(response)
      if let kept = first[key], kept <= response.id { continue }
      first[key] = response.id
    }
    return report.responses.map { response in
      let key = name(response)
      return (first[key] == response.id ? key : key + "#" + response.id, response)
    }
  }

  /// The report without its answers: what the base field holds. The order of the answers is
  /// no field: a change carries them sorted by ID, as Dispatch's export does.
  public static func baseOf(_ report: Report) -> Report {
    var base = report
    base.responses = []
    return base
  }

  /// The fields an edit from `old` to `new` changed.
  public static func changed(from old: Report, to new: Report) -> Set<String> {
    let before = keyed(old)
    let after = keyed(new)
    var changed: Set<String> = []
    if baseOf(old) != baseOf(new) { changed.insert(base) }
    let oldAnswers = Dictionary(before.map { ($0.key, $0.response) }) { first, _ in first }
    let newAnswers = Dictionary(after.map { ($0.key, $0.response) }) { first, _ in first }
    for key in Set(oldAnswers.keys).union(newAnswers.keys) where oldAnswers[key] != newAnswers[key]
    {
      changed.insert(key)
    }
    return changed
  }
}

/// Noting, on a store that syncs, the fields of a stored report an edit or a re-import changed
/// (``ReportFields/changed(from:to:)``), in place of the whole-record changes the triggers
/// noted: a removed answer then travels as removed, and another device's edit of another
/// answer stays.
enum ReportEditNotes {
  /// The queue's last entry, before the report is saved again; nil when this store does not
  /// sync.
  static func queueEnd(_ db: Database) throws -> Int64? {
    guard try db.scalarInt("SELECT EXISTS (SELECT 1 FROM sync_self)") == 1 else { return nil }
    return Int64(try db.scalarInt("SELECT max(seq) FROM sync_changes") ?? 0)
  }

  /// Notes the fields that differ between `old` and `new`, the same report before and after,
  /// in place of the whole-record changes noted for it after queue entry `after`.
  static func note(_ db: Database, from old: Report, to new: Report, after: Int64) throws {
    try db.execute(
      "DELETE FROM sync_changes WHERE kind = 'report' AND record_id = ? AND seq > ? AND field IS NULL",
      [new.id, after])
    for field in ReportFields.changed(from: old, to: new).sorted() {
      try db.execute(
        "INSERT INTO sync_changes (kind, record_id, field) VALUES ('report', ?, ?)",
        [new.id, field])
    }
  }
}
