/// The one place that turns values into POSIX shell words, so every generated script quotes the
/// same way: a value is wrapped in single quotes, inside which the shell interprets nothing, and
/// each embedded `'` becomes `'\''` (close, escaped quote, reopen).
public enum ShellQuoting {
  /// `value` as a single shell word that the shell passes on byte for byte.
  ///
  /// Works on Unicode scalars, not characters: a `'` followed by a combining mark is one Swift
  /// `Character` that compares unequal to `"'"`, yet the shell still sees the quote byte.
  public static func quote(_ value: String) -> String {
    var word = String.UnicodeScalarView()
    word.append("'")
    for scalar in value.unicodeScalars {
      if scalar == "'" {
        word.append(contentsOf: #"'\''"#.unicodeScalars)
      } else {
        word.append(scalar)
      }
    }
    word.append("'")
    return String(word)
  }

  /// A command line running `argv` exactly, every word quoted.
  public static func command(_ argv: [String]) -> String {
    argv.map(quote).joined(separator: " ")
  }

  /// A command line for people to read and paste: only the words that need it are quoted.
  public static func readableCommand(_ argv: [String]) -> String {
    let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:=@%+,-")
    return argv.map { word in
      !word.isEmpty && word.unicodeScalars.allSatisfy { plain.contains(Character($0)) }
        ? word : quote(word)
    }.joined(separator: " ")
  }
}
