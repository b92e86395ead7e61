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
