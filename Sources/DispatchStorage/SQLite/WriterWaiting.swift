import DispatchSupport
import Foundation

/// A flag beside the store (`<store>-waiting`, an empty 0600 file) that says another process
/// is waiting to write: its modification time is refreshed while the wait lasts, so a flag
/// left by a killed process goes stale on its own. A long import looks at it between batches
/// and makes way (docs/cli.md#a-busy-store).
struct WriterWaiting {
  let path: String
  /// How recent the flag must be to count: a waiter refreshes it five times a second.
  static let freshFor: TimeInterval = 1

  init(storePath: String) {
    path = storePath + "-waiting"
  }

  /// Raises (or refreshes) the flag.
  func raise() {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return }
    // nil times: now, whatever the file held.
    futimens(descriptor, nil)
    close(descriptor)
  }

  /// Removes the flag, once this process no longer waits.
  func lower() {
    unlink(path)
  }

  /// Whether some process raised the flag within the last second.
  func isRaised(now: Date = Date()) -> Bool {
    guard let modified = FileModification.date(of: path) else { return false }
    return now.timeIntervalSince(modified) < Self.freshFor
  }
}

/// How a writer that takes the store's lock again and again (an import, the server's filing
/// thread) notices that another process waits to write: it looks at the ``WriterWaiting``
/// flag every so often, and then leaves the lock free for ``pause``.
public struct WaitingWriters {
  let flag: WriterWaiting
  let lookEvery: TimeInterval
  private var lastLook = Date()
  /// How long to leave the lock free: longer than a waiter's longest sleep between tries
  /// (0.1 s, ``BusyWait``).
  public static let pause: TimeInterval = 0.15

  init(flag: WriterWaiting, lookEvery: TimeInterval) {
    self.flag = flag
    self.lookEvery = lookEvery
  }

  /// Whether to make way now: time to look again, and someone waits.
  public mutating func areWaiting() -> Bool {
    let now = Date()
    guard now.timeIntervalSince(lastLook) >= lookEvery else { return false }
    lastLook = now
    return flag.isRaised(now: now)
  }
}

extension DispatchStore {
  /// The writers waiting for this store, looked at every `lookEvery` seconds, for a
  /// connection that keeps writing and makes way for them; this connection's own waits stop
  /// raising the flag, so that it never makes way for itself. Nil for an in-memory store.
  public func waitingWriters(lookingEvery lookEvery: TimeInterval) -> WaitingWriters? {
    guard database.path != ":memory:" else { return nil }
    database.busyWait?.flag = nil
    return WaitingWriters(flag: WriterWaiting(storePath: database.path), lookEvery: lookEvery)
  }
}
