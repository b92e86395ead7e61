import Foundation

/// URLs as they may be shown, logged or kept in an error text: with the parts that carry
/// credentials replaced by `***` (docs/webhooks.md#security-notes).
///
/// A URL may hold a password (`https://user:pw@host/`), an API token in its query
/// (`?token=…`) or in its fragment (`#access_token=…`). Whatever echoes a URL — a command's
/// confirmation, a status, an error message, an event in the log — shows
/// `https://***@host/path?token=***#***` instead: the scheme, host, port and path stay, so
/// the person still sees where requests go.
public enum URLRedaction {
  /// `text` (a URL) with its user information, every query value and its fragment replaced by
  /// `***`. Text that is not a URL with `scheme://` is returned as it is.
  public static func redacted(_ text: String) -> String {
    guard let schemeEnd = text.range(of: "://"), isScheme(text[..<schemeEnd.lowerBound]) else {
      return text
    }
    let rest = text[schemeEnd.upperBound...]
    var authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
    // A password with an unencoded `/` (`user:p/w@host`) ends the authority early: what stands
    // before it is then no host and port, and the user information runs to the last `@`.
    if !rest[..<authorityEnd].contains("@"), let colon = rest[..<authorityEnd].lastIndex(of: ":"),
      !rest[rest.index(after: colon)..<authorityEnd].allSatisfy(\.isNumber)
    {
      let pathEnd = rest.firstIndex { $0 == "?" || $0 == "#" } ?? rest.endIndex
      if let at = rest[..<pathEnd].lastIndex(of: "@") {
        authorityEnd = rest[at...].firstIndex { $0 == "/" } ?? pathEnd
      }
    }
    var authority = String(rest[..<authorityEnd])
    if let at = authority.lastIndex(of: "@") {
      authority = "***" + authority[at...]
    }
    var result = String(text[..<schemeEnd.upperBound]) + authority
    let tail = rest[authorityEnd...]
    let fragmentStart = tail.firstIndex(of: "#") ?? tail.endIndex
    let beforeFragment = tail[..<fragmentStart]
    if let queryStart = beforeFragment.firstIndex(of: "?") {
      result += beforeFragment[..<queryStart] + "?"
      let query = beforeFragment[beforeFragment.index(after: queryStart)...]
      result += query.split(separator: "&", omittingEmptySubsequences: false).map { item in
        guard !item.isEmpty else { return "" }
        guard let equals = item.firstIndex(of: "=") else { return "***" }
        return item[..<equals] + "=***"
      }.joined(separator: "&")
    } else {
      result += beforeFragment
    }
    if fragmentStart < tail.endIndex {
      result += tail.index(after: fragmentStart) == tail.endIndex ? "#" : "#***"
    }
    return result
  }

  /// `text` (an error message, a log line) with every URL in it redacted as by
  /// ``redacted(_:)``. A URL runs from its `scheme://` to the next space, quote or angle
  /// bracket.
  public static func redactingURLs(in text: String) -> String {
    guard text.contains("://") else { return text }
    var result = ""
    var index = text.startIndex
    while let separator = text[index...].range(of: "://") {
      // The scheme: the letters, digits, `+`, `-` and `.` right before `://`.
      var start = separator.lowerBound
      while start > index, isSchemeCharacter(text[text.index(before: start)]) {
        start = text.index(before: start)
      }
      guard start < separator.lowerBound, isScheme(text[start..<separator.lowerBound]) else {
        result += text[index..<separator.upperBound]
        index = separator.upperBound
        continue
      }
      let end =
        text[separator.upperBound...].firstIndex { isURLEnd($0) } ?? text.endIndex
      result += text[index..<start]
      result += redacted(String(text[start..<end]))
      index = end
    }
    result += text[index...]
    return result
  }

  private static func isScheme(_ text: Substring) -> Bool {
    guard let first = text.first, first.isASCII, first.isLetter else { return false }
    return text.allSatisfy(isSchemeCharacter)
  }

  private static func isSchemeCharacter(_ character: Character) -> Bool {
    character.isASCII && (character.isLetter || character.isNumber || "+-.".contains(character))
  }

  private static func isURLEnd(_ character: Character) -> Bool {
    character.isWhitespace || "'\"<>`".contains(character)
      || character.unicodeScalars.contains { $0.properties.generalCategory == .control }
  }
}
