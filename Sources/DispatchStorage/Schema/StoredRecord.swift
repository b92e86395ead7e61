/// A record kept whole in one table under its text ID: what an import merges by ID
/// (``DirectRecordMerge``) and what `save` writes. Its columns are declared once
/// (``TableColumns``); the select list, the statements and the bound values come from them.
protocol StoredRecord: Equatable, Identifiable where ID == String {
  /// The record's table and columns.
  static var table: TableColumns<Self> { get }
  /// Reads the declared columns of one row, by name.
  init(reading row: inout ColumnReader) throws(StoreError)
}

/// The two ways a ``StoredRecord`` is written.
struct StoredRecordStatements: Sendable {
  /// `INSERT OR REPLACE` of every column.
  let replace: String
  /// A plain `INSERT`, for rows known to be new. With foreign keys on, a replace opens a
  /// statement journal for every row (it may delete one first); an insert does not, which is
  /// a quarter of a first import's write time.
  let insert: String
  /// An `INSERT OR IGNORE`, for rows whose identity may be stored already (an Apple Health
  /// workout imported again).
  let insertOrIgnore: String

  init(table: String, names: [String]) {
    let body =
      "INTO \(table) (\(names.joined(separator: ", "))) VALUES (\(placeholders(names.count)))"
    replace = "INSERT OR REPLACE " + body
    insert = "INSERT " + body
    insertOrIgnore = "INSERT OR IGNORE " + body
  }
}

extension StoredRecord {
  /// The columns a `SELECT` of the record lists.
  static var columns: String { table.selectList }

  /// The values of ``columns``, in order.
  var databaseValues: [DatabaseValue] { Self.table.values(of: self) }

  /// Decodes rows that select ``columns`` (in any order).
  static func decode(_ rows: [Row]) throws(StoreError) -> [Self] {
    try ColumnLayout.decode(rows, table) { reader throws(StoreError) in
      try Self(reading: &reader)
    }
  }

  /// Writes the record, replacing a stored one with the same ID.
  func save(_ db: Database) throws(StoreError) {
    try db.execute(Self.table.statements.replace, values: databaseValues)
  }

  /// Writes a record whose ID is not stored yet.
  func insert(_ db: Database) throws(StoreError) {
    try db.execute(Self.table.statements.insert, values: databaseValues)
  }
}
