import CCrypto

/// OpenSSL's SHA-256 and HMAC-SHA-256, the reference Dispatch's own ``SecureHash`` is checked
/// against.
public enum OpenSSLDigests {
  public static func sha256(_ message: [UInt8]) -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
    _ = SHA256(message, message.count, &digest)
    return digest
  }

  public static func hmacSHA256(key: [UInt8], message: [UInt8]) -> [UInt8] {
    var code = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
    var length: UInt32 = 0
    // A one-byte stand-in keeps the key pointer valid for an empty key (length 0).
    let keyBytes = key.isEmpty ? [0] : key
    _ = HMAC(EVP_sha256(), keyBytes, Int32(key.count), message, message.count, &code, &length)
    return Array(code.prefix(Int(length)))
  }
}
