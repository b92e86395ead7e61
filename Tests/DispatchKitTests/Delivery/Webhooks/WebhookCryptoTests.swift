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

/// The iOS app's vectors of docs/webhooks.md#reference-vectors (secret `test-secret`, body
/// `{"event":"test"}`), the replay-protected header, and the envelope's round trip and refusals.
struct WebhookCryptoTests {
  let secret = Array("test-secret".utf8)
  let body = Array(#"{"event":"test"}"#.utf8)
  let nonce: [UInt8] = Array(1...12)
  let envelope =
    #"{"algorithm":"aes-256-gcm","data":"AQIDBAUGBwgJCgsMC9jYjJ4ugwkGaHUXnnfLbeTVxpZEtqtO8r9U1G+koMc=","encrypted":true}"#

  @Test func `the HMAC header of the documented webhook body`() throws {
    #expect(
      try WebhookSigner.signature(body: body, secret: secret)
        == "sha256=ad386d9a61a0540a089d2955a07280771439f9f8c41a4b94cd404a740061c3d9")
  }

  @Test func `the HKDF key of the documented webhook secret`() throws {
    #expect(
      MessageAuthentication.hex(try WebhookEnvelope.key(secret: secret))
        == "ca609d47aa95a2a0143e9f13b20a49ff4235833e9d5e7df595e1591c5dfd5b2a")
  }

  @Test func `the envelope with nonce 01 to 0c is byte for byte Dispatch's`() throws {
    let sealed = try WebhookEnvelope.seal(body, secret: secret, nonce: nonce)
    #expect(String(decoding: sealed, as: UTF8.self) == envelope)
  }

  @Test func `the HMAC over the envelope covers the bytes sent`() throws {
    #expect(
      try WebhookSigner.signature(body: Array(envelope.utf8), secret: secret)
        == "sha256=227f96e67f64a854ada18b83ede21df4dd7b29866b934acd920470c6133edb8c")
  }

  @Test func `a slash in the base64 data is written as backslash slash`() throws {
    // Find a nonce whose output holds '/', then check it is escaped and still decodes.
    for first in UInt8(0)...UInt8(255) {
      let sealed = try WebhookEnvelope.seal(body, secret: secret, nonce: [first] + Array(2...12))
      let text = String(decoding: sealed, as: UTF8.self)
      guard text.contains("\\/") else { continue }
      #expect(!text.replacingOccurrences(of: "\\/", with: "").contains("/"))
      #expect(try WebhookEnvelope.open(sealed, secret: secret) == body)
      return
    }
    Issue.record("no nonce gave a '/' in 256 tries")
  }

  @Test func `the timestamped signature is HMAC over seconds, a dot and the body`() throws {
    let value = try WebhookSigner.signatureV2(body: body, secret: secret, timestamp: 1_700_000_000)
    let expected = SecureHash.hmacSHA256(
      key: secret, message: Array("1700000000.".utf8) + body)
    #expect(value == "t=1700000000,v1=" + MessageAuthentication.hex(expected))
    #expect(
      value != "t=1700000000,v1="
        + (try WebhookSigner.signature(body: body, secret: secret)).dropFirst(7))
  }

  @Test func `the three headers come in a fixed order`() throws {
    let headers = try WebhookSigner.headers(body: body, secret: secret, timestamp: 42)
    #expect(
      headers.map(\.name) == [
        "X-Dispatch-Signature", "X-Dispatch-Timestamp", "X-Dispatch-Signature-V2",
      ])
    #expect(headers[1].value == "42")
    #expect(headers[2].value.hasPrefix("t=42,v1="))
  }

  @Test func `a random nonce differs each time and opens back`() throws {
    let one = try WebhookEnvelope.seal(body, secret: secret)
    let two = try WebhookEnvelope.seal(body, secret: secret)
    #expect(one != two)
    #expect(try WebhookEnvelope.open(one, secret: secret) == body)
  }

  @Test(arguments: [
    #"{"algorithm":"aes-256-gcm","data":"AQIDBAUGBwgJCgsMC9jYjJ4ugwkGaHUXnnfLbeTVxpZEtqtO8r9U1G+koMc=","encrypted":false}"#,
    #"{"algorithm":"aes-128-gcm","data":"AQIDBAUGBwgJCgsMC9jYjJ4ugwkGaHUXnnfLbeTVxpZEtqtO8r9U1G+koMc=","encrypted":true}"#,
    #"{"algorithm":"aes-256-gcm","data":"AQIDBAUGBwgJCgsMC9jYjJ4ugwkGaHUXnnfLbeTVxpZEtqtP8r9U1G+koMc=","encrypted":true}"#,
    #"{"algorithm":"aes-256-gcm","data":"AQIDBA==","encrypted":true}"#,
    #"{"algorithm":"aes-256-gcm","data":"not base64!","encrypted":true}"#,
    #"{"event":"test"}"#, "", "{",
  ])
  func `a damaged or foreign envelope never opens`(text: String) {
    #expect(throws: WebhookError.self) {
      try WebhookEnvelope.open(Array(text.utf8), secret: Array("test-secret".utf8))
    }
  }

  @Test func `the right envelope under another secret does not open`() throws {
    #expect(throws: WebhookError.self) {
      try WebhookEnvelope.open(Array(envelope.utf8), secret: Array("other".utf8))
    }
    #expect(try WebhookEnvelope.open(Array(envelope.utf8), secret: secret) == body)
  }

  @Test func `HKDF matches RFC 5869 test case 1`() throws {
    let ikm = [UInt8](repeating: 0x0B, count: 22)
    let salt: [UInt8] = Array(0x00...0x0C)
    let info: [UInt8] = Array(0xF0...0xF9)
    let okm = MessageAuthentication.hkdfSHA256(
      inputKeyMaterial: ikm, salt: salt, info: info, length: 42)
    #expect(
      MessageAuthentication.hex(okm)
        == "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865")
  }

  @Test func `the test body is exactly Dispatch's`() {
    #expect(String(decoding: WebhookPayload.test, as: UTF8.self) == "{\n  \"event\" : \"test\"\n}")
  }
}
