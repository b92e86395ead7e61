import CCrypto
import Foundation

/// Checks webhook signatures the way a receiver would, written apart from DispatchKit's
/// signer so the two can disagree: OpenSSL's one-shot HMAC, hex compared as text.
public struct WebhookVerifier: Sendable {
  public let secret: [UInt8]

  public init(secret: String) {
    self.secret = Array(secret.utf8)
  }

  /// Lowercase hex HMAC-SHA256 of `message`.
  public func hmacHex(_ message: [UInt8]) -> String {
    var code = [UInt8](repeating: 0, count: 64)
    var length: UInt32 = 0
    _ = HMAC(EVP_sha256(), secret, Int32(secret.count), message, message.count, &code, &length)
    return code.prefix(Int(length)).map { String(format: "%02x", $0) }.joined()
  }

  /// Why the request's signatures do not hold, or nil when both do: Dispatch's
  /// `X-Dispatch-Signature` over the body, and `X-Dispatch-Signature-V2` over the timestamp of
  /// `X-Dispatch-Timestamp`, a dot and the body.
  public func problem(headers: [String: String], body: [UInt8]) -> String? {
    guard headers["x-dispatch-signature"] == "sha256=" + hmacHex(body) else {
      return "X-Dispatch-Signature does not match the body"
    }
    guard let timestamp = headers["x-dispatch-timestamp"], Int64(timestamp) != nil else {
      return "no X-Dispatch-Timestamp"
    }
    let expected = "t=\(timestamp),v1=" + hmacHex(Array("\(timestamp).".utf8) + body)
    guard headers["x-dispatch-signature-v2"] == expected else {
      return "X-Dispatch-Signature-V2 does not match"
    }
    return nil
  }
}
