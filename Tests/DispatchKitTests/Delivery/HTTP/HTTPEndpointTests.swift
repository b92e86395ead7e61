import DispatchKit
import Foundation
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// Where a URL's request goes, and the request head the client writes.
struct HTTPEndpointTests {
  @Test(arguments: [
    ("https://example.com", true, "example.com", 443, "/", "example.com"),
    (
      "http://example.com:8080/a/b%20c?x=1&y=%2F", false, "example.com", 8080, "/a/b%20c?x=1&y=%2F",
      "example.com:8080"
    ),
    ("http://[::1]:9000/hook", false, "::1", 9000, "/hook", "[::1]:9000"),
    ("https://[2001:db8::1]/", true, "2001:db8::1", 443, "/", "[2001:db8::1]"),
    ("HTTP://LOCALHOST:80/", false, "LOCALHOST", 80, "/", "LOCALHOST"),
  ])
  func `endpoints`(
    text: String, tls: Bool, host: String, port: Int, target: String, hostHeader: String
  ) throws {
    let endpoint = try HTTPEndpoint(try #require(URL(string: text)))
    #expect(endpoint.usesTLS == tls)
    #expect(endpoint.host == host)
    #expect(endpoint.port == port)
    #expect(endpoint.target == target)
    #expect(endpoint.hostHeader == hostHeader)
  }

  @Test(arguments: ["ftp://example.com/", "file:///etc/passwd", "http:///x", "http://h:0/"])
  func `unusable URLs`(text: String) throws {
    let url = try #require(URL(string: text))
    #expect {
      try HTTPEndpoint(url)
    } throws: { error in
      (error as? HTTPError)?.kind == .invalidURL
    }
  }

  @Test func `IP literals are told apart from names`() throws {
    #expect(try HTTPEndpoint(try #require(URL(string: "https://127.0.0.1/"))).hostIsAddress)
    #expect(try HTTPEndpoint(try #require(URL(string: "https://[::1]/"))).hostIsAddress)
    #expect(try !HTTPEndpoint(try #require(URL(string: "https://localhost/"))).hostIsAddress)
  }

  @Test func `the request head`() throws {
    let url = try #require(URL(string: "http://example.com:8080/hook?a=1"))
    let post = HTTPRequest(
      method: "POST", url: url, headers: [("Content-Type", "application/json")],
      body: Array("{}".utf8))
    #expect(
      String(decoding: HTTPClient.head(post, endpoint: try HTTPEndpoint(url)), as: UTF8.self)
        == "POST /hook?a=1 HTTP/1.1\r\nHost: example.com:8080\r\nContent-Type: application/json\r\n"
        + "Content-Length: 2\r\nConnection: close\r\n\r\n")
    let get = HTTPRequest(url: url)
    #expect(
      String(decoding: HTTPClient.head(get, endpoint: try HTTPEndpoint(url)), as: UTF8.self)
        == "GET /hook?a=1 HTTP/1.1\r\nHost: example.com:8080\r\nConnection: close\r\n\r\n")
  }
}
