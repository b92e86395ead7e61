/// A row of a table whose rows belong to another record (a report's photos, a response's
/// values): the value with the keys that place it under its owner, so the table's columns can
/// be declared once (``TableColumns``) over the value's own.
struct OwnedRow<Value> {
  /// The owner's ID (`report_id`, `response_id`).
  let owner: String
  /// Where the value is in its owner's list; tables that hold one value per owner have no
  /// `position` column.
  let position: Int
  let value: Value

  init(owner: String, position: Int = 0, _ value: Value) {
    self.owner = owner
    self.position = position
    self.value = value
  }
}

extension OwnedRow {
  /// The owner's key column, `position` when the owner has a list of values, then `columns`
  /// of the value. Each value column reads the row's stored value in place: no copy per
  /// column.
  static func columns(owner: String, positioned: Bool, _ columns: [Column<Value>])
    -> [Column<OwnedRow>]
  {
    var keys = [Column<OwnedRow>(owner, .text) { .text($0.owner) }]
    if positioned {
      keys.append(Column("position", .integer) { .integer(Int64($0.position)) })
    }
    // `$0.value` is a stored property of the borrowed row, passed on without a copy.
    return keys
      + columns.map { column in Column(column.name, column.type) { column.encode($0.value) } }
  }
}
