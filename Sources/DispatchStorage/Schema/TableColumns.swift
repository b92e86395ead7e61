import DispatchCore

/// How a column is declared in its table (its affinity and whether it may be NULL), so the
/// declaration can be checked against the shipped schema.
struct ColumnType: Sendable, Equatable {
  /// `TEXT`, `INTEGER` or `REAL`, as the `CREATE TABLE` says.
  let affinity: String
  let isNullable: Bool

  static let text = ColumnType(affinity: "TEXT", isNullable: false)
  static let optionalText = ColumnType(affinity: "TEXT", isNullable: true)
  static let integer = ColumnType(affinity: "INTEGER", isNullable: false)
  static let optionalInteger = ColumnType(affinity: "INTEGER", isNullable: true)
  static let real = ColumnType(affinity: "REAL", isNullable: false)
  static let optionalReal = ColumnType(affinity: "REAL", isNullable: true)
}

/// One column of a table as a record type maps it: its name, its type, and how a record's
/// value is written.
struct Column<Record>: Sendable {
  let name: String
  let type: ColumnType
  let encode: @Sendable (Record) -> DatabaseValue

  init(_ name: String, _ type: ColumnType, _ encode: @escaping @Sendable (Record) -> DatabaseValue)
  {
    self.name = name
    self.type = type
    self.encode = encode
  }
}

extension Column {
  /// The four columns of a ``RecordTime``: instant, zone, offset and precision, named
  /// `<instant>`, `<prefix>time_zone`, `<prefix>utc_offset_seconds`, `<prefix>precision`.
  static func time(
    _ instant: String, prefix: String = "", optional: Bool = false,
    _ time: @escaping @Sendable (Record) -> RecordTime?
  ) -> [Column] {
    [
      Column(instant, optional ? .optionalInteger : .integer) {
        DatabaseValue(time($0)?.instant.milliseconds)
      },
      Column(prefix + "time_zone", .optionalText) { DatabaseValue(time($0)?.timeZoneIdentifier) },
      Column(prefix + "utc_offset_seconds", optional ? .optionalInteger : .integer) {
        DatabaseValue(time($0)?.utcOffsetSeconds)
      },
      Column(prefix + "precision", optional ? .optionalText : .text) {
        DatabaseValue(time($0)?.precision.rawValue)
      },
    ]
  }
}

/// A table's columns, declared once per record type: the select list, the `INSERT`
/// statements with their placeholders, the values a record binds, and the positions decoding
/// reads all come from this one list. Shipped migrations still create the tables; a test
/// checks every declaration against the migrated schema.
struct TableColumns<Record>: Sendable {
  let table: String
  let columns: [Column<Record>]
  /// The column names, in declaration order.
  let names: [String]
  /// `id, kind, date_ms, …`: what a `SELECT` of the record lists.
  let selectList: String
  /// The `INSERT` statements of every column, built once (the statement cache is keyed by SQL).
  let statements: StoredRecordStatements
  /// Columns of the table this list leaves to other code (each named where it is declared), so
  /// the check against the schema knows them.
  let keptElsewhere: [String]

  init(_ table: String, _ columns: [Column<Record>], keptElsewhere: [String] = []) {
    self.table = table
    self.columns = columns
    self.keptElsewhere = keptElsewhere
    names = columns.map(\.name)
    selectList = names.joined(separator: ", ")
    statements = StoredRecordStatements(table: table, names: names)
  }

  /// The values `record` binds, in declaration order.
  func values(of record: Record) -> [DatabaseValue] {
    columns.map { $0.encode(record) }
  }

  /// Where each declared column is in a statement's result columns, resolved once per
  /// statement: decoding a row is then an array lookup per field.
  func layout(of resultColumns: [String]) throws(StoreError) -> ColumnLayout {
    var positions: [Int] = []
    positions.reserveCapacity(names.count)
    for name in names {
      guard let position = resultColumns.firstIndex(of: name) else {
        throw StoreError(.corruptValue, "table '\(table)' has no column '\(name)' in this row")
      }
      positions.append(position)
    }
    return ColumnLayout(names: names, positions: positions)
  }
}

