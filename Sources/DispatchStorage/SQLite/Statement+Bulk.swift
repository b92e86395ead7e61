internal import CSQLite

/// Binding parameter by parameter, for writers that insert millions of rows (the Apple Health
/// import): no array of values per row, text read in place from the caller's memory.
extension Statement {
  /// Starts a new row: resets the statement. Every parameter must then be bound.
  func beginRow() {
    sqlite3_reset(handle)
  }

  func bind(_ index: Int32, _ value: Int64) {
    sqlite3_bind_int64(handle, index, value)
  }

  func bind(_ index: Int32, _ value: Double) {
    sqlite3_bind_double(handle, index, value)
  }

  /// Binds `value`, or null when it is nil.
  func bind(_ index: Int32, _ value: Int64?) {
    if let value {
      sqlite3_bind_int64(handle, index, value)
    } else {
      sqlite3_bind_null(handle, index)
    }
  }

  /// Binds `value`, or null when it is nil.
  func bind(_ index: Int32, _ value: Double?) {
    if let value {
      sqlite3_bind_double(handle, index, value)
    } else {
      sqlite3_bind_null(handle, index)
    }
  }

  /// Binds a value a declared column encoded (``Column/encode``); text is copied.
  func bind(_ index: Int32, _ value: DatabaseValue) {
    switch value {
    case .null: sqlite3_bind_null(handle, index)
    case .integer(let value): sqlite3_bind_int64(handle, index, value)
    case .real(let value): sqlite3_bind_double(handle, index, value)
    case .text(let text): bindText(index, text)
    case .blob(let bytes):
      bytes.withUnsafeBytes { buffer in
        _ = sqlite3_bind_blob64(
          handle, index, buffer.baseAddress, sqlite3_uint64(buffer.count), csqlite_transient())
      }
    }
  }

  func bindNull(_ index: Int32) {
    sqlite3_bind_null(handle, index)
  }

  /// Binds text SQLite reads in place: `bytes` must stay valid until the row is stepped.
  func bindText(_ index: Int32, _ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else {
      sqlite3_bind_text64(handle, index, "", 0, csqlite_transient(), UInt8(SQLITE_UTF8))
      return
    }
    let start = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
    sqlite3_bind_text64(handle, index, start, sqlite3_uint64(bytes.count), nil, UInt8(SQLITE_UTF8))
  }

  /// Binds a copy of `text` (SQLite keeps its own).
  func bindText(_ index: Int32, _ text: String) {
    sqlite3_bind_text64(
      handle, index, text, sqlite3_uint64(text.utf8.count), csqlite_transient(), UInt8(SQLITE_UTF8))
  }

  /// Runs the bound row; whether it changed a row (false for an `INSERT OR IGNORE` that found
  /// its key taken).
  func stepRow() throws(StoreError) -> Bool {
    let code = sqlite3_step(handle)
    guard code == SQLITE_DONE || code == SQLITE_ROW else {
      throw database.error(code: code, sql: sql)
    }
    return sqlite3_changes(sqlite3_db_handle(handle)) > 0
  }

  /// Runs the bound statement; the number of rows it changed.
  func stepChanges() throws(StoreError) -> Int {
    let code = sqlite3_step(handle)
    guard code == SQLITE_DONE || code == SQLITE_ROW else {
      throw database.error(code: code, sql: sql)
    }
    return Int(sqlite3_changes(sqlite3_db_handle(handle)))
  }

  /// The first column of the current row as an integer, after a ``step()`` that returned true.
  func integer(at column: Int32) -> Int64 {
    sqlite3_column_int64(handle, column)
  }
}

extension Database {
  /// The rowid of the last row inserted.
  var lastInsertedRowID: Int64 {
    sqlite3_last_insert_rowid(handle)
  }
}
