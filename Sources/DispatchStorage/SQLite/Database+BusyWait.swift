internal import CSQLite
import Foundation

/// Waiting for another process's write lock (an import holds it for its transaction).
///
/// SQLite's plain busy timeout gives up silently; this handler waits as long as the caller
/// allows, in short sleeps, and says once that it is waiting, so a person who files a report
/// during an import sees why it takes a moment instead of losing the report to "database is
/// locked". While it waits it raises the store's ``WriterWaiting`` flag, which a long import
/// checks between batches to let the waiting write in (docs/cli.md#a-busy-store).
final class BusyWait {
  let limit: TimeInterval
  let notice: (() -> Void)?
  /// The flag to raise while waiting; nil for an in-memory database, or while this
  /// connection is the long writer itself.
  var flag: WriterWaiting?
  private var started: Date?
  private var noticed = false
  private var lastRaised: Date?
  /// How long to wait before saying so: shorter waits are ordinary contention.
  static let noticeAfter: TimeInterval = 1
  /// How long to wait before asking a long writer to make way, and how often to ask again.
  static let raiseAfter: TimeInterval = 0.02
  static let raiseEvery: TimeInterval = 0.2

  init(limit: TimeInterval, notice: (() -> Void)?, flag: WriterWaiting?) {
    self.limit = limit
    self.notice = notice
    self.flag = flag
  }

  deinit {
    if lastRaised != nil { flag?.lower() }
  }

  /// Whether to try again after the `count`-th busy answer of one locking attempt (SQLite
  /// counts from 0 for each attempt).
  func shouldRetry(_ count: Int32) -> Bool {
    let now = Date()
    if count == 0 || started == nil { started = now }
    let waited = now.timeIntervalSince(started ?? now)
    guard waited < limit else { return false }
    if let flag, waited >= Self.raiseAfter,
      lastRaised.map({ now.timeIntervalSince($0) >= Self.raiseEvery }) ?? true
    {
      flag.raise()
      lastRaised = now
    }
    if !noticed && waited >= Self.noticeAfter {
      noticed = true
      notice?()
    }
    // 5 ms at first, up to 100 ms: a short wait is answered quickly, a long one costs nothing.
    usleep(useconds_t(min(5_000 * (Int(count) + 1), 100_000)))
    return true
  }
}

extension Database {
  /// Waits up to `limit` seconds whenever another connection holds a lock this one needs,
  /// calling `notice` once when a wait passes one second.
  public func waitForLocks(upTo limit: TimeInterval, notice: (() -> Void)? = nil) {
    let wait = BusyWait(
      limit: limit, notice: notice, flag: path == ":memory:" ? nil : WriterWaiting(storePath: path))
    busyWait = wait
    sqlite3_busy_handler(
      handle,
      { context, count in
        guard let context else { return 0 }
        return Unmanaged<BusyWait>.fromOpaque(context).takeUnretainedValue().shouldRetry(count)
          ? 1 : 0
      }, Unmanaged.passUnretained(wait).toOpaque())
  }
}

extension StoreError {
  /// Whether another process held the store (its lock or a checkpoint) for longer than this
  /// one waited: the same write works later.
  public var isBusy: Bool {
    kind == .busy || sqliteCode == SQLITE_BUSY || sqliteCode == SQLITE_LOCKED
  }

  /// Whether the disk (or the file-size limit) is full: the same write works once space is
  /// freed.
  public var isDiskFull: Bool {
    sqliteCode == SQLITE_FULL
  }
}

extension DispatchStore {
  /// Waits up to `limit` seconds for another process's lock before a write gives up, calling
  /// `notice` once when a wait passes one second (see ``BusyWait``).
  public func waitForLocks(upTo limit: TimeInterval, notice: (() -> Void)? = nil) {
    database.waitForLocks(upTo: limit, notice: notice)
  }
}
