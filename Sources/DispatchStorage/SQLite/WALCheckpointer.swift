internal import CSQLite
import Foundation

/// Checkpoints a store's write-ahead log on a thread of its own, for a writer that must not
/// stop to do it.
///
/// By default SQLite checkpoints in the connection that commits once the log holds 1,000
/// pages: that commit copies the log into the database file and waits for two `fdatasync`s,
/// tens of milliseconds in which the server's one filing thread stores nothing and every
/// phone waits (docs/serve.md#many-phones-at-once). A connection it watches wakes its thread
/// at the same threshold instead and goes on committing while the log is copied: a passive
/// checkpoint never blocks a writer.
public final class WALCheckpointer: @unchecked Sendable {
  // @unchecked: the flags, `copiedPages` and `completed` are read and changed only under
  // `condition`; the thread's connection is used by that thread alone.
  private let condition = NSCondition()
  private var isDue = false
  private var isStopped = false
  /// How many of the log's pages the last checkpoint had copied: while readers keep the log
  /// from starting over it only grows, and waking at every commit past the threshold would
  /// copy each commit's few pages on its own, two `fdatasync`s each.
  private var copiedPages: Int32 = 0
  /// Whether a checkpoint runs: commits meanwhile count from where it ends.
  private var isRunning = false
  private let path: String
  /// How many pages not yet copied wake the thread: SQLite's own automatic threshold by
  /// default.
  public let threshold: Int32
  private var completed = 0

  /// Starts the thread, with a connection of its own, and makes `store`'s connection leave
  /// its checkpoints to it: after a commit that leaves ``threshold`` pages or more in the log
  /// not yet copied, that connection wakes the thread rather than copying them itself.
  ///
  /// The checkpointer must stay alive as long as that connection commits. Call ``stop()``
  /// when done: the thread keeps the checkpointer alive until then.
  public init(watching store: DispatchStore, threshold: Int32 = 1_000) {
    path = store.database.path
    self.threshold = threshold
    let thread = Thread { [self] in run() }
    thread.name = "dispatch-checkpoint"
    thread.start()
    // Installing a log hook also turns the connection's automatic checkpoint off
    // (https://sqlite.org/c3ref/wal_hook.html).
    sqlite3_wal_hook(
      store.database.handle,
      { context, _, _, pages in
        if let context {
          Unmanaged<WALCheckpointer>.fromOpaque(context).takeUnretainedValue().committed(pages)
        }
        return SQLITE_OK
      }, Unmanaged.passUnretained(self).toOpaque())
  }

  /// After a commit that leaves `pages` in the log: wakes the thread when ``threshold`` of
  /// them are not copied yet.
  private func committed(_ pages: Int32) {
    condition.lock()
    defer { condition.unlock() }
    // Fewer pages than were copied: the log started over since.
    if pages < copiedPages { copiedPages = 0 }
    if !isRunning && pages - copiedPages >= threshold {
      isDue = true
      condition.signal()
    }
  }

  /// Ends the thread once the checkpoint under way, if any, is done.
  public func stop() {
    condition.lock()
    isStopped = true
    condition.signal()
    condition.unlock()
  }

  /// How many checkpoints have run.
  public var checkpointsRun: Int {
    condition.lock()
    defer { condition.unlock() }
    return completed
  }

  /// Waits until `count` checkpoints have run, at most `timeout` seconds; whether they have.
  public func waitForCheckpoints(_ count: Int, timeout: TimeInterval) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    condition.lock()
    defer { condition.unlock() }
    while completed < count {
      guard condition.wait(until: deadline) else { return completed >= count }
    }
    return true
  }

  private func run() {
    var database: Database?
    while true {
      condition.lock()
      while !isDue && !isStopped { condition.wait() }
      let stopping = isStopped
      isDue = false
      isRunning = !stopping
      condition.unlock()
      if stopping { return }
      do {
        let connection = try database ?? Database(path: path, mode: .readWrite)
        database = connection
        let copied = try connection.checkpoint()
        condition.lock()
        copiedPages = copied
        condition.unlock()
      } catch {
        // Nothing is lost: the pages stay in the log, and the next wake copies them. A store
        // that cannot be written fails the writer's own commits, which say so.
      }
      condition.lock()
      isRunning = false
      completed += 1
      condition.broadcast()
      condition.unlock()
    }
  }
}

extension Database {
  /// Copies what the log holds into the database file as far as readers allow, without
  /// waiting for them or blocking writers (https://sqlite.org/c3ref/wal_checkpoint_v2.html).
  ///
  /// - Returns: how many of the log's pages are in the file now.
  func checkpoint() throws(StoreError) -> Int32 {
    var copied: Int32 = 0
    let code = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_PASSIVE, nil, &copied)
    guard code == SQLITE_OK else {
      throw StoreError(
        .sqlite(code: code),
        "cannot checkpoint '\(path)': \(String(cString: sqlite3_errmsg(handle)))")
    }
    return copied
  }
}
