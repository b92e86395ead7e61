import DispatchTestSupport
import Foundation
import Testing

/// Webhook delivery through the built binary to a receiver in this process that verifies both
/// signatures: `webhook test`, the attempt after filing, `flush`, failed entries, the daemon
/// and HTTPS (docs/webhooks.md#webhooks).
@Suite("webhook delivery")
struct WebhookDeliveryCommandTests {
  static let secret = "cli end-to-end secret"

  /// A sandbox whose store sends signed webhooks to 127.0.0.1:`port`.
  func sandbox(port: UInt16, extra: [String] = []) throws -> CLISandbox {
    let cli = try CLISandbox()
    try cli.succeed(
      ["webhook", "set", "http://127.0.0.1:\(port)/hook", "--secret", Self.secret] + extra)
    return cli
  }

  /// The `uniqueIdentifier` of each accepted `report.created` body, in arrival order.
  static func reportIDs(_ receiver: WebhookReceiver) throws -> [String] {
    try receiver.acceptedBodies.compactMap { body in
      let object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
      guard object?["event"] as? String == "report.created" else { return nil }
      #expect((object?["schemaVersion"] as? NSNumber)?.intValue == 2)
      let report = object?["report"] as? [String: Any]
      return try #require(report?["uniqueIdentifier"] as? String)
    }
  }

  static func reportIDs(_ cli: CLISandbox) throws -> [String] {
    try cli.reports([]).map(\.id)
  }

