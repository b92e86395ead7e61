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

/// The URL rule (docs/webhooks.md#url-rule): https anywhere, http only locally, nothing else.
struct WebhookURLRuleTests {
  @Test(arguments: [
    "https://example.com/hook", "https://example.com", "HTTPS://Example.COM:8443/a?b=c",
    "https://93.184.216.34/x", "https://[2001:db8::1]/x", "http://localhost:8080/hook",
    "http://LOCALHOST/", "http://localhost./x", "http://[::1]:9000/", "http://printer.local/x",
    "http://127.0.0.1/", "http://127.255.255.254:1/", "http://10.0.0.1/", "http://10.255.1.2/",
    "http://172.16.0.1/", "http://172.31.255.255/", "http://192.168.1.10:3000/dispatch",
  ])
  func `accepted URLs`(text: String) throws {
    #expect(try WebhookURLRule.check(text).absoluteString == text)
  }

  @Test(arguments: [
    ("http://example.com/hook", "plain http is only allowed"),
    ("http://172.15.0.1/", "'172.15.0.1' is neither; use https"),
    ("http://172.32.0.1/", "use https"),
    ("http://192.169.0.1/", "use https"),
    ("http://11.0.0.1/", "use https"),
    ("http://127.0.0.1.example.com/", "use https"),
    ("http://local/", "use https"),
    ("http://[::2]/", "'::2' is neither"),
    ("http://8.8.8.8/", "use https"),
    ("ftp://example.com/hook", "the scheme 'ftp' is not supported"),
    ("file:///tmp/hook", "the scheme 'file' is not supported"),
    ("javascript:alert(1)", "the scheme 'javascript' is not supported"),
    ("example.com/hook", "is not a URL"),
    ("https:///hook", "has no host"),
    ("http://", "has no host"),
    ("", "the webhook URL is empty"),
    ("https://exa mple.com/", "contains spaces"),
  ])
  func `rejected URLs name their reason`(text: String, reason: String) {
    #expect {
      try WebhookURLRule.check(text)
    } throws: { error in
      let webhookError = error as? WebhookError
      return webhookError?.kind == .invalidURL && webhookError?.message.contains(reason) == true
    }
  }

  @Test(
    arguments: [
      ("10.0.0.256", nil), ("1.2.3", nil), ("1.2.3.4.5", nil), ("01.2.3.4", [1, 2, 3, 4]),
      ("a.b.c.d", nil), ("1..3.4", nil), ("1234.1.1.1", nil),
    ] as [(String, [Int]?)])
  func `IPv4 literals are four decimal octets`(text: String, octets: [Int]?) {
    #expect(WebhookURLRule.ipv4Octets(text) == octets)
  }
}
