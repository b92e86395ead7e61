/// Plain or double-quoted YAML scalars for the Markdown front matter
/// (docs/formats/exports.md#markdown).
public enum YAMLScalar {
  /// Characters that change a plain scalar's meaning when they start it.
  static let indicatorStarts: Set<Character> = [
    "-", "?", "[", "]", "{", "}", "&", "*", "!", "|", ">", "%", "@", "`", "'",
  ]

  /// `value` as written after `key: `: plain when that is safe, otherwise double-quoted with
  /// `\` → `\\`, `"` → `\"` and newline → `\n`.
  ///
  /// Quoted when it is empty; contains `:`, `"`, `#`, a newline or `\`; has leading or
  /// trailing spaces; or starts with one of ``-?[]{}&*!|>%@`'`` (docs/formats/exports.md#markdown).
  /// A carriage return or tab also forces quoting (escaped `\r`, `\t`): unquoted they would end or
  /// corrupt the line, which Dispatch's rule does not cover.
  public static func quoted(_ value: String) -> String {
    guard needsQuotes(value) else { return value }
    var text = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\\": text += "\\\\"
      case "\"": text += "\\\""
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text + "\""
  }

  /// Whether `value` must be double-quoted.
  public static func needsQuotes(_ value: String) -> Bool {
    guard let first = value.first, let last = value.last else { return true }
    if first == " " || last == " " || indicatorStarts.contains(first) { return true }
    return value.unicodeScalars.contains { scalar in
      scalar == ":" || scalar == "\"" || scalar == "#" || scalar == "\n" || scalar == "\\"
        || scalar == "\r" || scalar == "\t"
    }
  }
}
