/// A sample's columns in `health_samples`, with the reader's string numbers already mapped to
/// store ids.
struct HealthSampleColumns {
  /// The row id, which the inserter gives each row it writes.
  var id: Int64 = 0
  var type: Int64
  var source: Int64
  var sourceVersion: Int64?
  var device: Int64?
  var unit: Int64?
  var value: Double?
  var valueText: Int64?
  var start: Int64
  var end: Int64
  var startOffset: Int64
  var endOffset: Int64
  var creation: Int64?
  var timeZone: Int64?
  var hash: Int64

  /// The table's columns, declared once: the inserter's statements and its binding come from
  /// this list.
  static let table = TableColumns<HealthSampleColumns>(
    "health_samples",
    [
      // `INTEGER PRIMARY KEY` without `NOT NULL`: the schema would let SQLite pick the rowid.
      Column("id", .optionalInteger) { .integer($0.id) },
      Column("type_id", .integer) { .integer($0.type) },
      Column("source_id", .integer) { .integer($0.source) },
      Column("source_version_id", .optionalInteger) { DatabaseValue($0.sourceVersion) },
      Column("device_id", .optionalInteger) { DatabaseValue($0.device) },
      Column("unit_id", .optionalInteger) { DatabaseValue($0.unit) },
      Column("value", .optionalReal) { DatabaseValue($0.value) },
      Column("value_text_id", .optionalInteger) { DatabaseValue($0.valueText) },
      Column("start_ms", .integer) { .integer($0.start) },
      Column("end_ms", .integer) { .integer($0.end) },
      Column("start_offset_s", .integer) { .integer($0.startOffset) },
      Column("end_offset_s", .integer) { .integer($0.endOffset) },
      Column("creation_ms", .optionalInteger) { DatabaseValue($0.creation) },
      Column("time_zone_id", .optionalInteger) { DatabaseValue($0.timeZone) },
      Column("content_hash", .integer) { .integer($0.hash) },
    ])
}

/// Inserts Apple Health samples sixteen rows per statement: one statement per row spends
/// about 40 % of SQLite's time opening cursors and starting and halting the program
/// (measured on the 3M-sample import: 6.5 s → 3.9–4.3 s of inserts). A sample whose identity
/// (type, start, content hash) is stored already is skipped by `OR IGNORE`; since the writer
/// gives each row its id, the rows a statement inserted are known without a query whenever it
/// inserted all of them or none.
final class HealthSampleInserter {
  static let rowsPerStatement = 16

  /// The declared columns, read once (a static is checked for initialization at every use).
  private let columns = HealthSampleColumns.table.columns
  private let single: Statement
  private let chunk: Statement
  private let storedIDs: Statement
  /// The id the next row gets; ids of ignored rows stay unused.
  private var nextID: Int64

  init(db: Database) throws(StoreError) {
    let table = HealthSampleColumns.table
    let insert = "INSERT OR IGNORE INTO \(table.table) (\(table.selectList)) VALUES"
    let row = "(" + placeholders(table.columns.count) + ")"
    single = try db.statement(insert + " " + row)
    chunk = try db.statement(
      insert + " " + Array(repeating: row, count: Self.rowsPerStatement).joined(separator: ", "))
    storedIDs = try db.statement("SELECT id FROM health_samples WHERE id BETWEEN ? AND ?")
    nextID = Int64(try db.scalarInt("SELECT max(id) FROM health_samples") ?? 0) + 1
  }

  /// Inserts `rows` in order; for each, its new id, or nil when its identity was stored
  /// already (before this call or earlier in `rows`).
  func insert(_ rows: [HealthSampleColumns]) throws(StoreError) -> [Int64?] {
    var ids = [Int64?](repeating: nil, count: rows.count)
    var start = 0
    while start + Self.rowsPerStatement <= rows.count {
      let first = nextID
      chunk.beginRow()
      for offset in 0..<Self.rowsPerStatement {
        bind(chunk, rows[start + offset], id: first + Int64(offset), at: Int32(offset))
      }
      let inserted = try chunk.stepChanges()
      nextID += Int64(Self.rowsPerStatement)
      if inserted == Self.rowsPerStatement {
        for offset in 0..<Self.rowsPerStatement { ids[start + offset] = first + Int64(offset) }
      } else if inserted > 0 {
        for id in try stored(from: first, to: nextID - 1) { ids[start + Int(id - first)] = id }
      }
      start += Self.rowsPerStatement
    }
    for index in start..<rows.count {
      single.beginRow()
      bind(single, rows[index], id: nextID, at: 0)
      if try single.stepRow() { ids[index] = nextID }
      nextID += 1
    }
    return ids
  }

  /// The ids in `first...last` that are stored.
  private func stored(from first: Int64, to last: Int64) throws(StoreError) -> [Int64] {
    storedIDs.beginRow()
    storedIDs.bind(1, first)
    storedIDs.bind(2, last)
    var ids: [Int64] = []
    while try storedIDs.step() { ids.append(storedIDs.integer(at: 0)) }
    storedIDs.reset()
    return ids
  }

  /// Binds row number `slot` of a statement, giving the row `id`.
  private func bind(_ statement: Statement, _ row: HealthSampleColumns, id: Int64, at slot: Int32) {
    var row = row
    row.id = id
    let base = slot * Int32(columns.count)
    // Each column's encoder is called in place: iterating the `Column` values would copy
    // (retain and release) each one's name and type for every one of the millions of values,
    // and taking the encoders out with `map(\.encode)` wraps each in a reabstraction thunk
    // that copies the row per call (the 30k-record import: +6.7% and +9.3% instructions).
    for index in columns.indices {
      statement.bind(base + Int32(index) + 1, columns[index].encode(row))
    }
  }
}
