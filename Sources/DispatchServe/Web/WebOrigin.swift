import Foundation

/// Where browsers reach the server from, for the session cookie and for telling this server's
/// own forms from another site's.
struct WebOrigin: Sendable {
  /// Whether the session cookie is marked Secure (the browser reaches the server over HTTPS).
  var secureCookies: Bool
  /// `scheme://host[:port]` of `--base-url`, when a proxy or VPN name stands in front.
  var publicOrigin: String?

  /// `scheme://host[:port]` of a URL, lowercased, without path.
  static func origin(of url: String) -> String {
    let lowered = url.lowercased()
    guard let schemeEnd = lowered.range(of: "://") else { return lowered }
    let rest = lowered[schemeEnd.upperBound...]
    let host = rest.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first
    return String(lowered[..<schemeEnd.upperBound]) + String(host ?? "")
  }

  /// Whether a state-changing request comes from this server's own pages: a browser sends
  /// `Origin` (and `Sec-Fetch-Site`) with a POST, and another site's differ. Checked besides
  /// the CSRF token.
  func isSameOrigin(_ request: ServerRequest) -> Bool {
    if let site = request.header("Sec-Fetch-Site"), site != "same-origin", site != "none" {
      return false
    }
    guard let origin = request.header("Origin")?.lowercased() else { return true }
    if origin == publicOrigin { return true }
    let parts = origin.split(separator: "/", omittingEmptySubsequences: true)
    guard parts.count == 2 else { return false }
    // Behind a TLS proxy the host the browser used may arrive as X-Forwarded-Host; a form on
    // another site cannot set that header, so it cannot pass this way either.
    let hosts = [request.header("Host"), request.header("X-Forwarded-Host")].compactMap { $0 }
    return hosts.contains { $0.lowercased() == parts[1] }
  }
}
