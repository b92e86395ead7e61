import DispatchCommandLine
import Foundation

/// Draws the survey as a block of lines at the bottom of the terminal and redraws it in place.
///
/// It remembers how many screen rows the last frame took (long lines wrap) so the next frame
/// can move back up and clear them; nothing above the block is touched, so the shell's
/// scrollback stays intact.
final class ScreenWriter {
  private let fileDescriptor: Int32
  private var drawnRows = 0

  /// A writer to `fileDescriptor`, which the caller keeps open.
  init(fileDescriptor: Int32) {
    self.fileDescriptor = fileDescriptor
  }

  /// The bytes that replace a block of `previousRows` rows with `lines`, and the rows the new
  /// block takes on a terminal `width` columns wide. Pure, for tests.
  static func frame(lines: [String], previousRows: Int, width: Int) -> (text: String, rows: Int) {
    var text = "\r"
    if previousRows > 1 { text += "\u{1B}[\(previousRows - 1)A" }
    text += "\u{1B}[J"
    text += lines.joined(separator: "\r\n")
    let columns = max(width, 1)
    let rows = lines.reduce(0) { total, line in
      total + max(1, (TerminalStyle.visibleWidth(line) + columns - 1) / columns)
    }
    return (text, rows)
  }

  /// Hides the cursor: the survey draws its own, and a blinking cursor jumping around while
  /// redrawing is distracting.
  func begin() throws {
    try emit("\u{1B}[?25l")
  }

  /// Replaces the previous frame with `lines`.
  func draw(_ lines: [String], width: Int) throws {
    let frame = Self.frame(lines: lines, previousRows: drawnRows, width: width)
    try emit(frame.text)
    drawnRows = frame.rows
  }

  /// Leaves the last frame on screen and moves below it.
  func keep() throws {
    if drawnRows > 0 { try emit("\r\n") }
    drawnRows = 0
  }

  /// Erases the last frame.
  func clear() throws {
    try emit(Self.frame(lines: [], previousRows: drawnRows, width: 1).text)
    drawnRows = 0
  }

  /// Shows the cursor again and resets colours.
  func end() throws {
    try emit("\u{1B}[0m\u{1B}[?25h")
  }

  private func emit(_ text: String) throws {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { write(fileDescriptor, $0.baseAddress, $0.count) }
      if written > 0 {
        bytes = bytes.dropFirst(written)
      } else if written < 0 && errno != EINTR && errno != EAGAIN {
        throw TerminalError.system("writing to the terminal", errno)
      }
    }
  }
}
