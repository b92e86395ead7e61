import CQRencode

/// A QR code drawn with half-block characters, two rows of modules per line, black on white
/// (the colours set explicitly, so it scans on a dark terminal and a light one alike).
public enum TerminalQRCode {
  /// The lines of the code for `text`, with a quiet zone; nil when it does not fit a QR code.
  public static func lines(for text: String) -> [String]? {
    guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_L, QR_MODE_8, 1) else { return nil }
    defer { QRcode_free(code) }
    let width = Int(code.pointee.width)
    let quiet = 2
    let size = width + 2 * quiet
    func isDark(_ row: Int, _ column: Int) -> Bool {
      let (r, c) = (row - quiet, column - quiet)
      guard r >= 0, r < width, c >= 0, c < width else { return false }
      return code.pointee.data[r * width + c] & 1 == 1
    }
    var lines: [String] = []
    for row in stride(from: 0, to: size, by: 2) {
      var line = "\u{1B}[30;47m"
      for column in 0..<size {
        switch (isDark(row, column), isDark(row + 1, column)) {
        case (true, true): line += "█"
        case (true, false): line += "▀"
        case (false, true): line += "▄"
        case (false, false): line += " "
        }
      }
      lines.append(line + "\u{1B}[0m")
    }
    return lines
  }
}
