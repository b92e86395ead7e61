internal import CSQLite
import Foundation

/// One SQLite connection.
///
/// Not thread-safe: use it from one thread at a time. Every access goes through
/// ``read(_:)`` or ``write(_:)``, which wrap the work in a transaction (or a savepoint when one is
/// already open) that commits on return and rolls back on the first error.
public final class Database {
  /// How to open a store file.
  public enum OpenMode: Sendable {
    /// Open an existing file for reading only; never creates it.
    case readOnly
    /// Read an existing file without locking it or creating `-wal`/`-shm` companions
    /// (SQLite's `immutable` URI parameter): only for a file no process can be writing (a
    /// read-only folder and no log), because commits still in a log are not seen.
    case inspect
    /// Open an existing file for reading and writing; never creates it.
    case readWrite
    /// Open for reading and writing, creating the file (mode 0600) when missing.
    case create
  }

  let handle: OpaquePointer
  /// The file path, or ":memory:".
  public let path: String
  private var statementCache: [String: Statement] = [:]
  /// What ``DispatchStore/memoized(_:_:)`` keeps, with the change stamp when it was made.
  var memos: [String: (stamp: [Int64], value: Any)] = [:]
  /// Work to do inside every top-level write transaction just before it commits (the store
  /// brings its search index up to date here). An error rolls the transaction back.
  public var willCommit: ((Database) throws -> Void)?
  /// The handler ``waitForLocks(upTo:notice:)`` installed; kept alive with the connection.
  var busyWait: BusyWait?

  /// Whether the connection cannot write (opened read-only).
  public var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

  /// Opens a connection to a file.
  ///
  /// - Throws: ``StoreError`` with kind `missingStore` when the file is absent and `mode` does not
  ///   create it, `unreadableStore` when it cannot be opened, `walUnavailable` when the journal
  ///   cannot switch to WAL.
  public init(path: String, mode: OpenMode, busyTimeout: TimeInterval = 5) throws(StoreError) {
    let exists = FileManager.default.fileExists(atPath: path)
    if !exists {
      guard mode == .create else {
        throw StoreError(.missingStore, "no store at '\(path)'")
      }
      try Self.createPrivateFile(at: path)
    }
    _ = Self.processConfigured
    // https://sqlite.org/c3ref/open.html: NOMUTEX because a Database is used from one thread.
    var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
    var name = path
    switch mode {
    case .readOnly: flags |= SQLITE_OPEN_READONLY
    case .inspect:
      // https://sqlite.org/uri.html#uriimmutable
      flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
      name = "file:" + Self.percentEncoded(path) + "?immutable=1"
    case .readWrite, .create: flags |= SQLITE_OPEN_READWRITE
    }
    var connection: OpaquePointer?
    let code = sqlite3_open_v2(name, &connection, flags, nil)
    guard code == SQLITE_OK, let connection else {
      // The handle must be closed even when opening failed.
      sqlite3_close_v2(connection)
      throw StoreError(.unreadableStore, "cannot open store '\(path)': \(Self.describe(code))")
    }
    self.handle = connection
    self.path = path
    try configure(busyTimeout: busyTimeout, readOnly: mode == .readOnly || mode == .inspect)
  }

  /// SQLite's process-wide settings, applied before the first connection (a lazy global runs
  /// once, whichever thread opens first).
  private static let processConfigured: Int32 = csqlite_configure_process()

  /// Opens a private in-memory database, for tests and scratch work.
  public init() throws(StoreError) {
    _ = Self.processConfigured
    var connection: OpaquePointer?
    let code = sqlite3_open_v2(
      ":memory:", &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil)
    guard code == SQLITE_OK, let connection else {
      sqlite3_close_v2(connection)
      throw StoreError(.unreadableStore, "cannot open an in-memory database")
    }
    self.handle = connection
    self.path = ":memory:"
    try configure(busyTimeout: 0, readOnly: false)
  }

  deinit {
    statementCache.removeAll()
    sqlite3_close_v2(handle)
  }

  private static func createPrivateFile(at path: String) throws(StoreError) {
    let directory = (path as NSString).deletingLastPathComponent
    if !directory.isEmpty {
      do {
        try FileManager.default.createDirectory(
          atPath: directory, withIntermediateDirectories: true,
          attributes: [.posixPermissions: 0o700])
      } catch {
        throw StoreError(.unreadableStore, "cannot create folder '\(directory)' for the store")
      }
    }
    // An empty file is a valid empty SQLite database; creating it ourselves fixes the mode at
    // 0600, and SQLite gives the -wal and -shm files the same mode as the database file.
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard descriptor >= 0 else {
      throw StoreError(
        .unreadableStore, "cannot create store '\(path)': \(String(cString: strerror(errno)))")
    }
    close(descriptor)
  }

