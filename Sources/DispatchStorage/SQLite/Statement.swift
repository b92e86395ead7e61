internal import CSQLite
import Foundation

/// A prepared SQLite statement. Owned by one ``Database`` and finalized with it.
public final class Statement {
  /// The SQL text, kept for error messages.
  public let sql: String
  let handle: OpaquePointer
  unowned let database: Database

  init(database: Database, sql: String) throws(StoreError) {
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v2(database.handle, sql, -1, &statement, nil)
    guard code == SQLITE_OK, let statement else {
      sqlite3_finalize(statement)
      throw database.error(code: code, sql: sql)
    }
    self.sql = sql
    self.handle = statement
    self.database = database
  }

  /// The text of the current bindings, copied here so SQLite can read it in place
  /// (`SQLITE_STATIC`) instead of allocating its own copy of every string of every row — a
  /// tenth of a bulk import's time. Valid until the next ``bind(_:)``, which rebinds every
  /// parameter before the statement is stepped again.
  private var scratch: UnsafeMutableRawPointer?
  private var scratchCapacity = 0

  /// Where a declared column list's columns are in this statement's rows, resolved on its first
  /// read (``Database/forEachRow(_:_:reading:_:)``) and kept as long as the statement is cached.
  var declaredLayout: (table: String, layout: ColumnLayout)?

  deinit {
    sqlite3_finalize(handle)
    free(scratch)
  }

  /// Room for `count` bytes in ``scratch``; called only between a reset and the rebinding of
  /// every parameter, when nothing reads the old pointers.
  private func reserveScratch(_ count: Int) -> UnsafeMutableRawPointer? {
    guard count > scratchCapacity else { return scratch }
    let capacity = max(count, scratchCapacity * 2, 256)
    guard let grown = realloc(scratch, capacity) else { return nil }
    scratch = grown
    scratchCapacity = capacity
    return grown
  }

  /// Resets the statement and binds one value per `?` parameter, in order.
  public func bind(_ arguments: [any DatabaseValueConvertible]) throws(StoreError) {
    try bind(values: arguments.map(\.databaseValue))
  }

  /// Resets the statement and binds one value per `?` parameter, in order: the path for bulk
  /// writes, whose values need no existential boxes and run-time type lookups.
  public func bind(values: [DatabaseValue]) throws(StoreError) {
    // Every parameter is bound again below, so there is nothing to clear; SQLite reads the
    // old text pointers only when stepping, which happens after they are all replaced.
    sqlite3_reset(handle)
    let expected = Int(sqlite3_bind_parameter_count(handle))
    guard expected == values.count else {
      preconditionFailure("statement expects \(expected) arguments, got \(values.count): \(sql)")
    }
    var textBytes = 0
    for case .text(let text) in values { textBytes += text.utf8.count + 1 }
    let buffer = textBytes > 0 ? reserveScratch(textBytes) : nil
    var offset = 0
    for (position, value) in values.enumerated() {
      let index = Int32(position + 1)
      let code: Int32
      switch value {
      case .null: code = sqlite3_bind_null(handle, index)
      case .integer(let value): code = sqlite3_bind_int64(handle, index, value)
      case .real(let value): code = sqlite3_bind_double(handle, index, value)
      case .text(let text):
        // An explicit byte count keeps text after an embedded NUL, which -1 would cut off.
        let count = text.utf8.count
        if let buffer {
          let target = buffer + offset
          var copy = text
          copy.withUTF8 { bytes in
            if let source = bytes.baseAddress { target.copyMemory(from: source, byteCount: count) }
          }
          code = sqlite3_bind_text64(
            handle, index, target.assumingMemoryBound(to: CChar.self), sqlite3_uint64(count), nil,
            UInt8(SQLITE_UTF8))
          offset += count + 1
        } else {
          code = sqlite3_bind_text64(
            handle, index, text, sqlite3_uint64(count), csqlite_transient(), UInt8(SQLITE_UTF8))
        }
      case .blob(let bytes):
        code = bytes.withUnsafeBytes { buffer in
          sqlite3_bind_blob(
            handle, index, buffer.baseAddress, Int32(buffer.count), csqlite_transient())
        }
      }
      guard code == SQLITE_OK else { throw database.error(code: code, sql: sql) }
    }
  }

  /// Resets the statement so it no longer holds the read snapshot of an unfinished step.
  func reset() {
    sqlite3_reset(handle)
  }

  /// Runs the statement to completion, ignoring any rows.
  public func run() throws(StoreError) {
    while try step() {}
  }

  /// Advances one row; returns false when the statement is done.
  public func step() throws(StoreError) -> Bool {
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw database.error(code: code, sql: sql)
    }
  }

  /// The column names of the result.
  public var columnNames: [String] {
    (0..<sqlite3_column_count(handle)).map { String(cString: sqlite3_column_name(handle, $0)) }
  }

  /// Copies the current row out of SQLite.
  public func currentRow(names: [String]) -> Row {
    var values: [DatabaseValue] = []
    values.reserveCapacity(names.count)
    for column in 0..<Int32(names.count) {
      values.append(value(at: column))
    }
    return Row(values: values, columnNames: names)
  }

  private func value(at column: Int32) -> DatabaseValue {
    switch sqlite3_column_type(handle, column) {
    case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, column))
    case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, column))
    case SQLITE_TEXT:
      guard let text = sqlite3_column_text(handle, column) else { return .text("") }
      let count = Int(sqlite3_column_bytes(handle, column))
      let buffer = UnsafeBufferPointer(start: text, count: count)
      return .text(String(decoding: buffer, as: UTF8.self))
    case SQLITE_BLOB:
      let count = Int(sqlite3_column_bytes(handle, column))
      guard count > 0, let bytes = sqlite3_column_blob(handle, column) else { return .blob([]) }
      return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
    default: return .null
    }
  }
}

@available(*, unavailable, message: "a statement belongs to its connection's thread")
extension Statement: Sendable {}
