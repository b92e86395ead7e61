import DispatchSupport
import Foundation

extension HTTPClient {
  /// The redirects a catalog fetch follows, as static hosts move indexes around.
  static let catalogRedirectLimit = 3

  /// A ``CatalogFetch`` over this client: a GET that follows up to three redirects and
  /// accepts only a 200 answer. Nothing but the URL is sent (no cookies, no identifiers).
  public func catalogFetch() -> CatalogFetch {
    let client = self
    return { url in try client.fetchCatalogIndex(url, redirectsLeft: Self.catalogRedirectLimit) }
  }

  private func fetchCatalogIndex(_ url: URL, redirectsLeft: Int) throws -> [UInt8] {
    let response = try send(
      HTTPRequest(
        url: url, headers: [("Accept", "application/json")], timeout: 15, totalTimeout: 60))
    switch response.status {
    case 200:
      return response.body
    case 301, 302, 303, 307, 308:
      guard redirectsLeft > 0, let location = response.header("Location"),
        let next = URL(string: location, relativeTo: url)?.absoluteURL,
        ["http", "https"].contains(next.scheme?.lowercased() ?? "")
      else {
        throw CatalogError(
          .unreadable,
          "'\(URLRedaction.redacted(url.absoluteString))' redirects too often or to an "
            + "unusable place")
      }
      return try fetchCatalogIndex(next, redirectsLeft: redirectsLeft - 1)
    default:
      throw CatalogError(
        .unreadable,
        "'\(URLRedaction.redacted(url.absoluteString))' answered HTTP \(response.status), "
          + "not the index")
    }
  }
}
