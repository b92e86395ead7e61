/// Text made safe to print on a terminal (docs/cli.md#control-characters).
///
/// Answers, imported files, question prompts and error messages quoting them may hold control
/// characters: ESC starts sequences that recolour, move the cursor, retitle the window or
/// rewrite the screen; BEL rings; BS and CR overwrite what was printed. Every C0 control
/// except line feed and tab, DEL, and every C1 control is shown as `\xHH` (ESC as `\x1B`), so
/// what is printed is what the data holds, visibly, and nothing in it can drive the terminal.
/// JSON and exports keep the characters as they are.
public enum TerminalText {
  /// Whether `scalar` is shown escaped: C0 controls other than `\n` and `\t`, DEL, C1.
  public static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x09: return false
    case 0x00...0x1F, 0x7F...0x9F: return true
    default: return false
    }
  }

  /// `\xHH`, the escape of one control character.
  public static func escape(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "\\x" + (hex.count < 2 ? "0" + hex : hex)
  }

  /// `text` with every control character shown as ``escape(_:)`` writes it.
  public static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isEscaped) else { return text }
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 8)
    for scalar in text.unicodeScalars {
      if isEscaped(scalar) {
        result += escape(scalar)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
