/// A record kept whole in one table under its text ID: what an import merges by ID
/// (``DirectRecordMerge``) and what `save` writes.
protocol StoredRecord: Equatable, Identifiable where ID == String {
  /// The columns in the order of ``databaseValues`` and of `init(row:)`.
  static var columns: String { get }
  /// Its table's insert statements, built once per type: the statement cache is keyed by the
  /// SQL text, and a bulk import saves a hundred thousand rows.
  static var statements: StoredRecordStatements { get }
  init(row: Row) throws(StoreError)
  /// The values of ``columns``, in order.
  var databaseValues: [DatabaseValue] { get }
}

/// The two ways a ``StoredRecord`` is written.
struct StoredRecordStatements: Sendable {
  /// `INSERT OR REPLACE` of every column.
  let replace: String
  /// A plain `INSERT`, for rows known to be new. With foreign keys on, a replace opens a
  /// statement journal for every row (it may delete one first); an insert does not, which is
  /// a quarter of a first import's write time.
  let insert: String

  init(table: String, columns: String) {
    let count = columns.split(separator: ",").count
    let body = "INTO \(table) (\(columns)) VALUES (\(placeholders(count)))"
    replace = "INSERT OR REPLACE " + body
    insert = "INSERT " + body
  }
}

extension StoredRecord {
  /// Writes the record, replacing a stored one with the same ID.
  func save(_ db: Database) throws(StoreError) {
    try db.execute(Self.statements.replace, values: databaseValues)
  }

  /// Writes a record whose ID is not stored yet.
  func insert(_ db: Database) throws(StoreError) {
    try db.execute(Self.statements.insert, values: databaseValues)
  }
}
