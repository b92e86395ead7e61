import DispatchKit
import DispatchTestSupport
import Foundation
import Testing

/// A webhook URL's password and token never reach an output, an error text or the event log,
/// and a URL a request could not use is refused when it is set (docs/webhooks.md#url-rule).
@Suite("webhook URL redaction")
struct WebhookRedactionTests {
  static let password = "pw-sentinel-41"
  static let token = "tok-sentinel-97"

  static func url(port: UInt16) -> String {
    "http://robbie:\(password)@127.0.0.1:\(port)/hook?token=\(token)&v=2"
  }

  /// Whether `text` holds neither sentinel.
  static func isClean(_ text: String) -> Bool {
    !text.contains(password) && !text.contains(token)
  }

  @Test func `set, status, the report warning, flush and diagnostics show the URL redacted`() throws
  {
    let port = try WebhookReceiver.unusedPort()
    let cli = try CLISandbox()
    let set = try cli.succeed(["webhook", "set", Self.url(port: port)])
    #expect(
      set.stdout.contains(
        "POSTed to http://***@127.0.0.1:\(port)/hook?token=***&v=*** (unsigned)"))
    let status = try cli.succeed(["webhook", "status"])
    #expect(
      status.stdout.contains("URL:         http://***@127.0.0.1:\(port)/hook?token=***&v=***"))
    #expect(try cli.webhookStatus().url == "http://***@127.0.0.1:\(port)/hook?token=***&v=***")

    // The receiver is down: the report's warning, the last error and, once the entry gives up
    // after its eighth attempt, the event log.
    let report = try cli.succeed(["answer", "yes"])
    #expect(report.stderr.contains("webhook delivery failed"))
    var outputs = [set.stdout, status.stdout, report.stdout, report.stderr]
    for _ in 0..<7 {
      let flush = try cli.run(["webhook", "flush"])
      #expect(flush.status == 1)
      outputs += [flush.stdout, flush.stderr]
    }
    let json = try cli.succeed(["webhook", "status", "--json"]).stdout
    let diagnostics = try cli.succeed(["diagnostics"]).stdout
    #expect(diagnostics.contains("webhookGaveUp"))
    #expect(try cli.webhookStatus().failed == 1)
    outputs += [json, diagnostics, try cli.succeed(["webhook", "status"]).stdout]
    for output in outputs { #expect(Self.isClean(output), "\(output)") }
  }

  @Test
  func `a stored URL from before the rule, and a stored error quoting it, are shown redacted`()
    throws
  {
    let cli = try CLISandbox()
    try cli.succeed(["webhook", "set", "http://localhost:8080/hook"])
    let legacy = "http://robbie:\(Self.password)@localhost:70000/hook?token=\(Self.token)"
    do {
      let store = try DispatchStore(path: cli.defaultStore, access: .write)
      try store.settings.setSetting(WebhookSettingKey.url, legacy)
      try store.settings.setSetting(
        WebhookSettingKey.lastError, "port 70000 of '\(legacy)' is out of range")
      try store.settings.setSetting(WebhookSettingKey.lastErrorAt, "1772618400000")
    }
    let report = try cli.succeed(["answer", "yes"])
    #expect(report.stderr.contains("is not a port: use 1 to 65535"))
    let outputs = [
      report.stderr, try cli.succeed(["webhook", "status"]).stdout,
      try cli.succeed(["webhook", "status", "--json"]).stdout,
      try cli.run(["webhook", "flush"]).stderr, try cli.run(["webhook", "test"]).stderr,
    ]
    for output in outputs { #expect(Self.isClean(output), "\(output)") }
    #expect(try cli.webhookStatus().lastError?.message.contains("http://***@localhost") == true)
  }

  @Test(arguments: [
    ("https://u:\(password)@example.com:65536/hook?token=\(token)", "the port '65536'"),
    ("https://example.com:0/hook?token=\(token)", "the port '0'"),
    ("https://u:\(password)@example.com:99999999999999999999/h", "is not a port: use 1 to 65535"),
    ("https://example.com:8o8o/hook", "the port '8o8o'"),
    ("https://example.com/ho\u{1B}[31mok?token=\(token)", "contains spaces or control characters"),
    ("https://example.com/a b?token=\(token)", "contains spaces or control characters"),
    ("https://u:\(password)@/hook?token=\(token)", "has no host"),
    ("mailto:u:\(password)@example.com", "not supported"),
  ])
  func `a URL no request could use is refused at set, quoted without its secrets`(
    url: String, reason: String
  ) throws {
    let cli = try CLISandbox()
    let result = try cli.fail(["webhook", "set", url], status: 65, message: reason)
    #expect(Self.isClean(result.stderr), "\(result)")
    #expect(!result.stderr.contains("\u{1B}"))
    #expect(!cli.exists(cli.defaultStore))
  }

  @Test func `the largest port and an empty one are accepted`() throws {
    let cli = try CLISandbox()
    try cli.succeed(["webhook", "set", "https://example.com:65535/hook"])
    try cli.succeed(["webhook", "set", "https://example.com:/hook"])
  }
}
