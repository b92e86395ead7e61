import Foundation

/// Which webhook URLs are accepted (docs/webhooks.md#url-rule): https to any host; http only to
/// this machine or a private network — `localhost`, `::1`, `*.local`, 127/8, 10/8,
/// 172.16/12 and 192.168/16 — so report bodies never cross the internet unencrypted. Any
/// other scheme is rejected. Each rejection says why.
public enum WebhookURLRule {
  /// The URL `text` names, if the rule accepts it.
  ///
  /// - Throws: ``WebhookError`` `.invalidURL` with the reason.
  public static func check(_ text: String) throws(WebhookError) -> URL {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else { throw rejection("the webhook URL is empty") }
    guard !trimmed.contains(where: { $0.isWhitespace || $0.isNewline }) else {
      throw rejection("'\(trimmed)' contains spaces; percent-encode them")
    }
    guard let components = URLComponents(string: trimmed), let scheme = components.scheme,
      let url = components.url
    else {
      throw rejection("'\(trimmed)' is not a URL: give an address such as https://example.com/hook")
    }
    let host = bareHost(components)
    switch scheme.lowercased() {
    case "https":
      guard !host.isEmpty else { throw rejection("'\(trimmed)' has no host") }
      return url
    case "http":
      guard !host.isEmpty else { throw rejection("'\(trimmed)' has no host") }
      guard isLocal(host) else {
        throw rejection(
          "plain http is only allowed to this machine or a private network (localhost, *.local, "
            + "127/8, 10/8, 172.16-31, 192.168), and '\(host)' is neither; use https")
      }
      return url
    default:
      throw rejection(
        "the scheme '\(scheme)' is not supported: use https (or http to a local host)")
    }
  }

  /// Whether plain http may go to `host` (lowercase, without IPv6 brackets).
  public static func isLocal(_ host: String) -> Bool {
    let name =
      host.lowercased().hasSuffix(".") ? String(host.lowercased().dropLast()) : host.lowercased()
    if name == "localhost" || name == "::1" { return true }
    if name.hasSuffix(".local") && name.count > ".local".count { return true }
    guard let octets = ipv4Octets(name) else { return false }
    switch (octets[0], octets[1]) {
    case (127, _), (10, _), (192, 168): return true
    case (172, let second): return (16...31).contains(second)
    default: return false
    }
  }

  /// The four numbers of a dotted-decimal IPv4 address, or nil for anything else.
  static func ipv4Octets(_ text: String) -> [Int]? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 4 else { return nil }
    let numbers = parts.compactMap { part -> Int? in
      guard (1...3).contains(part.count), part.allSatisfy(\.isASCII), part.allSatisfy(\.isNumber)
      else { return nil }
      return Int(part).flatMap { $0 <= 255 ? $0 : nil }
    }
    return numbers.count == 4 ? numbers : nil
  }

  private static func bareHost(_ components: URLComponents) -> String {
    var host = components.percentEncodedHost ?? ""
    if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    return host.removingPercentEncoding ?? host
  }

  private static func rejection(_ reason: String) -> WebhookError {
    WebhookError(.invalidURL, reason)
  }
}
