import DispatchCore
import DispatchStorage
import DispatchSupport

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

  static func base64URL(_ bytes: [UInt8]) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    var output: [UInt8] = []
    var index = 0
    while index < bytes.count {
      let chunk = bytes[index..<min(index + 3, bytes.count)]
      var value: UInt32 = 0
      for (offset, byte) in chunk.enumerated() { value |= UInt32(byte) << (16 - 8 * offset) }
      for position in 0...chunk.count {
        output.append(alphabet[Int((value >> (18 - 6 * position)) & 63)])
      }
      index += 3
    }
    return String(decoding: output, as: UTF8.self)
  }
}
