import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Sleeps until one of a few files in one folder changes, or a time passes: what lets a
/// long-running reader (`dispatch status --watch`) cost nothing while nothing happens.
///
/// On Linux it is inotify on the folder, so a file created, replaced by a rename or deleted
/// is seen as well as one written (a SQLite store in WAL mode is written through its `-wal`
/// file, and a restore renames a new store into place). Elsewhere, or when inotify is
/// unavailable (its instance limit reached), the files' sizes and modification times are
/// compared once a second.
public final class FileChangeWatch {
  private let names: Set<String>
  private let paths: [String]
  private var descriptor: Int32 = -1
  private var lastSignature: [String]

  /// Watches `paths`, which must share one folder.
  public init(paths: [String]) {
    self.paths = paths
    let folder = paths.first.map { ($0 as NSString).deletingLastPathComponent } ?? ""
    names = Set(paths.map { ($0 as NSString).lastPathComponent })
    lastSignature = []
    #if os(Linux)
      let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      if fd >= 0 {
        let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_MOVED_TO | IN_DELETE)
        if inotify_add_watch(fd, folder.isEmpty ? "." : folder, mask) >= 0 {
          descriptor = fd
        } else {
          close(fd)
        }
      }
    #endif
    lastSignature = signature()
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// Whether changes are seen as they happen (inotify) rather than by a poll once a second.
  public var isEventDriven: Bool { descriptor >= 0 }

  /// Waits until a watched file changes (true) or `timeout` seconds pass (false). A burst of
  /// writes (one transaction writes many pages) counts as one change: once something changed,
  /// it waits until the files have been quiet for `settle` seconds (at most a second more).
  public func wait(timeout: Double, settle: Double = 0.05) -> Bool {
    let deadline = Self.monotonicSeconds() + max(0, timeout)
    guard waitForChange(until: deadline) else { return false }
    let settleDeadline = Self.monotonicSeconds() + 1
    while Self.monotonicSeconds() < settleDeadline,
      waitForChange(until: min(settleDeadline, Self.monotonicSeconds() + settle))
    {}
    return true
  }

  private func waitForChange(until deadline: Double) -> Bool {
    while true {
      let remaining = deadline - Self.monotonicSeconds()
      if remaining <= 0 { return false }
      if descriptor >= 0 {
        if waitForEvent(milliseconds: Int32(min(remaining * 1000, 86_400_000).rounded(.up))) {
          return true
        }
      } else {
        Thread.sleep(forTimeInterval: min(remaining, 1))
        let now = signature()
        if now != lastSignature {
          lastSignature = now
          return true
        }
      }
    }
  }

  /// One `poll` on the inotify descriptor; true when an event named one of the files.
  private func waitForEvent(milliseconds: Int32) -> Bool {
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    let ready = poll(&request, 1, milliseconds)
    guard ready > 0 else { return false }
    return readEvents()
  }

  /// Drains the queued events; whether any of them names a watched file (or the queue
  /// overflowed, when anything may have changed).
  private func readEvents() -> Bool {
    InotifyEvents.drain(descriptor).contains {
      InotifyEvents.overflowed($0) || names.contains($0.name)
    }
  }

  /// Size and modification time of each file ("-" when missing), for the poll.
  private func signature() -> [String] {
    paths.map { path in
      var info = stat()
      guard stat(path, &info) == 0 else { return "-" }
      #if os(Linux)
        let modified = info.st_mtim
      #else
        let modified = info.st_mtimespec
      #endif
      return "\(info.st_size)|\(modified.tv_sec).\(modified.tv_nsec)|\(info.st_ino)"
    }
  }

  private static func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
