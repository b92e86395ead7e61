internal import CCrypto

/// HMAC-SHA256 and HKDF-SHA256 through OpenSSL, for webhook signing and payload keys
/// (reference/dispatch.md §9).
enum MessageAuthentication {
  /// HMAC-SHA256 of `message` under `key` (RFC 2104), 32 bytes.
  static func hmacSHA256(key: [UInt8], message: [UInt8]) throws -> [UInt8] {
    var code = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
    var length: UInt32 = 0
    // OpenSSL reads a null key pointer as "no key" only with length 0; a one-byte stand-in
    // keeps the pointer valid for an empty key, which HMAC treats as all zeros anyway.
    let keyBytes = key.isEmpty ? [0] : key
    let result = HMAC(
      EVP_sha256(), keyBytes, Int32(key.count), message, message.count, &code, &length)
    guard result != nil, length == 32 else {
      throw WebhookError(.cryptoFailure, "HMAC-SHA256 failed")
    }
    return Array(code.prefix(32))
  }

  /// HKDF-SHA256 (RFC 5869): extract with `salt`, then expand with `info` to `length` bytes.
  static func hkdfSHA256(
    inputKeyMaterial: [UInt8], salt: [UInt8], info: [UInt8], length: Int
  ) throws -> [UInt8] {
    precondition((1...255 * 32).contains(length), "HKDF-SHA256 gives 1 to 8160 bytes")
    let pseudoRandomKey = try hmacSHA256(key: salt, message: inputKeyMaterial)
    var output: [UInt8] = []
    var block: [UInt8] = []
    var counter: UInt8 = 1
    while output.count < length {
      block = try hmacSHA256(key: pseudoRandomKey, message: block + info + [counter])
      output += block
      counter &+= 1
    }
    return Array(output.prefix(length))
  }

  /// Lowercase hexadecimal, two digits a byte.
  static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// Compares two byte strings in time that depends only on their lengths, so a verifier
  /// does not leak how much of a forged signature was right.
  static func constantTimeEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
    guard lhs.count == rhs.count else { return false }
    var difference: UInt8 = 0
    for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
    return difference == 0
  }
}
