import DispatchCore
import Foundation

/// A Dispatch store: one SQLite file holding every record (docs/store.md#the-store).
///
/// The entry point for the command line and for embedders. Not thread-safe: use one store from
/// one thread at a time.
public final class DispatchStore {
  /// What the caller will do with the store.
  public enum Access: Sendable {
    /// Only reads: a missing file is an error (`StoreError.Kind.missingStore`).
    case read
    /// Writes: a missing file is created with mode 0600.
    case write
    /// Only reads, through a read-only connection that never writes, locks out writers or
    /// waits on them: for status bars polling while the daemon writes. A missing file is an
    /// error; a store an older Dispatch left is migrated once, as by any other command.
    case readOnly
  }

  /// The SQLite connection: internal to the store target, so every other layer reads through
  /// named methods and writes through ``write(_:)``.
  let database: Database
  /// The clock, ID source and zone the store stamps its own rows with (the prompt log, the
  /// outbox's queue times, saved queries): the creator's, kept private to the store target.
  let environment: RunEnvironment

  /// Opens (and, for writers, creates) the store at `path`, migrating it to this version.
  ///
  /// - Parameter environment: the run's clock, IDs and zone; the store uses it only for the
  ///   rows it stamps itself, and callers pass the same value to the workflows they run.
  public init(path: String, access: Access, environment: RunEnvironment = .current) throws {
    self.environment = environment
    try Self.identifyBeforeOpening(path, access: access)
    if access != .write, let database = try Self.openUnchanging(path) {
      self.database = database
      return
    }
    if access == .readOnly, let database = try Self.openReadOnly(path) {
      self.database = database
      return
    }
    database = try Database(path: path, mode: access == .write ? .create : .readWrite)
    try Self.checkIdentity(database)
    try migrateAndIndex()
  }

  /// Brings a writable connection's schema and search index up to date, and keeps the index in
  /// step from then on.
  private func migrateAndIndex() throws {
    try StoreSchema.migrator.migrate(database)
    database.willCommit = SearchIndexer.flush
    // An import killed after it made way for another writer left part of itself: undo it. A
    // store another process is busy with is left for the next open; a live import's journal
    // is not this process's business (and waiting for its lock here would stall a report).
    if try ImportJournal.hasAbandoned(database) {
      try? database.inTransaction(.immediate) {
        try ImportJournal.undoAbandoned($0, refusingLive: false)
      }
    }
    // Records a migration queued, or other tools changed, are indexed before anyone reads.
    try flushSearchIndex()
  }

  /// Refuses a file that is not a store before any connection touches it (a connection that
  /// opens it leaves `-wal`/`-shm` files, and a file that is not ours must stay as it was).
  /// The judgement reads the header, never the tables: see ``StoreFileIdentity``.
  private static func identifyBeforeOpening(_ path: String, access: Access) throws {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return }
    if isFolder.boolValue {
      throw StoreError(.unreadableStore, "'\(path)' is a folder, not a store file")
    }
    guard FileManager.default.isReadableFile(atPath: path) else {
      throw StoreError(.unreadableStore, "cannot read store '\(path)': permission denied")
    }
    switch StoreFileIdentity.of(path: path, applicationID: Int32(StoreSchema.applicationID)) {
    case .notSQLite:
      throw StoreError(.notADispatchStore, "'\(path)' is not a Dispatch store (not a SQLite file)")
    case .otherProgram:
      throw StoreError(
        .notADispatchStore, "'\(path)' is a SQLite database but not a Dispatch store")
    case .empty where access != .write:
      throw StoreError(.missingStore, "'\(path)' is an empty file, not a Dispatch store yet")
    case .empty, .dispatch, .undecided:
      return
    }
  }

  /// A connection to a store no process can be changing, because its folder is closed to
  /// writers and it has no log: a store on read-only media or in someone else's folder. The
  /// ordinary open would need to create the `-wal` and `-shm` files beside it, and fail.
  private static func openUnchanging(_ path: String) throws -> Database? {
    let folder = (path as NSString).deletingLastPathComponent
    guard !FileManager.default.isWritableFile(atPath: folder.isEmpty ? "." : folder),
      !FileManager.default.fileExists(atPath: path + "-wal")
    else { return nil }
    let database = try Database(path: path, mode: .inspect)
    let isEmpty = try checkIdentity(database)
    if isEmpty {
      throw StoreError(.missingStore, "'\(path)' is an empty file, not a Dispatch store yet")
    }
    if try StoreSchema.migrator.hasPendingMigrations(in: database) {
      throw StoreError(
        .unreadableStore,
        "'\(path)' was written by an older Dispatch and must be upgraded, but its folder is read-only"
      )
    }
    return database
  }

  /// A read-only connection to an up-to-date store, or nil when the store needs migrating (or
  /// is empty) and must go through the ordinary open.
  private static func openReadOnly(_ path: String) throws -> Database? {
    guard FileManager.default.fileExists(atPath: path) else {
      throw StoreError(.missingStore, "no store at '\(path)'")
    }
    let database = try Database(path: path, mode: .readOnly)
    let isEmpty = try checkIdentity(database)
    guard !isEmpty, try !StoreSchema.migrator.hasPendingMigrations(in: database) else {
      return nil
    }
    return database
  }

  /// Opens a fresh in-memory store, for tests and scratch work.
  public init(environment: RunEnvironment = .current) throws {
    database = try Database()
    self.environment = environment
    try migrateAndIndex()
  }

  /// Refuses files that are SQLite but not a Dispatch store, and stores from a newer Dispatch.
  ///
  /// - Returns: whether the database is empty (a new file with no schema yet).
  @discardableResult
  private static func checkIdentity(_ db: Database) throws -> Bool {
    let applicationID = try db.scalarInt("PRAGMA application_id") ?? 0
    let objectCount = try db.scalarInt("SELECT count(*) FROM sqlite_schema") ?? 0
    if applicationID == StoreSchema.applicationID {
      try StoreSchema.migrator.checkNotNewer(db)
    } else if applicationID != 0 || objectCount > 0 {
      throw StoreError(
        .notADispatchStore, "'\(db.path)' is a SQLite database but not a Dispatch store")
    }
    return objectCount == 0
  }

  /// Whether the store holds no questions and no reports (so the first report seeds defaults).
  public func isEmpty() throws -> Bool {
    let questions = try database.scalarInt("SELECT count(*) FROM questions") ?? 0
    let reports = try database.scalarInt("SELECT count(*) FROM reports") ?? 0
    return questions == 0 && reports == 0
  }
}

