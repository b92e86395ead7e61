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
    var paths: [String] = []
    var overflowed = false
    #if os(Linux)
      var buffer = [UInt8](repeating: 0, count: 16 * 1024)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count <= 0 { break }
        var offset = 0
        let headerSize = MemoryLayout<inotify_event>.size
        while offset + headerSize <= count {
          let (watch, mask, nameLength) = buffer.withUnsafeBytes { raw in
            let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
            return (event.wd, event.mask, Int(event.len))
          }
          if mask & UInt32(IN_Q_OVERFLOW) != 0 { overflowed = true }
          if nameLength > 0, let folder = folders[watch] {
            let start = offset + headerSize
            let name = buffer[start..<min(start + nameLength, count)].prefix { $0 != 0 }
            paths.append(folder + "/" + String(decoding: name, as: UTF8.self))
          }
          offset += headerSize + nameLength
        }
      }
    #endif
    return (paths, overflowed)
  }
}
