internal import CCrypto
import Foundation

/// Name-based UUIDs (RFC 9562 §5.5, version 5: SHA-1), for records whose source gives no ID.
public enum DeterministicUUID {
  /// The RFC's DNS namespace, used by the reference vector.
  public static let dnsNamespace = "6BA7B810-9DAD-11D1-80B4-00C04FD430C8"
  /// Dispatch's namespace for the default questions (reference/dispatch.md §0).
  public static let defaultQuestionNamespace = "FBD78042-1AFA-45F8-99B5-BC884958B2D1"
  /// Our namespace for imported records without IDs (SPEC §5.0.1).
  public static let importNamespace = "F11C2246-7CE8-4A32-8BAD-A23F57EFA9B1"

  /// The version-5 UUID of `name` in `namespace`, uppercase like Foundation's `uuidString`.
  public static func make(namespace: String, name: String) -> String {
    guard let space = UUID(uuidString: namespace) else {
      preconditionFailure("namespace '\(namespace)' is not a UUID")
    }
    var input = withUnsafeBytes(of: space.uuid) { Array($0) }
    input.append(contentsOf: Array(name.utf8))
    var digest = [UInt8](repeating: 0, count: Int(SHA_DIGEST_LENGTH))
    input.withUnsafeBufferPointer { buffer in
      _ = SHA1(buffer.baseAddress, buffer.count, &digest)
    }
    digest[6] = (digest[6] & 0x0F) | 0x50
    digest[8] = (digest[8] & 0x3F) | 0x80
    let uuid = UUID(
      uuid: (
        digest[0], digest[1], digest[2], digest[3], digest[4], digest[5], digest[6], digest[7],
        digest[8], digest[9], digest[10], digest[11], digest[12], digest[13], digest[14],
        digest[15]
      ))
    return uuid.uuidString
  }
}
