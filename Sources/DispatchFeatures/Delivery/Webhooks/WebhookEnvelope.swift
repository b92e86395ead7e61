import DispatchSupport
import Foundation

/// Webhook payload encryption (docs/webhooks.md#encryption---encrypt-needs-a-secret): AES-256-GCM
/// under a key from HKDF-SHA256(secret, salt `io.robbie.Dispatch.webhook`, info
/// `payload-encryption`), a fresh 12-byte nonce per body and no additional data. The body sent is
/// compact JSON with sorted keys and `\/` escaping:
/// `{"algorithm":"aes-256-gcm","data":"<base64(nonce ‖ ciphertext ‖ tag)>","encrypted":true}`.
public enum WebhookEnvelope {
  public static let algorithm = "aes-256-gcm"
  static let salt = Array("io.robbie.Dispatch.webhook".utf8)
  static let info = Array("payload-encryption".utf8)
  static let nonceLength = 12
  static let tagLength = 16

  /// Foundation's compact encoder with sorted keys, which escapes `/` as `\/`.
  static let style = JSONWriter.Style(
    pretty: false, sortKeys: true, spaceBeforeColon: false, escapeSlashes: true)

  /// The 32-byte AES key for `secret`.
  public static func key(secret: [UInt8]) throws -> [UInt8] {
    MessageAuthentication.hkdfSHA256(
      inputKeyMaterial: secret, salt: salt, info: info, length: 32)
  }

  /// Encrypts `body` with a random nonce.
  public static func seal(_ body: [UInt8], secret: [UInt8]) throws -> [UInt8] {
    try seal(body, secret: secret, nonce: randomNonce())
  }

  /// Encrypts `body` with the given nonce. Reusing a nonce under one secret breaks GCM: only
  /// known-answer tests pick it.
  public static func seal(_ body: [UInt8], secret: [UInt8], nonce: [UInt8]) throws -> [UInt8] {
    precondition(nonce.count == nonceLength, "a GCM nonce is 12 bytes")
    var key = try key(secret: secret)
    defer { key.withUnsafeMutableBytes { BackupCipher.wipe($0) } }
    let sealed = try translating {
      try BackupCipher.sealGCM(body, key: key, nonce: nonce, additionalData: [])
    }
    let envelope: JSONValue = .object([
      ("algorithm", .string(algorithm)),
      ("data", .string(Data(nonce + sealed).base64EncodedString())),
      ("encrypted", .bool(true)),
    ])
    return Array(JSONWriter.string(envelope, style: style).utf8)
  }

  /// Decrypts an envelope, as a receiver would: `encrypted` must be true and `algorithm`
  /// `aes-256-gcm`, and the tag must verify.
  ///
  /// - Throws: ``WebhookError`` `.invalidEnvelope` otherwise; never returns unauthenticated
  ///   bytes.
  public static func open(_ envelope: [UInt8], secret: [UInt8]) throws -> [UInt8] {
    guard
      let fields = try? JSONDecoder().decode(Fields.self, from: Data(envelope)),
      fields.encrypted, fields.algorithm == algorithm,
      let data = Data(base64Encoded: fields.data), data.count >= nonceLength + tagLength
    else { throw WebhookError(.invalidEnvelope, "the body is not an aes-256-gcm envelope") }
    let bytes = [UInt8](data)
    var key = try key(secret: secret)
    defer { key.withUnsafeMutableBytes { BackupCipher.wipe($0) } }
    do {
      return try BackupCipher.openGCM(
        Array(bytes[nonceLength...]), key: key, nonce: Array(bytes[..<nonceLength]),
        additionalData: [])
    } catch {
      throw WebhookError(.invalidEnvelope, "the envelope does not decrypt with this secret")
    }
  }

  static func randomNonce() throws -> [UInt8] {
    try translating { try BackupCipher.randomBytes(nonceLength) }
  }

  /// The backup cipher's OpenSSL calls, with their failures reported as webhook errors.
  private static func translating<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as BackupError {
      throw WebhookError(.cryptoFailure, error.description)
    }
  }

  private struct Fields: Decodable {
    var algorithm: String
    var data: String
    var encrypted: Bool
  }
}
