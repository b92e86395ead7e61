import DispatchKit
import DispatchTestSupport
import Foundation
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// The client against local servers: a real exchange, framing over the wire, connection
/// failures and timeouts.
struct HTTPClientTests {
  let client = HTTPClient()

  func url(_ port: UInt16, _ path: String = "/hook", host: String = "127.0.0.1") throws -> URL {
    try #require(URL(string: "http://\(host):\(port)\(path)"))
  }

  @Test func `a POST arrives whole and its answer comes back`() throws {
    let receiver = try WebhookReceiver()
    receiver.answer([202])
    let body = Array(String(repeating: "é", count: 40_000).utf8)
    let response = try client.send(
      HTTPRequest(
        method: "POST", url: try url(receiver.port, "/hook?x=1"),
        headers: [("Content-Type", "application/json"), ("X-Test", "yes")], body: body))
    #expect(response.status == 202)
    #expect(response.body == Array("ok".utf8))
    let request = try #require(receiver.received.first)
    #expect(request.method == "POST")
    #expect(request.target == "/hook?x=1")
    #expect(request.body == body)
    #expect(request.headers["host"] == "127.0.0.1:\(receiver.port)")
    #expect(request.headers["content-length"] == String(body.count))
    #expect(request.headers["x-test"] == "yes")
    #expect(request.headers["connection"] == "close")
  }

  @Test func `localhost is tried on every address it resolves to`() throws {
    // The receiver listens on IPv4 only; a resolver that lists ::1 first is refused there.
    let receiver = try WebhookReceiver()
    let response = try client.send(HTTPRequest(url: try url(receiver.port, host: "localhost")))
    #expect(response.status == 200)
  }

  @Test func `a chunked answer over the wire is reassembled`() throws {
    let receiver = try WebhookReceiver()
    receiver.answerRaw(
      Array(
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n".utf8
      ))
    #expect(try client.send(HTTPRequest(url: try url(receiver.port))).body == Array("abcde".utf8))
  }

  @Test func `a closed port is unreachable`() throws {
    let port = try WebhookReceiver.unusedPort()
    #expect {
      try client.send(HTTPRequest(url: try url(port), timeout: 2))
    } throws: { error in
      guard let error = error as? HTTPError else { return false }
      return error.kind == .unreachable && error.message.contains("127.0.0.1:\(port)")
    }
  }

  @Test func `a name that does not resolve is unreachable`() throws {
    #expect {
      try client.send(HTTPRequest(url: try url(80, host: "no-such-host.invalid"), timeout: 2))
    } throws: { error in
      (error as? HTTPError)?.kind == .unreachable
        && (error as? HTTPError)?.message.contains("cannot resolve 'no-such-host.invalid'") == true
    }
  }

  @Test func `a server that does not answer times out`() throws {
    let receiver = try WebhookReceiver()
    receiver.delay(2)
    #expect {
      try client.send(HTTPRequest(url: try url(receiver.port), timeout: 0.2))
    } throws: { error in
      (error as? HTTPError)?.kind == .timedOut
    }
  }

  @Test func `the total timeout caps an exchange`() throws {
    let receiver = try WebhookReceiver()
    receiver.delay(0.5)
    #expect {
      try client.send(HTTPRequest(url: try url(receiver.port), timeout: 5, totalTimeout: 0.1))
    } throws: { error in
      (error as? HTTPError)
        == HTTPError(.timedOut, "127.0.0.1:\(receiver.port) took too long to answer")
    }
  }

  @Test func `garbage from the server is a malformed response`() throws {
    let receiver = try WebhookReceiver()
    receiver.answerRaw(Array("220 smtp.example.com ESMTP\r\n".utf8))
    #expect {
      try client.send(HTTPRequest(url: try url(receiver.port)))
    } throws: { error in
      (error as? HTTPError)?.kind == .malformedResponse
    }
  }

  @Test func `an https URL to a plain server stalls in the handshake and times out`() throws {
    // The plain server waits for a request head that a TLS ClientHello never completes.
    let receiver = try WebhookReceiver()
    let https = try #require(URL(string: "https://127.0.0.1:\(receiver.port)/"))
    #expect {
      try client.send(HTTPRequest(url: https, timeout: 0.3))
    } throws: { error in
      (error as? HTTPError)?.kind == .timedOut
    }
  }

  @Test func `DISPATCH_CA_FILE chooses the trusted certificates`() {
    #expect(HTTPClient(environment: ["DISPATCH_CA_FILE": "/x/ca.pem"]).caFile == "/x/ca.pem")
    #expect(HTTPClient(environment: ["DISPATCH_CA_FILE": ""]).caFile == nil)
    #expect(HTTPClient(environment: [:]).caFile == nil)
  }
}

/// HTTPS against a local TLS server with a certificate made at test time by `openssl`.
@Suite(.enabled(if: TestCertificate.tool != nil, "the openssl command is not installed"))
struct HTTPSClientTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory()
  }

  func serve(names: String = "DNS:localhost,IP:127.0.0.1") throws
    -> (WebhookReceiver, certificate: String)
  {
    let made = try #require(TestCertificate.make(in: folder.path, names: names))
    return (try WebhookReceiver(certificate: (made.certificate, made.key)), made.certificate)
  }

  @Test(arguments: ["localhost", "127.0.0.1"])
  func `a trusted certificate for the host verifies`(host: String) throws {
    let (receiver, certificate) = try serve()
    let url = try #require(URL(string: "https://\(host):\(receiver.port)/hook"))
    let response = try HTTPClient(caFile: certificate).send(
      HTTPRequest(method: "POST", url: url, body: Array("{}".utf8)))
    #expect(response.status == 200)
    #expect(receiver.received.first?.body == Array("{}".utf8))
  }

  @Test func `a self-signed certificate is refused by the system trust store`() throws {
    let (receiver, _) = try serve()
    let url = try #require(URL(string: "https://localhost:\(receiver.port)/hook"))
    #expect {
      try HTTPClient().send(HTTPRequest(url: url))
    } throws: { error in
      guard let error = error as? HTTPError else { return false }
      return error.kind == .tls && error.message.contains("does not verify")
    }
    #expect(receiver.received.isEmpty)
  }

  @Test func `a certificate for another name is refused`() throws {
    let (receiver, certificate) = try serve(names: "DNS:other.example")
    for host in ["localhost", "127.0.0.1"] {
      let url = try #require(URL(string: "https://\(host):\(receiver.port)/"))
      #expect {
        try HTTPClient(caFile: certificate).send(HTTPRequest(url: url))
      } throws: { error in
        (error as? HTTPError)?.kind == .tls
          && (error as? HTTPError)?.message.contains("does not verify") == true
      }
    }
  }

  @Test func `an unreadable CA file is a TLS error`() throws {
    let (receiver, _) = try serve()
    let url = try #require(URL(string: "https://localhost:\(receiver.port)/"))
    #expect(throws: HTTPError(.tls, "cannot read the trusted certificates '/no/such.pem'")) {
      try HTTPClient(caFile: "/no/such.pem").send(HTTPRequest(url: url))
    }
  }
}
