import DispatchCore
import DispatchSupport

/// Reading a synced record (a row of ``SyncedTable`` with the rows it owns) as a change
/// carries it, and applying another device's.
extension StoreTransaction {
  /// The kinds of record besides reports that sync, in the order their puts apply.
  package static var syncedKinds: [String] { SyncedTable.all.map(\.kind) }

  /// Where `kind` applies among the others: puts in increasing rank, deletions in decreasing.
  package static func syncRank(of kind: String) -> Int { SyncedTable.rank[kind] ?? 0 }

  /// Record `kind`/`id` as a change carries it: its columns by name, and the rows it owns as
  /// arrays named by their table; nil when no row has the ID or the row does not sync.
  package func syncedRecord(kind: String, id: String) throws -> JSONValue? {
    guard let table = SyncedTable.byKind[kind] else { return nil }
    let filter = table.only.map { " AND " + $0("") } ?? ""
    guard
      let row = try database.rows(
        "SELECT * FROM \(table.table) WHERE \(table.id(of: "")) = ?\(filter)", [id]
      ).first
    else { return nil }
    var fields = Self.jsonFields(row, leaving: Set(table.derived))
    let key = row.values[row.columnNames.firstIndex(of: table.idColumn) ?? 0]
    for owned in table.owned {
      let rows = try database.rows(
        "SELECT * FROM \(owned.table) WHERE \(owned.owner) = ? ORDER BY rowid", [key])
      fields.append(
        (owned.table, .array(rows.map { .object(Self.jsonFields($0, leaving: [owned.owner])) })))
    }
    return .object(fields)
  }

  /// The record `kind`/`id` was merged into, when two devices named it alike
  /// (``SyncedRecordApplier``): its deletion says so.
  package func syncMergedInto(kind: String, id: String) throws -> String? {
    try database.rows(
      "SELECT to_id FROM sync_aliases WHERE kind = ? AND from_id = ?", [kind, id]
    ).first?.string(0)
  }

  private static func jsonFields(_ row: Row, leaving left: Set<String>) -> [(String, JSONValue)] {
    zip(row.columnNames, row.values).compactMap { name, value in
      guard !left.contains(name) else { return nil }
      switch value {
      case .null: return (name, .null)
      case .integer(let number): return (name, .int(number))
      case .real(let number): return (name, .double(number))
      case .text(let text): return (name, .string(text))
      // No synced table has a blob column.
      case .blob: return nil
      }
    }
  }
}

