import DispatchKit
import DispatchTestSupport
import Foundation
import Testing

/// The catalog's web fetch over Dispatch's HTTP client, against a local server.
struct CatalogWebFetchTests {
  func response(_ status: Int, _ extraHeaders: String = "", body: String = "") -> [UInt8] {
    Array(
      ("HTTP/1.1 \(status) X\r\n\(extraHeaders)Content-Length: \(body.utf8.count)\r\n"
        + "Connection: close\r\n\r\n" + body).utf8)
  }

  @Test func `a 200 answer is the index and the request is a plain GET`() throws {
    let receiver = try WebhookReceiver()
    receiver.answerRaw(response(200, body: CatalogSourceTests.indexText))
    let url = URL(string: "http://127.0.0.1:\(receiver.port)/c/index.json")!
    let bytes = try HTTPClient().catalogFetch()(url)
    #expect(String(decoding: bytes, as: UTF8.self) == CatalogSourceTests.indexText)
    let request = try #require(receiver.received.first)
    #expect(request.method == "GET" && request.target == "/c/index.json")
    #expect(request.headers["cookie"] == nil && request.body.isEmpty)
  }

  @Test func `another status is refused naming the URL and the status`() throws {
    let receiver = try WebhookReceiver()
    receiver.answerRaw(response(404, body: "gone"))
    let url = URL(string: "http://127.0.0.1:\(receiver.port)/index.json")!
    let error = #expect(throws: CatalogError.self) { try HTTPClient().catalogFetch()(url) }
    #expect(error?.message == "'\(url.absoluteString)' answered HTTP 404, not the index")
  }

  @Test func `redirects are followed at most three times`() throws {
    let receiver = try WebhookReceiver()
    receiver.answerRaw(response(302, "Location: /again\r\n"))
    let url = URL(string: "http://127.0.0.1:\(receiver.port)/index.json")!
    #expect(throws: CatalogError.self) { try HTTPClient().catalogFetch()(url) }
    #expect(receiver.received.map(\.target) == ["/index.json", "/again", "/again", "/again"])
  }

  @Test func `a loader with the web fetch caches and falls back when the server goes away`()
    throws
  {
    let folder = try TemporaryDirectory()
    let loader = CatalogLoader(
      fetch: HTTPClient().catalogFetch(), cacheFolder: URL(fileURLWithPath: folder.file("cache")))
    let receiver = try WebhookReceiver()
    receiver.answerRaw(response(200, body: CatalogSourceTests.indexText))
    let url = URL(string: "http://127.0.0.1:\(receiver.port)/index.json")!
    #expect(try loader.load(.web(url)).origin == .live)
    receiver.stop()
    let offline = try loader.load(.web(url))
    #expect(offline.index.version == 7)
    guard case .cache = offline.origin else {
      Issue.record("expected the cached copy, got \(offline.origin)")
      return
    }
  }
}
