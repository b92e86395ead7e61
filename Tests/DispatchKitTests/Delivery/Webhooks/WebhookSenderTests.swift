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

/// The request a body becomes: method, headers, signatures over the bytes sent, encryption,
/// and the report body's bytes against the v2 export's.
struct WebhookSenderTests {
  let fixture: WebhookFixture

  init() throws {
    fixture = try WebhookFixture()
  }

  @Test func `an unsigned request is a plain JSON POST`() throws {
    let request = try fixture.sender().request(for: WebhookPayload.test)
    #expect(request.method == "POST")
    #expect(request.url.absoluteString == "http://127.0.0.1:9/hook")
    #expect(request.headers.map(\.name) == ["Content-Type"])
    #expect(request.header("content-type") == "application/json")
    #expect(request.body == WebhookPayload.test)
    #expect(request.timeout == 15 && request.totalTimeout == 60)
  }

  @Test func `a signed request carries both signatures at the clock's second`() throws {
    fixture.clock.advance(seconds: 0)
    let request = try fixture.sender(secret: "test-secret").request(for: WebhookPayload.test)
    let seconds = WebhookFixture.start.milliseconds / 1000
    #expect(request.header("X-Dispatch-Timestamp") == String(seconds))
    let verifier = WebhookVerifier(secret: "test-secret")
    let headers = Dictionary(
      uniqueKeysWithValues: request.headers.map { ($0.name.lowercased(), $0.value) })
    #expect(verifier.problem(headers: headers, body: request.body) == nil)
    var tampered = request.body
    tampered[tampered.count - 2] ^= 1
    #expect(verifier.problem(headers: headers, body: tampered) != nil)
  }

  @Test func `with encryption the signatures cover the envelope, which opens to the body`() throws {
    let sender = try fixture.sender(secret: "test-secret", encrypts: true)
    let request = try sender.request(for: WebhookPayload.test)
    let text = String(decoding: request.body, as: UTF8.self)
    #expect(text.hasPrefix(#"{"algorithm":"aes-256-gcm","data":""#))
    #expect(text.hasSuffix(#"","encrypted":true}"#))
    let secret = Array("test-secret".utf8)
    #expect(try WebhookEnvelope.open(request.body, secret: secret) == WebhookPayload.test)
    #expect(
      request.header("X-Dispatch-Signature")
        == (try WebhookSigner.signature(body: request.body, secret: secret)))
  }

  @Test func `the documented body sent with nonce 01 to 0c is the documented envelope`() throws {
    let url = try #require(URL(string: "https://example.com/hook"))
    let sender = WebhookSender(
      url: url, secret: Array("test-secret".utf8), encrypts: true, transport: fixture.transport,
      clock: fixture.clock, nonce: { Array(1...12) })
    let request = try sender.request(for: Array(#"{"event":"test"}"#.utf8))
    #expect(
      request.header("X-Dispatch-Signature")
        == "sha256=227f96e67f64a854ada18b83ede21df4dd7b29866b934acd920470c6133edb8c")
  }

  @Test func `a report body holds the report exactly as a v2 export writes it`() throws {
    let report = ReportFixtures.everything
    let body = String(decoding: WebhookPayload.reportCreated(report), as: UTF8.self)
    #expect(body.hasPrefix("{\n  \"event\" : \"report.created\",\n  \"report\" : {\n"))
    #expect(body.hasSuffix("\n  },\n  \"schemaVersion\" : 2\n}"))
    let export = V2Exporter.string(questions: [], reports: [report])
    // In the export the report sits one level deeper: the same lines, two spaces more.
    let exported = try #require(Self.block(in: export, opening: "    {\n"))
    let sent = try #require(Self.block(in: body, opening: "  \"report\" : {\n"))
    #expect(sent.map { $0.isEmpty ? $0 : "  " + $0 } == exported)
    #expect(body.contains(#""timeZone" : "Europe\/Paris""#))
  }

  @Test func `a failing transport's error reaches the caller`() throws {
    fixture.transport.script([.failure(HTTPError(.tls, "no"))])
    #expect(throws: HTTPError(.tls, "no")) {
      try fixture.sender().send(WebhookPayload.test)
    }
  }

  @Test func `a configuration with an unsafe secret file or bad URL builds no sender`() throws {
    let folder = try TemporaryDirectory()
    let file = folder.file("secret")
    try Data("s3cret\n".utf8).write(to: URL(fileURLWithPath: file))
    chmod(file, 0o644)
    let url = try #require(URL(string: "https://example.com/hook"))
    let open = WebhookConfiguration(url: url, secretFile: file)
    #expect(throws: WebhookError.self) {
      try WebhookSender(configuration: open, transport: fixture.transport, clock: fixture.clock)
    }
    chmod(file, 0o600)
    #expect(
      try WebhookSender(configuration: open, transport: fixture.transport, clock: fixture.clock)
        .signs)
    let plain = try #require(URL(string: "http://example.com/hook"))
    #expect(throws: WebhookError.self) {
      try WebhookSender(
        configuration: WebhookConfiguration(url: plain), transport: fixture.transport,
        clock: fixture.clock)
    }
  }

  /// The lines after `opening` up to the line that closes it at the same indent.
  static func block(in text: String, opening: String) -> [String]? {
    guard let start = text.range(of: opening) else { return nil }
    let indent = String(opening.prefix { $0 == " " })
    var lines: [String] = []
    for line in text[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix(indent + "}") { return lines }
      lines.append(String(line))
    }
    return nil
  }
}
