import DispatchSupport
import Foundation

/// A buffered writer to a file descriptor (standard output or error).
///
/// Large outputs (a 100k-report JSON listing) are written in 64 KiB chunks rather than built
/// up whole; ``flush()`` runs before the process exits.
///
/// Text (``write(_:)``, ``line(_:)``) is printed for a terminal: control characters in it are
/// escaped (``TerminalText``), so an answer or an imported file holding ESC, BEL or BS shows
/// them as `\x1B`, `\x07`, `\x08` instead of driving the terminal, whatever command prints
/// it. The only escape sequences that reach the terminal are ``TextStyle``'s. JSON documents
/// and exports go through ``writeVerbatim(_:)``: their bytes are the data's.
package final class ConsoleStream {
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  private static let chunkSize = 1 << 16

  package init(descriptor: Int32) {
    self.descriptor = descriptor
    buffer.reserveCapacity(Self.chunkSize)
  }

  /// Appends text for a terminal: control characters escaped, ``TextStyle``'s styling kept.
  package func write(_ text: String) {
    var text = text
    let plain = text.withUTF8 { bytes in
      guard !Self.needsEscaping(bytes) else { return false }
      buffer.append(contentsOf: bytes)
      return true
    }
    if !plain { buffer.append(contentsOf: Self.escaped(text).utf8) }
    if buffer.count >= Self.chunkSize { flush() }
  }

  /// Appends text and a newline; see ``write(_:)``.
  package func line(_ text: String = "") {
    write(text)
    write("\n")
  }

  /// Appends bytes as they are: a JSON document, an export, a terminal's own control sequence.
  package func writeVerbatim(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= Self.chunkSize { flush() }
  }

  /// Appends text as it is and a newline; see ``writeVerbatim(_:)``.
  package func lineVerbatim(_ text: String = "") {
    writeVerbatim(text)
    writeVerbatim("\n")
  }

  /// Whether `bytes` hold a control character to escape or a style mark (both rare): C0 but
  /// line feed and tab, DEL, C1 (`C2 80`–`C2 9F`), or U+FDC0–U+FDFF (`EF B7 xx`), where
  /// ``TextStyle``'s mark lives.
  private static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if byte < 0x20 {
        if byte != 0x0A && byte != 0x09 { return true }
      } else if byte == 0x7F {
        return true
      } else if byte == 0xC2 {
        if index + 1 < count && (0x80...0x9F).contains(bytes[index + 1]) { return true }
      } else if byte == 0xEF {
        if index + 1 < count && bytes[index + 1] == 0xB7 { return true }
      }
      index += 1
    }
    return false
  }

  /// `text` with control characters escaped and each ``TextStyle`` mark turned into ESC.
  private static func escaped(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    let mark = TextStyle.markScalars
    var result = ""
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == mark[0] && scalars[index...].starts(with: mark) {
        result.unicodeScalars.append("\u{1B}")
        index += mark.count
        continue
      }
      if TerminalText.isEscaped(scalar) {
        result += TerminalText.escape(scalar)
      } else {
        result.unicodeScalars.append(scalar)
      }
      index += 1
    }
    return result
  }

  /// Writes everything buffered; false when the reader has gone (a closed pipe), which a
  /// command that runs until its reader leaves (`status --watch`) takes as its end.
  @discardableResult
  package func flush() -> Bool {
    var offset = 0
    var delivered = true
    buffer.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return }
      while offset < bytes.count {
        let written = Foundation.write(descriptor, base + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          delivered = false
          return  // a closed pipe (e.g. `| head`): drop the rest quietly
        }
        offset += written
      }
    }
    buffer.removeAll(keepingCapacity: true)
    return delivered
  }
}

/// ANSI styling that disappears when colour is off.
///
/// A styled string carries a mark in place of ESC: a noncharacter and eleven more chosen at
/// random when the process starts, which no answer or file can know. ``ConsoleStream`` turns
/// the mark into ESC after escaping every control character of the text around it, so the
/// styling reaches the terminal and an ESC in the data does not.
package struct TextStyle: Sendable {
  package let enabled: Bool

  package init(enabled: Bool) {
    self.enabled = enabled
  }

  /// The mark of ESC in styled text, made once per process.
  static let markScalars: [Unicode.Scalar] = {
    var generator = SystemRandomNumberGenerator()
    // Noncharacters are valid scalars, so none is dropped.
    return (0..<12).compactMap { index in
      Unicode.Scalar(index == 0 ? 0xFDD0 : 0xFDE0 + UInt32.random(in: 0..<16, using: &generator))
    }
  }()

  static let mark = String(String.UnicodeScalarView(markScalars))

  package func bold(_ text: String) -> String { wrap(text, "1") }
  package func dim(_ text: String) -> String { wrap(text, "2") }
  package func green(_ text: String) -> String { wrap(text, "32") }
  package func yellow(_ text: String) -> String { wrap(text, "33") }
  package func red(_ text: String) -> String { wrap(text, "31") }
  package func cyan(_ text: String) -> String { wrap(text, "36") }

  private func wrap(_ text: String, _ code: String) -> String {
    enabled ? "\(Self.mark)[\(code)m\(text)\(Self.mark)[0m" : text
  }
}
