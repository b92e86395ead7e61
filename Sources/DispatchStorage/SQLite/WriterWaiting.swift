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
    var info = stat()
    guard stat(path, &info) == 0 else { return false }
    #if canImport(Darwin)
      let time = info.st_mtimespec
    #else
      let time = info.st_mtim
    #endif
    let modified = Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
    return now.timeIntervalSince1970 - modified < Self.freshFor
  }
}
