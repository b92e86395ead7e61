import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a request goes: scheme, host, port and the request target, taken from its URL.
package struct HTTPEndpoint: Sendable, Equatable {
  /// Whether the connection uses TLS (`https`).
  var usesTLS: Bool
  /// The host name or IP address, without the brackets of an IPv6 literal.
  var host: String
  var port: Int
  /// The origin-form target: the percent-encoded path (at least `/`) and query.
  var target: String

  /// Reads the parts of an `http` or `https` URL.
  ///
  /// - Throws: ``HTTPError`` `.invalidURL` for another scheme, no host or a port out of range;
  ///   the message quotes the URL redacted (``URLRedaction``), as it may be logged and stored.
  init(_ url: URL) throws(HTTPError) {
    let shown = URLRedaction.redacted(url.absoluteString)
    guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
      let scheme = components.scheme?.lowercased()
    else { throw HTTPError(.invalidURL, "'\(shown)' is not a URL") }
    switch scheme {
    case "https": usesTLS = true
    case "http": usesTLS = false
    default: throw HTTPError(.invalidURL, "cannot request '\(scheme)' URLs, only http and https")
    }
    var host = components.percentEncodedHost ?? ""
    if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    guard !host.isEmpty else {
      throw HTTPError(.invalidURL, "'\(shown)' has no host")
    }
    self.host = host.removingPercentEncoding ?? host
    let port = components.port ?? (usesTLS ? 443 : 80)
    guard (1...65_535).contains(port) else {
      throw HTTPError(.invalidURL, "port \(port) of '\(shown)' is out of range")
    }
    self.port = port
    let path = components.percentEncodedPath
    target = (path.isEmpty ? "/" : path) + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
  }

  /// Whether ``host`` is an IPv4 or IPv6 literal rather than a name.
  var hostIsAddress: Bool {
    var v4 = in_addr()
    var v6 = in6_addr()
    return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
  }

  /// The `Host` header: the host (bracketed when IPv6) and the port unless it is the default.
  var hostHeader: String {
    let name = host.contains(":") ? "[\(host)]" : host
    return port == (usesTLS ? 443 : 80) ? name : "\(name):\(port)"
  }
}
