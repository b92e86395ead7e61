internal import CSQLite
import Foundation

/// Waiting for another process's write lock (an import holds it for its whole transaction).
///
/// SQLite's plain busy timeout gives up silently; this handler waits as long as the caller
/// allows, in short sleeps, and says once that it is waiting, so a person who files a report
/// during an import sees why it takes a moment instead of losing the report to "database is
/// locked".
final class BusyWait {
  let limit: TimeInterval
  let notice: (() -> Void)?
  private var started: Date?
  private var noticed = false
  /// How long to wait before saying so: shorter waits are ordinary contention.
  static let noticeAfter: TimeInterval = 1

  init(limit: TimeInterval, notice: (() -> Void)?) {
    self.limit = limit
    self.notice = notice
  }

  /// Whether to try again after the `count`-th busy answer of one locking attempt (SQLite
  /// counts from 0 for each attempt).
  func shouldRetry(_ count: Int32) -> Bool {
    let now = Date()
    if count == 0 || started == nil { started = now }
    let waited = now.timeIntervalSince(started ?? now)
    guard waited < limit else { return false }
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
    let wait = BusyWait(limit: limit, notice: notice)
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
    sqliteCode == SQLITE_BUSY || sqliteCode == SQLITE_LOCKED
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
