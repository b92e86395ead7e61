import Foundation

/// A buffered writer to a file descriptor (standard output or error).
///
/// Large outputs (a 100k-report JSON listing) are written in 64 KiB chunks rather than built
/// up whole; ``flush()`` runs before the process exits.
package final class ConsoleStream {
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  private static let chunkSize = 1 << 16

  package init(descriptor: Int32) {
    self.descriptor = descriptor
    buffer.reserveCapacity(Self.chunkSize)
  }

  /// Appends text.
  package func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= Self.chunkSize { flush() }
  }

  /// Appends text and a newline.
  package func line(_ text: String = "") {
    write(text)
    write("\n")
  }

  /// Writes everything buffered.
  package func flush() {
    var offset = 0
    buffer.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return }
      while offset < bytes.count {
        let written = Foundation.write(descriptor, base + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return  // a closed pipe (e.g. `| head`): drop the rest quietly
        }
        offset += written
      }
    }
    buffer.removeAll(keepingCapacity: true)
  }
}

/// ANSI styling that disappears when colour is off.
package struct TextStyle: Sendable {
  package let enabled: Bool

  package func bold(_ text: String) -> String { wrap(text, "1") }
  package func dim(_ text: String) -> String { wrap(text, "2") }
  package func green(_ text: String) -> String { wrap(text, "32") }
  package func yellow(_ text: String) -> String { wrap(text, "33") }
  package func red(_ text: String) -> String { wrap(text, "31") }
  package func cyan(_ text: String) -> String { wrap(text, "36") }

  private func wrap(_ text: String, _ code: String) -> String {
    enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