/// Applies other devices' synced records within one merge, remembering each table's columns
/// and which kinds changed (to rebuild what depends on them once at the end).
package struct SyncedRecordApplier {
  let transaction: StoreTransaction
  private var columns: [String: Set<String>] = [:]
  private var changedKinds: Set<String> = []

  /// The prompts of the people questions before any change applied: the vocabulary is
  /// rebuilt only when they change (or people do).
  private let peoplePromptsBefore: [String]

  package init(_ transaction: StoreTransaction) throws {
    self.transaction = transaction
    peoplePromptsBefore = try VocabularyIndex.peoplePromptList(transaction.database)
  }

  private var database: Database { transaction.database }

  /// What became of a change.
  package enum Outcome: Equatable {
    case applied
    /// Left out: it belongs to a record deleted here (a dose of a medication another device
    /// deleted), so it goes with it, as it went on the device that deleted it; or it lost its
    /// name to a record another device made.
    case dropped
    /// It belongs to a record this device has not merged yet (the dose's device was read
    /// before the medication's): kept, and tried again at every merge until the record comes.
    case waiting
  }

  /// Applies a put (`record`) or a deletion (nil) of `kind`/`id`.
  ///
  /// - Throws: ``DispatchError`` `.invalidRequest` for a record that is not an object of
  ///   columns, or ``StoreError`` when the store refuses the row.
  package mutating func apply(
    kind: String, id: String, record: JSONValue?, mergedInto: String? = nil
  ) throws -> Outcome {
    guard let table = SyncedTable.byKind[kind] else { return .dropped }
    guard let record else {
      if let mergedInto {
        // Its records move to the one it was merged into: that one must be here first,
        // unless it was deleted (then they go with it, as they did everywhere else).
        guard
          try isPresent(table, mergedInto)
            || transaction.recordStamp(kind: kind, id: mergedInto)?.isDeleted == true
        else { return .waiting }
        try move(table, from: id, to: mergedInto)
      } else {
        try database.execute("DELETE FROM \(table.table) WHERE \(table.id(of: "")) = ?", [id])
      }
      changedKinds.insert(kind)
      return .applied
    }
    guard case .object(let fields) = record else {
      throw DispatchError(.invalidRequest, "a \(kind) record is not an object")
    }
    var values = try self.values(fields, table: table.table, leaving: Set(table.derived))
    if let parent = table.parent, let index = values.firstIndex(where: { $0.0 == parent.column }) {
      let parentID = try alias(kind: parent.kind, values[index].1)
      values[index].1 = parentID
      guard let parentTable = SyncedTable.byKind[parent.kind],
        case .text(let parentText) = parentID, try isPresent(parentTable, parentText)
      else {
        guard case .text(let text) = parentID,
          try transaction.recordStamp(kind: parent.kind, id: text)?.isDeleted != true
        else { return .dropped }
        return .waiting
      }
    }
    for list in table.idLists {
      guard let index = values.firstIndex(where: { $0.0 == list.column }),
        case .text(let text) = values[index].1
      else { continue }
      values[index].1 = .text(try aliased(list: text, kind: list.kind))
    }
    var retired: String?
    if let unique = table.uniqueName,
      let name = values.first(where: { $0.0 == unique })?.1,
      case .text(let incoming) = values.first(where: { $0.0 == table.idColumn })?.1,
      let local = try database.rows(
        "SELECT \(table.idColumn) FROM \(table.table) WHERE \(unique) = ? AND \(table.idColumn) <> ?",
        [name, incoming]
      ).first?.string(0)
    {
      retired = try resolveNameClash(table, local: local, incoming: incoming, unique: unique)
      guard retired != nil else { return .dropped }
    }
    let names = values.map(\.0)
    let placeholders = Array(repeating: "?", count: names.count).joined(separator: ", ")
    var sql =
      "INSERT INTO \(table.table) (\(names.joined(separator: ", "))) VALUES (\(placeholders))"
    if table.isPrimaryKey {
      let updates = names.filter { $0 != table.idColumn }.map { "\($0) = excluded.\($0)" }
      sql +=
        " ON CONFLICT (\(table.idColumn)) DO "
        + (updates.isEmpty ? "NOTHING" : "UPDATE SET " + updates.joined(separator: ", "))
    } else {
      try database.execute("DELETE FROM \(table.table) WHERE \(table.id(of: "")) = ?", [id])
    }
    try database.execute(sql, values: values.map(\.1))
    if let retired { try move(table, from: retired, to: id) }
    let key = values.first { $0.0 == table.idColumn }?.1 ?? .text(id)
    for owned in table.owned {
      try database.execute("DELETE FROM \(owned.table) WHERE \(owned.owner) = ?", [key])
      for case .array(let rows) in fields.filter({ $0.0 == owned.table }).map(\.1) {
        for case .object(let object) in rows {
          let ownedValues =
            [(owned.owner, key)]
            + (try self.values(object, table: owned.table, leaving: [owned.owner]))
          try database.execute(
            "INSERT INTO \(owned.table) (\(ownedValues.map(\.0).joined(separator: ", "))) VALUES ("
              + Array(repeating: "?", count: ownedValues.count).joined(separator: ", ") + ")",
            values: ownedValues.map(\.1))
        }
      }
    }
    if kind == "person" { try claimNames(personID: id) }
    changedKinds.insert(kind)
    return .applied
  }

  /// Rebuilds what the applied records feed: the people registry's names and counts after
  /// people or questions changed (a person's names decide whose answers are whose).
  package func finish() throws {
    let peoplePrompts = try VocabularyIndex.peoplePromptList(database)
    if changedKinds.contains("person") || peoplePrompts != peoplePromptsBefore {
      try VocabularyIndex.rebuild(database)
    }
  }

  /// The row's columns this store has, as values; a column it lacks (written by a later
  /// version) is left out, as are `left` ones.
  private mutating func values(
    _ fields: [(String, JSONValue)], table: String, leaving left: Set<String>
  ) throws -> [(String, DatabaseValue)] {
    if columns[table] == nil {
      columns[table] = Set(
        try database.rows("SELECT name FROM pragma_table_info(?)", [table]).compactMap {
          $0.string(0)
        })
    }
    let known = columns[table] ?? []
    return try fields.compactMap { name, value in
      guard known.contains(name), !left.contains(name) else { return nil }
      switch value {
      case .null: return (name, .null)
      case .bool(let flag): return (name, .integer(flag ? 1 : 0))
      case .int(let number): return (name, .integer(number))
      case .double(let number): return (name, .real(number))
      case .string(let text): return (name, .text(text))
      case .array, .object:
        throw DispatchError(.invalidRequest, "column '\(name)' of \(table) is not a value")
      }
    }
  }

  /// Two devices named a new record alike (two "Running" activities), and a table keeps one
  /// row per name: the one with the smaller ID stays on every device. Returns nil when the
  /// incoming row loses, or the local row's ID when it makes way (its name is moved aside
  /// now, and it is merged into the incoming row once that is in). Either way this device
  /// then writes the loser's deletion "merged into" the winner, so a device that has only
  /// the loser moves its records too, whatever happened to the winner meanwhile.
  private func resolveNameClash(
    _ table: SyncedTable, local: String, incoming: String, unique: String
  ) throws -> String? {
    guard incoming < local else {
      try expectMerge(kind: table.kind, from: incoming, into: local)
      try transaction.noteSyncChange(kind: table.kind, id: incoming)
      return nil
    }
    try database.execute(
      "UPDATE \(table.table) SET \(unique) = \(unique) || ' ' || \(table.idColumn) WHERE \(table.idColumn) = ?",
      [local])
    try transaction.noteSyncChange(kind: table.kind, id: local)
    return local
  }

  /// Records, before any put of a merge applies, that `from` was merged into `to`: a record
  /// naming `from` that arrives with the merge (a dose of a medication two devices named
  /// alike) then goes to `to` instead of being left out.
  package func expectMerge(kind: String, from: String, into to: String) throws {
    try database.execute(
      "INSERT OR REPLACE INTO sync_aliases (kind, from_id, to_id) VALUES (?, ?, ?)",
      [kind, from, to])
  }

  /// Merges record `from` into `to`: its records (activities, doses) go to `to` when this
  /// store has it (else with it, as the deletion of `to` took them on the device that made
  /// it), later records naming it go to `to`, and it is removed.
  private func move(_ table: SyncedTable, from: String, to: String) throws {
    try expectMerge(kind: table.kind, from: from, into: to)
    let present = try isPresent(table, to)
    for child in SyncedTable.all where present {
      guard let parent = child.parent, parent.kind == table.kind else { continue }
      try database.execute(
        "UPDATE \(child.table) SET \(parent.column) = ? WHERE \(parent.column) = ?", [to, from])
    }
    for other in SyncedTable.all {
      for list in other.idLists where list.kind == table.kind {
        for row in try database.rows(
          "SELECT \(other.idColumn), \(list.column) FROM \(other.table) WHERE instr(\(list.column), ?) > 0",
          [from])
        {
          try database.execute(
            "UPDATE \(other.table) SET \(list.column) = ? WHERE \(other.idColumn) = ?",
            [try aliased(list: row.string(1) ?? "[]", kind: list.kind), row.string(0)])
        }
      }
    }
    try database.execute("DELETE FROM \(table.table) WHERE \(table.idColumn) = ?", [from])
  }

  /// A JSON list of IDs of `kind` with each as it goes by here (``alias(kind:_:)``), once.
  private func aliased(list: String, kind: String) throws -> String {
    var seen: Set<String> = []
    let ids = try JSONStringList.decode(list).compactMap { id -> String? in
      guard case .text(let text) = try alias(kind: kind, .text(id)) else { return nil }
      return seen.insert(text).inserted ? text : nil
    }
    return JSONStringList.encode(ids)
  }

  private func isPresent(_ table: SyncedTable, _ id: String) throws -> Bool {
    try database.scalarInt(
      "SELECT count(*) FROM \(table.table) WHERE \(table.idColumn) = ?", [id]) == 1
  }

  /// The ID a record of `kind` goes by here: itself, or the record it was merged into.
  private func alias(kind: String, _ id: DatabaseValue) throws -> DatabaseValue {
    guard case .text(var text) = id else { return id }
    // A record merged into one that was merged in turn: each merge keeps the smaller ID, so
    // the chain ends.
    var seen: Set<String> = [text]
    while let to = try transaction.syncMergedInto(kind: kind, id: text), seen.insert(to).inserted {
      text = to
    }
    return .text(text)
  }

  /// A person named on purpose claims their names: a person made from one of those names on
  /// this device (before it knew of the rename or merge) goes, and their answers count as this
  /// person's at the rebuild.
  private func claimNames(personID: String) throws {
    let names = try database.rows(
      "SELECT display_name FROM people WHERE id = ? UNION SELECT name FROM person_alternate_names WHERE person_id = ?",
      [personID, personID]
    ).compactMap { $0.string(0) }.map(NameKey.normalize)
    for key in names where !key.isEmpty {
      try database.execute(
        """
        DELETE FROM people WHERE is_explicit = 0 AND id <> ?
          AND id IN (SELECT person_id FROM person_name_keys WHERE key = ?)
        """, [personID, key])
    }
  }
}
