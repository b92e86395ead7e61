/// How survey screens are decorated: ANSI colour when the terminal allows it, plain text
/// otherwise.
///
/// Markers that carry meaning (`>` for the cursor, `[x]` for a chosen option, brackets around
/// the active choice) are always drawn, so a screen reads the same without colour
/// (`NO_COLOR`, `TERM=dumb`); colour only adds emphasis.
struct TerminalStyle: Sendable, Equatable {
  /// Whether ANSI colour sequences are written (``TerminalInfo/colorEnabled``).
  let colorEnabled: Bool

  /// A style without colour, used by tests and when colour is off.
  static let plain = TerminalStyle(colorEnabled: false)

  /// Bold text: prompts and the value being set.
  func bold(_ text: String) -> String { wrap(text, "1") }
  /// Dim text: hints, placeholders, suggestions not selected.
  func dim(_ text: String) -> String { wrap(text, "2") }
  /// The accent colour (cyan): the cursor line and the value of a widget.
  func accent(_ text: String) -> String { wrap(text, "36") }
  /// Green: chosen options and filed answers.
  func chosen(_ text: String) -> String { wrap(text, "32") }
  /// Red: an answer that was not accepted.
  func error(_ text: String) -> String { wrap(text, "31") }
  /// Reverse video: the text-field cursor.
  func inverse(_ text: String) -> String { wrap(text, "7") }

  /// The text-field cursor drawn after the typed text (the real cursor is hidden while the
  /// survey redraws): a reverse-video space with colour, an underscore without.
  var textCursor: String { colorEnabled ? inverse(" ") : "_" }

  private func wrap(_ text: String, _ code: String) -> String {
    guard colorEnabled, !text.isEmpty else { return text }
    return "\u{1B}[\(code)m\(text)\u{1B}[0m"
  }

  /// `text` without ANSI escape sequences, as it appears on screen.
  static func visibleText(_ text: String) -> String {
    var result = ""
    var inEscape = false
    for scalar in text.unicodeScalars {
      if inEscape {
        // A CSI sequence ends with a byte in 0x40–0x7E; `[` right after ESC is part of it.
        if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
      } else if scalar == "\u{1B}" {
        inEscape = true
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The columns `text` takes on screen, counting East Asian wide and emoji characters as two.
  static func visibleWidth(_ text: String) -> Int {
    visibleText(text).reduce(0) { width, character in
      guard let scalar = character.unicodeScalars.first else { return width }
      return width + (isWide(scalar) ? 2 : 1)
    }
  }

  private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
      0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}
