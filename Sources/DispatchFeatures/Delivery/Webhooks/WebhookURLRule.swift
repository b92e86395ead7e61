import DispatchSupport
import Foundation

/// Which webhook URLs are accepted (docs/webhooks.md#url-rule): https to any host; http only to
/// this machine or a private network — `localhost`, `::1`, `*.local`, 127/8, 10/8,
/// 172.16/12 and 192.168/16 — so report bodies never cross the internet unencrypted. Any
/// other scheme is rejected. Each rejection says why.
public enum WebhookURLRule {
  /// The URL `text` names, if the rule accepts it. Everything a request needs is checked
  /// here, so a URL that `webhook set` accepts never fails at send time for its form: the
  /// scheme, a host, a port from 1 to 65535, and no spaces or control characters. A refusal
  /// quotes the URL redacted (``URLRedaction``), never its password or token.
  ///
  /// - Throws: ``WebhookError`` `.invalidURL` with the reason.
  public static func check(_ text: String) throws(WebhookError) -> URL {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else { throw rejection("the webhook URL is empty") }
    let shown = URLRedaction.redacted(trimmed)
    guard
      !trimmed.unicodeScalars.contains(where: {
        $0.properties.isWhitespace || $0.properties.generalCategory == .control
      })
    else {
      throw rejection("'\(shown)' contains spaces or control characters; percent-encode them")
    }
    if let port = explicitPort(trimmed), !port.isEmpty {
      guard port.allSatisfy(\.isASCII), port.allSatisfy(\.isNumber), let number = Int(port),
        (1...65_535).contains(number)
      else {
        throw rejection("the port '\(port)' of '\(shown)' is not a port: use 1 to 65535")
      }
    }
    guard let components = URLComponents(string: trimmed), let scheme = components.scheme,
      let url = components.url
    else {
      throw rejection("'\(shown)' is not a URL: give an address such as https://example.com/hook")
    }
    let host = bareHost(components)
    switch scheme.lowercased() {
    case "https":
      guard !host.isEmpty else { throw rejection("'\(shown)' has no host") }
      return url
    case "http":
      guard !host.isEmpty else { throw rejection("'\(shown)' has no host") }
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

  /// The text after the host's `:` in `text`'s authority (`8080` of `http://u:p@h:8080/x`),
  /// nil when the authority names no port.
  static func explicitPort(_ text: String) -> Substring? {
    guard let separator = text.range(of: "://") else { return nil }
    let rest = text[separator.upperBound...]
    var authority = rest[..<(rest.firstIndex { "/?#".contains($0) } ?? rest.endIndex)]
    if let at = authority.lastIndex(of: "@") {
      authority = authority[authority.index(after: at)...]
    }
    if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
      authority = authority[authority.index(after: close)...]
    }
    guard let colon = authority.firstIndex(of: ":") else { return nil }
    return authority[authority.index(after: colon)...]
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