/// Settings and the event log.
extension SettingsView {

  /// The stored value of a setting, or nil.
  public func setting(_ key: String) throws -> String? {
    try database.rows("SELECT value FROM settings WHERE key = ?", [key]).first?.string(0)
  }

  /// Stores a setting.
  public func setSetting(_ key: String, _ value: String) throws {
    try write { try $0.setSetting(key, value) }
  }

  /// Removes a setting.
  public func removeSetting(_ key: String) throws {
    try write { try $0.removeSetting(key) }
  }

  /// The stored value of a setting; when it has none, stores `value` first. One transaction,
  /// so two processes making a key at once end up with the same one.
  public func setting(_ key: String, storingIfAbsent value: String) throws -> String {
    try write { tx in
      try tx.database.execute(
        "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
        [key, value])
      return try tx.database.rows("SELECT value FROM settings WHERE key = ?", [key]).first?
        .string(0) ?? value
    }
  }

  /// Appends to the event log (for diagnostics; never holds answers).
  public func logEvent(_ kind: String, detail: String? = nil) throws {
    try write { try $0.logEvent(kind, detail: detail) }
  }

  /// Whether the user is awake (prompts fire only while awake). Defaults to true.
  public func isAwake() throws -> Bool {
    try setting(SettingKey.awake) != "false"
  }
}

extension MaintenanceView {
  /// Counts of the main record kinds.
  public func counts() throws -> StoreCounts {
    try database.read { db in
      StoreCounts(
        questions: try db.scalarInt("SELECT count(*) FROM questions") ?? 0,
        reports: try db.scalarInt("SELECT count(*) FROM reports WHERE is_draft = 0") ?? 0,
        drafts: try db.scalarInt("SELECT count(*) FROM reports WHERE is_draft = 1") ?? 0,
        responses: try db.scalarInt("SELECT count(*) FROM responses") ?? 0,
        people: try db.scalarInt("SELECT count(*) FROM people") ?? 0,
        promptGroups: try db.scalarInt("SELECT count(*) FROM prompt_groups") ?? 0)
    }
  }
}

/// How many records a store holds.
public struct StoreCounts: Sendable, Equatable {
  public var questions: Int
  public var reports: Int
  public var drafts: Int
  public var responses: Int
  public var people: Int
  public var promptGroups: Int
}

/// Keys of settings the store keeps.
public enum SettingKey {
  /// "true" or "false": the awake/asleep state toggled by `wake` and `sleep`.
  public static let awake = "awake"
  /// The default time zone for zone-less sources and planning.
  public static let timeZone = "timeZone"
}

@available(*, unavailable, message: "a store is used from one thread at a time")
extension DispatchStore: Sendable {}

extension StoreTransaction {
  /// Stores a setting.
  public func setSetting(_ key: String, _ value: String) throws {
    try database.execute(
      "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      [key, value])
  }

  /// Removes a setting.
  public func removeSetting(_ key: String) throws {
    try database.execute("DELETE FROM settings WHERE key = ?", [key])
  }

  /// Appends to the event log (for diagnostics; never holds answers).
  public func logEvent(_ kind: String, detail: String? = nil) throws {
    try database.execute(
      "INSERT INTO event_log (at_ms, kind, detail) VALUES (?, ?, ?)",
      [environment.now().milliseconds, kind, detail])
  }
}