/// Declared columns' positions in one statement's rows (``TableColumns/layout(of:)``).
struct ColumnLayout: Sendable {
  let names: [String]
  let positions: [Int]

  /// Decodes every row with `decode`, the layout shared by all of them.
  static func decode<Record>(
    _ rows: [Row], _ table: TableColumns<Record>,
    _ decode: (inout ColumnReader) throws(StoreError) -> Record
  ) throws(StoreError) -> [Record] {
    guard let first = rows.first else { return [] }
    let layout = try table.layout(of: first.columnNames)
    var records: [Record] = []
    records.reserveCapacity(rows.count)
    for row in rows {
      var reader = ColumnReader(row, layout)
      records.append(try decode(&reader))
    }
    return records
  }
}

/// Reads a row's declared columns by name, in declaration order: a name that is not the next
/// declared column is a programming error (checked in debug builds), so decoding cannot read
/// one column for another, and costs an array lookup per field.
struct ColumnReader {
  private let row: Row
  private let layout: ColumnLayout
  private var next = 0

  init(_ row: Row, _ layout: ColumnLayout) {
    self.row = row
    self.layout = layout
  }

  /// The raw value of the next column, which must be `name`.
  mutating func value(_ name: String) -> DatabaseValue {
    assert(layout.names[next] == name, "read '\(name)' where '\(layout.names[next])' is declared")
    defer { next += 1 }
    return row[layout.positions[next]]
  }

  mutating func text(_ name: String) -> String? {
    let position = position(name)
    return row.string(position)
  }

  mutating func requiredText(_ name: String) throws(StoreError) -> String {
    let position = position(name)
    return try row.requiredString(position)
  }

  mutating func int64(_ name: String) -> Int64? {
    let position = position(name)
    return row.int64(position)
  }

  mutating func requiredInt64(_ name: String) throws(StoreError) -> Int64 {
    let position = position(name)
    return try row.requiredInt64(position)
  }

  mutating func int(_ name: String) -> Int? {
    let position = position(name)
    return row.int(position)
  }

  mutating func double(_ name: String) -> Double? {
    let position = position(name)
    return row.double(position)
  }

  mutating func bool(_ name: String) -> Bool? {
    let position = position(name)
    return row.bool(position)
  }

  /// Passes over a declared column this decoding does not need (a key or a derived value the
  /// query still selects).
  mutating func skip(_ name: String) {
    _ = position(name)
  }

  /// The four columns of a ``RecordTime`` (see ``Column/time(_:prefix:optional:_:)``); nil
  /// when its instant is NULL.
  mutating func time(_ instant: String, prefix: String = "") -> RecordTime? {
    let milliseconds = int64(instant)
    let zone = text(prefix + "time_zone")
    let offset = int(prefix + "utc_offset_seconds")
    let precision = text(prefix + "precision")
    guard let milliseconds else { return nil }
    return RecordTime(
      Instant(milliseconds: milliseconds), timeZoneIdentifier: zone,
      utcOffsetSeconds: offset ?? 0,
      precision: precision.flatMap(TimestampPrecision.init(rawValue:)) ?? .exact)
  }

  /// A time the record cannot lack.
  mutating func requiredTime(_ instant: String, prefix: String = "") throws(StoreError)
    -> RecordTime
  {
    guard let time = time(instant, prefix: prefix) else {
      throw StoreError(.corruptValue, "a record has no time")
    }
    return time
  }

  private mutating func position(_ name: String) -> Int {
    assert(layout.names[next] == name, "read '\(name)' where '\(layout.names[next])' is declared")
    defer { next += 1 }
    return layout.positions[next]
  }
}
