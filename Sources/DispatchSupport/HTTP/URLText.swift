import Foundation

/// Texts in URLs: a query parameter's value percent-encoded, and a query string read back.
public enum URLText {
  /// `text` with everything but letters, digits and `-._~` percent-encoded (RFC 3986's
  /// unreserved characters), so it can stand as a query parameter's value.
  public static func percentEncoded(_ text: String) -> String {
    var allowed = CharacterSet(charactersIn: "-._~")
    allowed.formUnion(CharacterSet(charactersIn: "a"..."z"))
    allowed.formUnion(CharacterSet(charactersIn: "A"..."Z"))
    allowed.formUnion(CharacterSet(charactersIn: "0"..."9"))
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
  }

  /// `name=value&…` with each value encoded.
  public static func query(_ pairs: [(String, String)]) -> String {
    pairs.map { $0.0 + "=" + percentEncoded($0.1) }.joined(separator: "&")
  }

  /// The parameters of a query string (`a=1&b=x%20y`), decoded; `+` is a space, as forms send
  /// it; a later repeat of a name wins.
  public static func parameters(_ query: String) -> [String: String] {
    var result: [String: String] = [:]
    for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      func decoded(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
      }
      result[decoded(parts[0])] = parts.count > 1 ? decoded(parts[1]) : ""
    }
    return result
  }
}
