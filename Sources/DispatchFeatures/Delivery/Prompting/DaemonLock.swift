import DispatchCore
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One daemon per store (docs/daemon.md#what-it-does): an exclusive `flock` on
/// `<store>.daemon.lock`, held for the daemon's life and released by the kernel when the process
/// ends, however it ends.
public final class DaemonLock {
  private let descriptor: Int32
  public let path: String

  private init(descriptor: Int32, path: String) {
    self.descriptor = descriptor
    self.path = path
  }

  deinit { close(descriptor) }

  /// Takes the lock of the store at `storePath`.
  ///
  /// - Throws: ``DispatchError`` `.conflict` naming the running daemon's process ID when
  ///   another daemon holds it, or when the lock file cannot be opened.
  public static func acquire(forStore storePath: String) throws -> DaemonLock {
    let path = storePath + ".daemon.lock"
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw DispatchError(
        .conflict, "cannot open the daemon lock '\(path)': \(String(cString: strerror(errno)))")
    }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      var buffer = [UInt8](repeating: 0, count: 32)
      let count = pread(descriptor, &buffer, buffer.count, 0)
      let holder = String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      close(descriptor)
      throw DispatchError(
        .conflict,
        "a daemon is already running for this store"
          + (holder.isEmpty ? "" : " (process \(holder))") + "; stop it first")
    }
    let pid = Array("\(getpid())\n".utf8)
    _ = ftruncate(descriptor, 0)
    _ = pwrite(descriptor, pid, pid.count, 0)
    return DaemonLock(descriptor: descriptor, path: path)
  }
}
