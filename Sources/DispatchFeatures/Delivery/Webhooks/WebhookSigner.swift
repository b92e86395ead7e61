import DispatchSupport

/// Webhook signatures (docs/webhooks.md#headers).
///
/// Dispatch's header, `X-Dispatch-Signature: sha256=<hex HMAC-SHA256(secret, body)>`, has no
/// timestamp, so a captured request can be replayed forever. Next to it goes
/// `X-Dispatch-Timestamp: <Unix seconds>` and
/// `X-Dispatch-Signature-V2: t=<seconds>,v1=<hex HMAC-SHA256(secret, "<seconds>." + body)>`,
/// which binds the time to the body so a receiver can refuse old requests. Both cover the
/// exact bytes sent: with encryption on, the envelope (encrypt-then-MAC).
public enum WebhookSigner {
  public static let signatureHeader = "X-Dispatch-Signature"
  public static let timestampHeader = "X-Dispatch-Timestamp"
  public static let signatureV2Header = "X-Dispatch-Signature-V2"

  /// `sha256=<lowercase hex HMAC-SHA256(key = secret, message = body)>`.
  public static func signature(body: [UInt8], secret: [UInt8]) throws -> String {
    "sha256="
      + MessageAuthentication.hex(
        SecureHash.hmacSHA256(key: secret, message: body))
  }

  /// `t=<seconds>,v1=<lowercase hex HMAC-SHA256(secret, "<seconds>." + body)>`.
  public static func signatureV2(body: [UInt8], secret: [UInt8], timestamp: Int64) throws
    -> String
  {
    let message = Array("\(timestamp).".utf8) + body
    let code = SecureHash.hmacSHA256(key: secret, message: message)
    return "t=\(timestamp),v1=" + MessageAuthentication.hex(code)
  }

  /// The three signature headers for `body` sent at `timestamp` (Unix seconds).
  public static func headers(body: [UInt8], secret: [UInt8], timestamp: Int64) throws
    -> [(name: String, value: String)]
  {
    [
      (signatureHeader, try signature(body: body, secret: secret)),
      (timestampHeader, String(timestamp)),
      (signatureV2Header, try signatureV2(body: body, secret: secret, timestamp: timestamp)),
    ]
  }
}