  private func configure(busyTimeout: TimeInterval, readOnly: Bool) throws(StoreError) {
    sqlite3_extended_result_codes(handle, 1)
    sqlite3_busy_timeout(handle, Int32(busyTimeout * 1000))
    _ = csqlite_disable_double_quoted_strings(handle)
    try execute("PRAGMA foreign_keys = ON")
    try registerFunctions()
    // Statement journals (every INSERT OR REPLACE and foreign-key check in a transaction opens
    // one) and temporary tables stay in memory: as files they cost a write system call per
    // page touched, eight per row of a bulk import (https://sqlite.org/tempfiles.html).
    try execute("PRAGMA temp_store = MEMORY")
    guard path != ":memory:" else { return }
    // Probing the schema is the first read: it reports SQLITE_NOTADB for a file that is not
    // a database at all.
    do {
      _ = try scalarInt("SELECT count(*) FROM sqlite_schema")
    } catch {
      if error.sqliteCode == SQLITE_NOTADB {
        throw StoreError(
          .notADispatchStore, "'\(path)' is not a Dispatch store (not a SQLite file)")
      }
      throw StoreError(.unreadableStore, "cannot read store '\(path)': \(error.message)")
    }
    if readOnly {
      return
    }
    // 16 KiB pages for a new store: the Apple Health import of 3M samples takes 14 % less CPU
    // than with 4 KiB pages (fewer b-tree splits and WAL frames). A no-op for an existing
    // store, whose page size is fixed once it has content.
    try execute("PRAGMA page_size = 16384")
    // https://sqlite.org/pragma.html#pragma_journal_mode: the pragma returns the mode in force,
    // which is not WAL when the file system cannot support it.
    let mode = try rows("PRAGMA journal_mode = WAL").first?.string(0)
    guard mode?.lowercased() == "wal" else {
      throw StoreError(.walUnavailable, "cannot use write-ahead logging for '\(path)'")
    }
    try execute("PRAGMA synchronous = NORMAL")
    // A writer that stays open (the server's, the daemon's) keeps the pages it touches: the
    // default 2 MiB holds 125 of 16 KiB, fewer than one report's indexes and vocabulary need,
    // so every transaction read most of them again from the file. The cache grows only as it
    // is used.
    try execute("PRAGMA cache_size = -32768")
  }

  /// Escapes the characters a URI filename cannot hold literally.
  private static func percentEncoded(_ path: String) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "?#%")
    return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
  }

  // MARK: - Running SQL

  /// Returns a cached prepared statement for `sql`.
  public func statement(_ sql: String) throws(StoreError) -> Statement {
    if let cached = statementCache[sql] { return cached }
    let statement = try Statement(database: self, sql: sql)
    statementCache[sql] = statement
    return statement
  }

  /// Runs one or more statements that take no arguments and return no rows.
  public func executeScript(_ sql: String) throws(StoreError) {
    var message: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(handle, sql, nil, nil, &message)
    defer { sqlite3_free(message) }
    guard code == SQLITE_OK else {
      let text = message.map { String(cString: $0) } ?? Self.describe(code)
      throw StoreError(.sqlite(code: code), text, sql: sql)
    }
  }

  /// Runs one statement with bound arguments, ignoring any rows.
  public func execute(_ sql: String, _ arguments: [any DatabaseValueConvertible] = [])
    throws(StoreError)
  {
    let statement = try statement(sql)
    try statement.bind(arguments)
    try statement.run()
  }

  /// Runs one statement with bound values (see ``Statement/bind(values:)``), ignoring any rows.
  public func execute(_ sql: String, values: [DatabaseValue]) throws(StoreError) {
    let statement = try statement(sql)
    try statement.bind(values: values)
    try statement.run()
  }

  /// Calls `body` with every row of a query, without collecting them.
  public func forEachRow(
    _ sql: String, _ arguments: [any DatabaseValueConvertible] = [],
    _ body: (Row) throws -> Void
  ) throws {
    let statement = try statement(sql)
    try statement.bind(arguments)
    // A body that throws leaves the statement mid-step, which would keep its read snapshot
    // (and block checkpoints) until the next use of the same SQL.
    defer { statement.reset() }
    let names = statement.columnNames
    while try statement.step() {
      try body(statement.currentRow(names: names))
    }
  }

  /// All rows of a query.
  public func rows(_ sql: String, _ arguments: [any DatabaseValueConvertible] = [])
    throws(StoreError) -> [Row]
  {
    let statement = try statement(sql)
    try statement.bind(arguments)
    let names = statement.columnNames
    var result: [Row] = []
    while try statement.step() {
      result.append(statement.currentRow(names: names))
    }
    return result
  }

  /// The first column of the first row as an integer, or nil when there is no row or it is NULL.
  public func scalarInt(_ sql: String, _ arguments: [any DatabaseValueConvertible] = [])
    throws(StoreError) -> Int?
  {
    try rows(sql, arguments).first?.int(0)
  }

  /// Whether a table has any row at all (one step into its B-tree). `table` is a name from
  /// code, never from input.
  func hasRows(_ table: String) throws(StoreError) -> Bool {
    try scalarInt("SELECT EXISTS (SELECT 1 FROM \(Self.quoteIdentifier(table)))") == 1
  }

  /// The number of rows the last INSERT, UPDATE or DELETE changed.
  public var changes: Int {
    Int(sqlite3_changes(handle))
  }

  /// A value that differs whenever the database may have changed since it was last read: a
  /// commit by another connection moves `PRAGMA data_version`, a change by this one the count
  /// of rows it has changed (https://sqlite.org/pragma.html#pragma_data_version).
  public func changeStamp() throws(StoreError) -> [Int64] {
    [Int64(try scalarInt("PRAGMA data_version") ?? 0), sqlite3_total_changes64(handle)]
  }

  /// Whether a transaction is open on this connection.
  public var isInTransaction: Bool {
    sqlite3_get_autocommit(handle) == 0
  }

  /// The version of the SQLite library in use, e.g. `3.40.1`.
  public static var libraryVersion: String { String(cString: sqlite3_libversion()) }

  /// Quotes an identifier (table or column name) for SQL. Values are bound, never quoted.
  public static func quoteIdentifier(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  // MARK: - Errors

  func error(code: Int32, sql: String?) -> StoreError {
    let message = String(cString: sqlite3_errmsg(handle))
    return StoreError(.sqlite(code: code), message, sql: sql)
  }

  static func describe(_ code: Int32) -> String {
    String(cString: sqlite3_errstr(code))
  }
}

@available(*, unavailable, message: "a connection is used from one thread at a time")
extension Database: Sendable {}
