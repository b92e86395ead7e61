/// Text measured and cut in terminal columns rather than characters.
///
/// A grapheme cluster takes two columns when its first scalar is East Asian wide or an emoji,
/// none when it is only combining marks, and one otherwise. Labels are also sanitized: control
/// characters (which could move the cursor or inject escape sequences) become `?`, and in
/// ASCII mode every non-ASCII character does too, since the terminal cannot show it.
public enum TerminalColumns {
  /// The columns `text` takes on screen.
  public static func width(of text: String) -> Int {
    text.reduce(0) { $0 + width(of: $1) }
  }

  /// The columns one grapheme cluster takes: 0, 1 or 2.
  static func width(of character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    if first.properties.generalCategory == .nonspacingMark
      || first.properties.generalCategory == .enclosingMark
    {
      return 0
    }
    return isWide(first) ? 2 : 1
  }

  /// Whether `scalar` is drawn two columns wide: the East Asian wide and fullwidth blocks
  /// (Hangul Jamo, CJK, Hangul syllables, compatibility ideographs, fullwidth forms) and the
  /// emoji blocks.
  static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      return true
    default:
      return false
    }
  }

  /// `text` with control characters (and, in ASCII mode, every non-ASCII character) as `?`.
  static func sanitized(_ text: String, charset: TerminalCharset) -> String {
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      let isControl = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
      let unshowable = charset == .ascii && !scalar.isASCII
      result.append(isControl || unshowable ? "?" : scalar)
    }
    return String(result)
  }

  /// `text` sanitized and cut to at most `columns` columns, ending in `…` (or `...`) when cut.
  static func fitted(_ text: String, columns: Int, charset: TerminalCharset) -> String {
    let clean = sanitized(text, charset: charset)
    guard width(of: clean) > columns else { return clean }
    let ellipsis = charset == .ascii ? "..." : "…"
    let room = columns - width(of: ellipsis)
    guard room > 0 else { return String(repeating: ".", count: max(0, columns)) }
    var result = ""
    var used = 0
    for character in clean {
      let size = width(of: character)
      if used + size > room { break }
      result.append(character)
      used += size
    }
    return result + ellipsis
  }

  /// The leading part of `text` that fits in `columns`, cut without an ellipsis; a last
  /// safety net so no line can be wider than the caller asked.
  static func clipped(_ text: String, columns: Int) -> String {
    guard width(of: text) > columns else { return text }
    var result = ""
    var used = 0
    for character in text {
      let size = width(of: character)
      if used + size > columns { break }
      result.append(character)
      used += size
    }
    return result
  }

  /// `text` padded with spaces to `columns` (on the left when `right` is set).
  static func padded(_ text: String, to columns: Int, right: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, columns - width(of: text)))
    return right ? padding + text : text + padding
  }
}
