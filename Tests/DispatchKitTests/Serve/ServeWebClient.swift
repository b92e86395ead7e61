import DispatchCore
import DispatchServe
import DispatchStorage
import DispatchSupport
import Foundation
import Testing

/// A browser as the survey pages meet it: it keeps the session cookie, reads the CSRF token
/// out of the forms and posts forms back.
final class ServeWebClient {
  let serve: ServeTestServer
  var cookie: String?
  /// The whole `Set-Cookie` the pairing answered.
  var pairingCookie: String?

  init(_ serve: ServeTestServer) { self.serve = serve }

  /// Makes a pairing link and uses it; the client then holds a session cookie.
  func pair() throws {
    let store = try DispatchStore(path: serve.storePath, access: .write)
    let link = try ServePairing.issue(in: store, baseURL: serve.base, at: SystemWallClock().now())
    let secret = String(link.url.split(separator: "/").last ?? "")
    let opened = try get("/pair/" + secret)
    #expect(opened.status == 200)
    let paired = try post("/pair", ["secret": secret])
    #expect(paired.status == 303)
    let setCookie = try #require(paired.header("Set-Cookie"))
    pairingCookie = setCookie
    cookie = String(setCookie.split(separator: ";")[0])
  }

  func get(_ path: String, headers: [(name: String, value: String)] = []) throws -> HTTPResponse {
    try send("GET", path, body: [], headers: headers)
  }

  /// Posts `fields` as a form (in the order given when `ordered` is used).
  func post(
    _ path: String, _ fields: [String: String] = [:], ordered: [(String, String)] = [],
    headers: [(name: String, value: String)] = []
  ) throws -> HTTPResponse {
    let pairs = ordered + fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    let body = pairs.map { Self.encode($0.0) + "=" + Self.encode($0.1) }.joined(separator: "&")
    return try send(
      "POST", path, body: Array(body.utf8),
      headers: headers + [("Content-Type", "application/x-www-form-urlencoded")])
  }

  func send(
    _ method: String, _ path: String, body: [UInt8], headers: [(name: String, value: String)]
  ) throws -> HTTPResponse {
    var all = headers
    if let cookie { all.append(("Cookie", cookie)) }
    let url = try #require(URL(string: serve.base + path))
    return try HTTPClient().send(
      HTTPRequest(method: method, url: url, headers: all, body: body, timeout: 10))
  }

  /// The value of a hidden field in a page.
  static func hidden(_ name: String, in response: HTTPResponse) -> String? {
    let html = String(decoding: response.body, as: UTF8.self)
    let marker = "name=\"\(name)\" value=\""
    guard let start = html.range(of: marker) else { return nil }
    let rest = html[start.upperBound...]
    return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
  }

  static func text(_ response: HTTPResponse) -> String {
    String(decoding: response.body, as: UTF8.self)
  }

  static func encode(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
  }
}
