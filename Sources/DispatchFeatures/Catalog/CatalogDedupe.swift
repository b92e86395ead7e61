import DispatchSupport
import Foundation

/// The identity of a catalog prompt (docs/catalog.md#prompt-identity): two prompts are the same
/// question when their normalized texts are equal, and the fingerprint is the SHA-256 of that
/// text, so moderators can find duplicates without comparing prompts by hand.
public enum CatalogDedupe {
  /// Dispatch's `normalizedPrompt`, in its order: NFC, curly quotes straightened, lowercased,
  /// whitespace runs collapsed to one space and trimmed, then a trailing run of `. ? ! … ‽`
  /// stripped and the spaces before it. Diacritics are kept: "café" and "cafe" differ.
  public static func normalizedPrompt(_ prompt: String) -> String {
    var text = prompt.precomposedStringWithCanonicalMapping
    for (curly, straight) in [
      ("\u{2019}", "'"), ("\u{2018}", "'"), ("\u{201C}", "\""), ("\u{201D}", "\""),
    ] {
      text = text.replacingOccurrences(of: curly, with: straight)
    }
    text = text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    while let last = text.last, ".?!…‽".contains(last) { text.removeLast() }
    while text.last == " " { text.removeLast() }
    return text
  }

  /// The lowercase-hex SHA-256 of the normalized prompt's UTF-8 bytes.
  public static func fingerprint(_ prompt: String) -> String {
    sha256Hex(Array(normalizedPrompt(prompt).utf8))
  }

  /// The lowercase-hex SHA-256 of `bytes`.
  static func sha256Hex(_ bytes: [UInt8]) -> String {
    MessageAuthentication.hex(SecureHash.sha256(bytes))
  }
}
