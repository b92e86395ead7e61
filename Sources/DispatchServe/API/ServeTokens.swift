import DispatchCore
import DispatchFeatures
import DispatchStorage
import DispatchSupport
import Foundation

/// Bearer tokens for the API (docs/serve.md#tokens): 32 random bytes, base64url, shown once.
public enum ServeTokens {
  /// Makes and stores a token named `name`; returns its secret (never stored) and record.
  ///
  /// - Throws: ``DispatchError`` `.conflict` when a token has the name already.
  public static func issue(named name: String, in store: DispatchStore, at now: Instant) throws
    -> (secret: String, credential: ServeCredential)
  {
    let secret = "dsp_" + base64URL(try SecureRandom.bytes(32))
    let id = MessageAuthentication.hex(try SecureRandom.bytes(6))
    let credential = ServeCredential(id: id, kind: .token, name: name, created: now)
    try store.credentials.add(credential, secret: secret)
    return (secret, credential)
  }

  /// Notes a credential's use, opening a write transaction only when its minute-grained
  /// "last used" would change: a read request must not queue behind the filings for it.
  static func noteUse(_ credential: ServeCredential, in store: DispatchStore, at now: Instant)
    throws
  {
    if credential.lastUsed.map({ now.milliseconds - $0.milliseconds >= 60_000 }) ?? true {
      try store.credentials.markUsed(credential.id, at: now)
    }
  }

  /// Base64url without padding, so a token needs no quoting in a header or URL.
  static func base64URL(_ bytes: [UInt8]) -> String { PromptActionKey.base64URL(bytes) }
}