  @Test func `test sends exactly the test body, signed, and queues nothing`() throws {
    let receiver = try WebhookReceiver(secret: Self.secret)
    let cli = try sandbox(port: receiver.port)
    let result = try cli.succeed(["webhook", "test"])
    #expect(
      result.stdout == "Sent the test event to http://127.0.0.1:\(receiver.port)/hook: HTTP 200.\n")
    let request = try #require(receiver.received.first)
    #expect(request.body == Array("{\n  \"event\" : \"test\"\n}".utf8))
    #expect(request.signatureProblem == nil)
    #expect(request.headers["content-type"] == "application/json")
    #expect(request.headers["x-dispatch-timestamp"] == "1772618400")
    #expect(try cli.webhookStatus().pending == 0)
    receiver.answer([500])
    try cli.fail(
      ["webhook", "test"], status: 1, message: "the receiver answered HTTP 500 to the test event")
    #expect(
      try cli.succeed(["webhook", "test", "--json"]).json([String: Int].self) == ["status": 200])
  }

  @Test func `test to a receiver that is down fails with the reason`() throws {
    let cli = try sandbox(port: try WebhookReceiver.unusedPort())
    try cli.fail(
      ["webhook", "test"], status: 1, message: "the test event was not delivered: cannot connect")
  }

  @Test func `reports filed while the receiver is down are delivered once each, in order`() throws {
    let port = try WebhookReceiver.unusedPort()
    let cli = try sandbox(port: port)
    let first = try cli.succeed(["answer", "yes"])
    #expect(first.stdout.hasPrefix("Filed report"))
    #expect(
      first.stderr.contains(
        "dispatch: warning: webhook delivery failed (cannot connect to 127.0.0.1:\(port)"))
    #expect(first.stderr.contains("the report is queued, next try 2026-03-04T10:01:00Z"))
    try cli.succeed(
      ["report", "--answer", "Are you working?=no"],
      environment: ["DISPATCH_NOW": "2026-03-04T10:00:30Z"])
    var status = try cli.webhookStatus()
    #expect(status.pending == 2 && status.failed == 0)
    // The second filing tried its own report (due) but not the first (due at 10:01).
    #expect(status.nextRetry == "2026-03-04T10:01:00.000Z")
    #expect(status.lastError?.message.contains("cannot connect") == true)
    #expect(status.lastDelivery == nil)

    let receiver = try WebhookReceiver(port: port, secret: Self.secret)
    let flush = try cli.succeed(["webhook", "flush"])
    #expect(flush.stdout == "Delivered 2 reports.\n")
    try cli.succeed(["answer", "no"], environment: ["DISPATCH_NOW": "2026-03-04T10:05:00Z"])
    #expect(try Self.reportIDs(receiver) == Self.reportIDs(cli))
    #expect(receiver.received.count == 3)
    #expect(receiver.received.allSatisfy { $0.signatureProblem == nil })
    status = try cli.webhookStatus()
    #expect(status.pending == 0 && status.lastDelivery == "2026-03-04T10:05:00.000Z")
    #expect(try cli.succeed(["webhook", "flush"]).stdout == "Delivered 0 reports.\n")
    #expect(receiver.received.count == 3)
  }

  @Test func `an error status keeps the report queued until a flush delivers it`() throws {
    let receiver = try WebhookReceiver(secret: Self.secret)
    receiver.answer([503])
    let cli = try sandbox(port: receiver.port)
    let filed = try cli.succeed(["answer", "yes"])
    #expect(filed.stderr.contains("webhook delivery failed (HTTP 503)"))
    #expect(try cli.webhookStatus().pending == 1)
    let json = try cli.succeed(["webhook", "flush", "--json"]).stdout
    #expect(json.contains("\"pending\": 0"))
    #expect(try Self.reportIDs(receiver) == Self.reportIDs(cli))
    #expect(receiver.received.map(\.status) == [503, 200])
  }

  @Test func `after the whole schedule an entry is failed, kept, and sent by flush --failed`()
    throws
  {
    let port = try WebhookReceiver.unusedPort()
    let cli = try sandbox(port: port, extra: ["--encrypt"])
    try cli.succeed(["answer", "yes"])
    // Seven more failed attempts (each flush counts one) run the schedule out.
    for _ in 0..<6 {
      try cli.fail(
        ["webhook", "flush"], status: 1, message: "delivered 0, 1 still queued: cannot connect")
    }
    try cli.fail(
      ["webhook", "flush"], status: 1, message: "delivered 0, 0 still queued: cannot connect")
    var status = try cli.webhookStatus()
    #expect(status.pending == 0 && status.failed == 1 && status.nextRetry == nil)
    let text = try cli.succeed(["webhook", "status"]).stdout
    #expect(text.contains("  Outbox:      0 pending, 1 failed\n"))
    #expect(text.contains("'dispatch webhook flush --failed' sends the failed entries again."))
    let receiver = try WebhookReceiver(port: port, secret: Self.secret)
    #expect(
      try cli.succeed(["webhook", "flush"]).stdout
        == "Delivered 0 reports. 1 failed entry kept; 'dispatch webhook flush --failed' sends them too.\n"
    )
    #expect(receiver.received.isEmpty)
    #expect(try cli.succeed(["webhook", "flush", "--failed"]).stdout == "Delivered 1 report.\n")
    status = try cli.webhookStatus()
    #expect(status.pending == 0 && status.failed == 0)
    let body = try #require(receiver.received.first).body
    #expect(
      String(decoding: body, as: UTF8.self).hasPrefix(#"{"algorithm":"aes-256-gcm","data":""#))
    #expect(receiver.received.first?.signatureProblem == nil)
  }

  @Test func `the daemon sends what is due on its tick`() throws {
    let port = try WebhookReceiver.unusedPort()
    let cli = try sandbox(port: port)
    try cli.succeed(["answer", "yes"])
    for (name, value) in [("notifier", "hook"), ("hook", "/bin/true")] {
      try cli.succeed(["settings", "set", name, value])
    }
    let receiver = try WebhookReceiver(port: port, secret: Self.secret)
    let early = try cli.succeed(
      ["daemon", "--once"], environment: ["DISPATCH_NOW": "2026-03-04T10:00:30Z"])
    #expect(!early.stdout.contains("webhook"))
    let due = try cli.succeed(
      ["daemon", "--once"], environment: ["DISPATCH_NOW": "2026-03-04T10:01:00Z"])
    let id = try #require(Self.reportIDs(cli).first)
    #expect(due.stdout.contains("2026-03-04 10:01 webhook delivered \(id)\n"))
    #expect(try Self.reportIDs(receiver) == [id])
  }

  @Test(.enabled(if: TestCertificate.tool != nil, "the openssl command is not installed"))
  func `https to a self-signed receiver works with DISPATCH_CA_FILE and fails without`() throws {
    let cli = try CLISandbox()
    let made = try #require(TestCertificate.make(in: cli.root))
    let receiver = try WebhookReceiver(
      secret: Self.secret, certificate: (made.certificate, made.key))
    try cli.succeed([
      "webhook", "set", "https://localhost:\(receiver.port)/hook", "--secret", Self.secret,
    ])
    try cli.fail(["webhook", "test"], status: 1, message: "does not verify")
    let trusted: [String: String?] = ["DISPATCH_CA_FILE": made.certificate]
    #expect(
      try cli.succeed(["webhook", "test"], environment: trusted).stdout.contains(": HTTP 200."))
    try cli.succeed(["answer", "yes"], environment: trusted)
    #expect(try Self.reportIDs(receiver) == Self.reportIDs(cli))
    #expect(receiver.received.allSatisfy { $0.signatureProblem == nil })
  }
}
