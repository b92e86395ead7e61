internal import CCrypto

/// SHA-1 through OpenSSL, for name-based UUIDs (version 5).
///
/// Not in ``SecureHash``: that one is pure Swift so the status line never initialises libcrypto;
/// SHA-1 is needed only where records are imported or created, where OpenSSL's speed matters.
public enum SHA1Digest {
  /// The 20-byte digest of `message`.
  public static func digest(_ message: [UInt8]) -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
    message.withUnsafeBufferPointer { buffer in
      _ = EVP_Digest(buffer.baseAddress, buffer.count, &digest, nil, sha1.digest, nil)
    }
    return Array(digest.prefix(20))
  }

  /// SHA-1 from OpenSSL's default provider, fetched once: `SHA1()` fetches it anew on every
  /// call, which cost more than hashing a short name (an import makes a UUID per row).
  private static let sha1 = FetchedDigest(name: "SHA1")
}

/// A message digest fetched from OpenSSL once and shared.
struct FetchedDigest: @unchecked Sendable {
  // @unchecked: a fetched EVP_MD is immutable and OpenSSL documents it as safe to share
  // between threads; it is never freed (one per process).
  let digest: OpaquePointer?

  init(name: String) {
    digest = EVP_MD_fetch(nil, name, nil)
    precondition(digest != nil, "OpenSSL has no \(name) digest")
  }
}
