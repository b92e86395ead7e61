/// Writing and reading rows of a declared table (``TableColumns``).
extension Database {
  /// Inserts `record` as a new row of its table.
  func insert<Record>(_ record: Record, into table: TableColumns<Record>) throws(StoreError) {
    try execute(table.statements.insert, values: table.values(of: record))
  }

  /// Calls `body` with a reader of every row of a query that selects `table`'s columns, in any
  /// order. The columns' positions are resolved once per prepared statement (which the
  /// statement cache keeps), so a row costs an array lookup per field and no name search.
  func forEachRow<Record>(
    _ sql: String, _ arguments: [any DatabaseValueConvertible] = [],
    reading table: TableColumns<Record>, _ body: (inout ColumnReader) throws -> Void
  ) throws {
    let statement = try statement(sql)
    try statement.bind(arguments)
    // A body that throws would otherwise leave the statement holding its read snapshot.
    defer { statement.reset() }
    let names = statement.columnNames
    let layout: ColumnLayout
    if let known = statement.declaredLayout, known.table == table.table {
      layout = known.layout
    } else {
      layout = try table.layout(of: names)
      statement.declaredLayout = (table.table, layout)
    }
    while try statement.step() {
      var reader = ColumnReader(statement.currentRow(names: names), layout)
      try body(&reader)
    }
  }
}
