import DispatchCore
import DispatchStorage
import DispatchSupport
import Foundation

/// The capability that lets a notification's button act on exactly one prompt without a
/// session: a button on a phone (an ntfy `http` action) carries `prompt=<ID>&sig=<signature>`,
/// and `dispatch serve` checks the signature before it acts (docs/daemon.md#push-to-a-phone-with-ntfy).
///
/// The signature is HMAC-SHA256 under a per-store key, so it cannot be forged for another
/// prompt, and it grants nothing else: no reading, no other prompt. The key never leaves the
/// store; `dispatch settings` does not show it.
public enum PromptActionKey {
  /// The settings key holding the key, base64.
  public static let settingKey = "serve.actionKey"
  /// The key's length in bytes.
  public static let length = 32

  /// The store's action key, made from the system's random source on first use and kept in the
  /// store (which only its owner can read).
  ///
  /// - Throws: store errors, or ``DispatchError`` `.failure` when the system has no random bytes.
  public static func key(in store: DispatchStore) throws -> [UInt8] {
    if let text = try store.settings.setting(settingKey), let data = Data(base64Encoded: text),
      data.count == length
    {
      return Array(data)
    }
    guard let made = try? SecureRandom.bytes(length) else {
      throw DispatchError(.failure, "the system has no random bytes for the prompt action key")
    }
    // The daemon and the server may both make one at once: whichever is stored first is kept.
    let stored = try store.settings.setting(
      settingKey, storingIfAbsent: Data(made).base64EncodedString())
    guard let data = Data(base64Encoded: stored), data.count == length else {
      try store.settings.setSetting(settingKey, Data(made).base64EncodedString())
      return made
    }
    return Array(data)
  }

  /// Base64url without padding of HMAC-SHA256(key, "act:" + prompt): 43 characters that need
  /// no escaping in a URL's query. The "act:" prefix keeps this key's signatures from ever
  /// being mistaken for another use of the same bytes.
  public static func signature(prompt: String, key: [UInt8]) -> String {
    base64URL(mac(prompt: prompt, key: key))
  }

  /// Whether `signature` is the signature of `prompt` under `key`, compared in constant time so
  /// a forger learns nothing from how long a refusal takes.
  public static func verify(prompt: String, signature: String, key: [UInt8]) -> Bool {
    MessageAuthentication.constantTimeEqual(
      Array(signature.utf8), Array(self.signature(prompt: prompt, key: key).utf8))
  }

  private static func mac(prompt: String, key: [UInt8]) -> [UInt8] {
    SecureHash.hmacSHA256(key: key, message: Array(("act:" + prompt).utf8))
  }

  /// Base64url without padding (RFC 4648 §5): the one encoding of the server's tokens,
  /// session secrets and these signatures.
  public static func base64URL(_ bytes: [UInt8]) -> String {
    Data(bytes).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }
}
