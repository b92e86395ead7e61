import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file Dispatch installs for another program to read (a systemd unit, an autostart entry):
/// written through a temporary file in the same folder and renamed, so the reader never sees
/// half of it, with the mode given whatever the umask.
enum InstalledFile {
  static func write(_ text: String, to path: String, mode: mode_t) throws {
    let folder = (path as NSString).deletingLastPathComponent
    do {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true, attributes: nil)
    } catch {
      throw NotificationSetupError.fileSystem(path: folder, reason: "cannot create the folder")
    }
    let name = (path as NSString).lastPathComponent
    let temporary = folder + "/." + name + "." + UUID().uuidString.prefix(8) + ".tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
    guard descriptor >= 0 else {
      throw NotificationSetupError.fileSystem(path: temporary, reason: lastError())
    }
    var renamed = false
    defer { if !renamed { unlink(temporary) } }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { buffer in
      writeBytes(descriptor, buffer.baseAddress, buffer.count)
    }
    // The umask may have narrowed the mode given to open.
    let complete = written == bytes.count && fchmod(descriptor, mode) == 0 && fsync(descriptor) == 0
    let reason = complete ? "" : lastError()
    close(descriptor)
    guard complete else { throw NotificationSetupError.fileSystem(path: temporary, reason: reason) }
    guard rename(temporary, path) == 0 else {
      throw NotificationSetupError.fileSystem(path: path, reason: lastError())
    }
    renamed = true
  }

  /// Removes an installed file; false when there was none.
  static func remove(_ path: String) throws -> Bool {
    if unlink(path) == 0 { return true }
    if errno == ENOENT { return false }
    throw NotificationSetupError.fileSystem(path: path, reason: lastError())
  }

  static func lastError() -> String {
    String(cString: strerror(errno))
  }
}

/// The C library's write(2), named apart from ``InstalledFile/write(_:to:mode:)``.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
