import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Waits until a file appears or changes in any of several folders (not their subfolders):
/// inotify on Linux, so a file renamed into place or closed after writing is seen at once.
/// Where inotify is unavailable (another system, or its limits reached) nothing is seen, and
/// the caller's own timer does the work: ``isEventDriven`` says which.
public final class FolderWatch {
  private var descriptor: Int32 = -1
  private var folders: [Int32: String] = [:]

  public init() {
    #if os(Linux)
      descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    #endif
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// Whether changes are seen as they happen.
  public var isEventDriven: Bool { descriptor >= 0 && !folders.isEmpty }

  /// Watches `folder` too (nothing happens when it is watched already or cannot be).
  public func add(_ folder: String) {
    #if os(Linux)
      guard descriptor >= 0, !folders.values.contains(folder) else { return }
      let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MODIFY)
      let watch = inotify_add_watch(descriptor, folder, mask)
      if watch >= 0 { folders[watch] = folder }
    #endif
  }

  /// Waits up to `timeout` seconds for changes; the paths named by the events that arrived
  /// (empty when the time passed, or when the queue overflowed and anything may have changed:
  /// `overflowed` is then true).
  public func wait(timeout: Double) -> (paths: [String], overflowed: Bool) {
    guard descriptor >= 0 else {
      Thread.sleep(forTimeInterval: max(0, timeout))
      return ([], false)
    }
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&request, 1, Int32(min(max(timeout, 0) * 1000, 86_400_000))) > 0 else {
      return ([], false)
    }
    return readEvents()
  }

  private func readEvents() -> (paths: [String], overflowed: Bool) {
    let events = InotifyEvents.drain(descriptor)
    let paths = events.compactMap { event in
      event.name.isEmpty ? nil : folders[event.watch].map { $0 + "/" + event.name }
    }
    return (paths, events.contains(where: InotifyEvents.overflowed))
  }
}
