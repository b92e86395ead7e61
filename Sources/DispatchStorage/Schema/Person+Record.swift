import DispatchCore

/// Reading and writing the people registry (docs/people.md).
extension Person {
  /// The registry's columns. `is_explicit` (set on purpose by the people commands and v2
  /// imports, `DispatchStore+People.swift`, `ImportMerge.swift`) has `UPDATE`s of its own, so a
  /// save never resets it.
  static let table = TableColumns<Person>(
    "people",
    [
      Column("id", .text) { .text($0.id) },
      Column("display_name", .text) { .text($0.displayName) },
      Column("usage_count", .integer) { DatabaseValue($0.usageCount) },
      Column("question_count", .integer) { DatabaseValue($0.questionCount) },
    ], keptElsewhere: ["is_explicit"])

  /// An upsert, not a replace: replacing would delete the row and with it (through the
  /// cascade) the person's name keys.
  static let upsertSQL = upsert(into: table.table, columns: table.names)

  /// `person_alternate_names`: former or other names, in order.
  static let alternateNameTable = TableColumns<OwnedRow<String>>(
    "person_alternate_names",
    OwnedRow.columns(
      owner: "person_id", positioned: true, [Column("name", .text) { .text($0) }]))

  /// Every person, ordered by ID so resolution is deterministic.
  package static func fetchAll(_ db: Database) throws(StoreError) -> [Person] {
    var people = try ColumnLayout.decode(
      try db.rows("SELECT \(table.selectList) FROM people ORDER BY id"), table
    ) { row throws(StoreError) in
      Person(
        id: try row.requiredText("id"), displayName: try row.requiredText("display_name"),
        usageCount: row.int("usage_count") ?? 0, questionCount: row.int("question_count") ?? 0)
    }
    var indexByID: [String: Int] = [:]
    for (index, person) in people.enumerated() { indexByID[person.id] = index }
    let names = try ColumnLayout.decode(
      try db.rows(
        """
        SELECT \(alternateNameTable.selectList) FROM person_alternate_names
        ORDER BY person_id, position
        """), alternateNameTable
    ) { row throws(StoreError) in
      OwnedRow(
        owner: try row.requiredText("person_id"), position: row.int("position") ?? 0,
        try row.requiredText("name"))
    }
    for name in names {
      guard let index = indexByID[name.owner] else { continue }
      people[index].alternateNames.append(name.value)
    }
    return people
  }

  /// Inserts or updates the person and replaces their alternate names.
  func save(_ db: Database) throws(StoreError) {
    try db.execute(Self.upsertSQL, values: Self.table.values(of: self))
    try db.execute("DELETE FROM person_alternate_names WHERE person_id = ?", [id])
    for (position, name) in alternateNames.enumerated() {
      try db.insert(
        OwnedRow(owner: id, position: position, name), into: Self.alternateNameTable)
    }
  }
}
