import DispatchKit
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// Response framing from raw bytes, fed in small pieces as a socket would: Content-Length,
/// chunks, the end of the connection, interim responses — and malformed or oversized input.
struct HTTPResponseReaderTests {
  /// Reads `text` delivered `pieceSize` bytes at a time.
  func read(_ text: String, method: String = "POST", pieceSize: Int = 3, limit: Int = 1_000)
    throws(HTTPError) -> HTTPResponse
  {
    let bytes = Array(text.utf8)
    var offset = 0
    var reader = HTTPResponseReader(peer: "example.com:443", maximumBodyBytes: limit) {
      () throws(HTTPError) -> [UInt8] in
      let piece = Array(bytes[offset..<min(offset + pieceSize, bytes.count)])
      offset += piece.count
      return piece
    }
    return try reader.response(method: method)
  }

  @Test func `a Content-Length body`() throws {
    let response = try read(
      "HTTP/1.1 201 Created\r\nContent-Length: 5\r\nX-A:  b \r\n\r\nhelloEXTRA")
    #expect(response.status == 201)
    #expect(response.body == Array("hello".utf8))
    #expect(response.header("x-a") == "b")
    #expect(response.headers.map(\.name) == ["Content-Length", "X-A"])
  }

  @Test func `a chunked body with extensions and trailers`() throws {
    let text =
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
      + "4;name=x\r\nWiki\r\n6\r\npedia \r\nE\r\nin \r\n\r\nchunks.\r\n0\r\nTrailer: t\r\n\r\n"
    #expect(try read(text).body == Array("Wikipedia in \r\n\r\nchunks.".utf8))
  }

  @Test func `a body until the connection closes, and bare LF line ends`() throws {
    let response = try read("HTTP/1.0 200 OK\nServer: old\n\nall of it", pieceSize: 1)
    #expect(response.body == Array("all of it".utf8))
    #expect(response.header("server") == "old")
  }

  @Test func `interim responses are skipped`() throws {
    let text = "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n"
    let response = try read(text)
    #expect(response.status == 204 && response.body.isEmpty)
  }

  @Test func `HEAD, 204 and 304 answers have no body even with a length`() throws {
    #expect(try read("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n", method: "HEAD").body == [])
    #expect(try read("HTTP/1.1 304 Not Modified\r\nContent-Length: 10\r\n\r\n").body == [])
  }

  @Test(arguments: [
    ("", "closed the connection mid-response"),
    ("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort", "closed the connection mid-response"),
    ("SSH-2.0-OpenSSH_9.2\r\n\r\n", "the status line 'SSH-2.0-OpenSSH_9.2'"),
    ("HTTP/2 200\r\n\r\n", "the status line"),
    ("HTTP/1.1 2000 OK\r\n\r\n", "the status line"),
    ("HTTP/1.1 abc OK\r\n\r\n", "the status line"),
    ("HTTP/1.1 099 Low\r\n\r\n", "the status line"),
    ("HTTP/1.1 200 OK\r\nno colon here\r\n\r\n", "the header line 'no colon here'"),
    ("HTTP/1.1 200 OK\r\n: empty name\r\n\r\n", "the header line"),
    ("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", "a Content-Length of '-1'"),
    ("HTTP/1.1 200 OK\r\nContent-Length: 1e3\r\n\r\n", "a Content-Length of '1e3'"),
    ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", "the chunk size 'zz'"),
    ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n\r\n", "the chunk size ''"),
    (
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n", "a chunk longer"
    ),
    ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab", "mid-response"),
  ])
  func `malformed responses are refused with the reason`(text: String, reason: String) {
    #expect {
      try read(text)
    } throws: { error in
      guard let error = error as? HTTPError else { return false }
      return error.kind == .malformedResponse && error.message.contains(reason)
        && error.message.contains("example.com:443")
    }
  }

  @Test(arguments: [
    "HTTP/1.1 200 OK\r\nContent-Length: 1001\r\n\r\n",
    "HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999\r\n\r\n",
    "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3E9\r\n",
    "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFF\r\n",
  ])
  func `bodies past the limit are refused before they are read`(text: String) {
    #expect {
      try read(text)
    } throws: { error in
      let kind = (error as? HTTPError)?.kind
      return kind == .responseTooLarge || kind == .malformedResponse
    }
  }

  @Test func `a body until close past the limit is refused`() {
    let text = "HTTP/1.1 200 OK\r\n\r\n" + String(repeating: "x", count: 1_001)
    #expect(throws: HTTPError(.responseTooLarge, "example.com:443 sent more than 1000 bytes")) {
      try read(text, pieceSize: 100)
    }
  }

  @Test func `an endless header line is refused`() {
    let text = "HTTP/1.1 200 OK\r\nX: " + String(repeating: "a", count: 20_000)
    #expect {
      try read(text, pieceSize: 4_096)
    } throws: { error in
      (error as? HTTPError)?.message.contains("a line longer than 16384 bytes") == true
    }
  }
}
