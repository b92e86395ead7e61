import DispatchCommandLine
import Foundation

/// Reads key presses from a terminal file descriptor, decoding them with ``KeyDecoder``.
///
/// Bytes that end inside an escape sequence are held for a short wait: a terminal sends a whole
/// sequence at once, so if nothing follows within ``escapeWait`` the pending Escape was a key of
/// its own.
final class KeyReader {
  /// How long to wait for the rest of an escape sequence, in milliseconds.
  static let escapeWait: Int32 = 40

  private let fileDescriptor: Int32
  private var pending: [UInt8] = []
  private var queued: [Key] = []
  private var reachedEnd = false

  /// A reader of `fileDescriptor`, which the caller keeps open.
  init(fileDescriptor: Int32) {
    self.fileDescriptor = fileDescriptor
  }

  /// The next key, waiting for one; nil once the input has ended (the terminal hung up).
  func next() throws -> Key? {
    while queued.isEmpty {
      if reachedEnd {
        let decoded = KeyDecoder.decode(pending, isComplete: true)
        pending.removeAll()
        queued = decoded.keys
        return queued.isEmpty ? nil : queued.removeFirst()
      }
      // With an unfinished sequence pending, wait briefly; otherwise block until a key comes.
      let timeout: Int32 = pending.isEmpty ? -1 : Self.escapeWait
      if try waitForInput(timeout: timeout) {
        try readAvailable()
        let decoded = KeyDecoder.decode(pending, isComplete: false)
        pending.removeFirst(decoded.consumed)
        queued.append(contentsOf: decoded.keys)
      } else {
        let decoded = KeyDecoder.decode(pending, isComplete: true)
        pending.removeFirst(decoded.consumed)
        queued.append(contentsOf: decoded.keys)
      }
    }
    return queued.removeFirst()
  }

  /// Whether input is ready within `timeout` milliseconds (−1 waits indefinitely).
  private func waitForInput(timeout: Int32) throws -> Bool {
    var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
    while true {
      let result = poll(&descriptor, 1, timeout)
      if result >= 0 { return result > 0 }
      if errno != EINTR { throw TerminalError.system("waiting for a key", errno) }
    }
  }

  private func readAvailable() throws {
    var buffer = [UInt8](repeating: 0, count: 256)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        pending.append(contentsOf: buffer[0..<count])
        return
      }
      if count == 0 || errno == EIO {
        // End of input, or EIO once the other side of a pseudo-terminal has closed.
        reachedEnd = true
        return
      }
      if errno != EINTR && errno != EAGAIN { throw TerminalError.system("reading a key", errno) }
    }
  }
}
