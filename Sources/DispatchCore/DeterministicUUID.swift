import DispatchSupport
import Foundation

/// Name-based UUIDs (RFC 9562 §5.5, version 5: SHA-1), for records whose source gives no ID.
public enum DeterministicUUID {
  /// The RFC's DNS namespace, used by the RFC example of
  /// docs/formats/dispatch-v2.md#deterministic-ids.
  public static let dnsNamespace = "6BA7B810-9DAD-11D1-80B4-00C04FD430C8"
  /// Dispatch's namespace for the default questions
  /// (docs/formats/dispatch-v2.md#default-questions).
  public static let defaultQuestionNamespace = "FBD78042-1AFA-45F8-99B5-BC884958B2D1"
  /// Our namespace for imported records without IDs
  /// (docs/formats/dispatch-v2.md#deterministic-ids).
  public static let importNamespace = "F11C2246-7CE8-4A32-8BAD-A23F57EFA9B1"
  /// Our namespace for the IDs of a new report's answers and their values
  /// (``AnswerIdentifiers``).
  public static let answerNamespace = "A6E1C5D2-3B4F-4E8A-9C71-2D5F0B8E4A13"

  /// The known namespaces' bytes, parsed once: an import makes one UUID per row, and
  /// Foundation's UUID parsing and formatting cost more than the SHA-1 itself.
  private static let knownNamespaces: [String: [UInt8]] = Dictionary(
    uniqueKeysWithValues: [
      dnsNamespace, defaultQuestionNamespace, importNamespace, answerNamespace,
    ].compactMap {
      text in bytes(of: text).map { (text, $0) }
    })

  /// The version-5 UUID of `name` in `namespace`, uppercase like Foundation's `uuidString`.
  public static func make(namespace: String, name: String) -> String {
    guard let space = knownNamespaces[namespace] ?? bytes(of: namespace) else {
      preconditionFailure("namespace '\(namespace)' is not a UUID")
    }
    var input = space
    input.append(contentsOf: name.utf8)
    var digest = SHA1Digest.digest(input)
    digest[6] = (digest[6] & 0x0F) | 0x50
    digest[8] = (digest[8] & 0x3F) | 0x80
    return text(of: digest.prefix(16))
  }

  private static func bytes(of uuid: String) -> [UInt8]? {
    guard let parsed = UUID(uuidString: uuid) else { return nil }
    return withUnsafeBytes(of: parsed.uuid) { Array($0) }
  }

  /// `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX`, uppercase hex.
  private static func text(of bytes: ArraySlice<UInt8>) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var characters: [UInt8] = []
    characters.reserveCapacity(36)
    for (index, byte) in bytes.enumerated() {
      if index == 4 || index == 6 || index == 8 || index == 10 {
        characters.append(UInt8(ascii: "-"))
      }
      characters.append(hex[Int(byte >> 4)])
      characters.append(hex[Int(byte & 0x0F)])
    }
    return String(decoding: characters, as: UTF8.self)
  }
}
