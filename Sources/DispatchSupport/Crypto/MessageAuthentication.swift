/// HKDF-SHA256 over ``SecureHash``, hex and constant-time comparison, for webhook signing and
/// payload keys (docs/webhooks.md#encryption---encrypt-needs-a-secret).
package enum MessageAuthentication {
  /// HKDF-SHA256 (RFC 5869): extract with `salt`, then expand with `info` to `length` bytes.
  package static func hkdfSHA256(
    inputKeyMaterial: [UInt8], salt: [UInt8], info: [UInt8], length: Int
  ) -> [UInt8] {
    precondition((1...255 * 32).contains(length), "HKDF-SHA256 gives 1 to 8160 bytes")
    let pseudoRandomKey = SecureHash.hmacSHA256(key: salt, message: inputKeyMaterial)
    var output: [UInt8] = []
    var block: [UInt8] = []
    var counter: UInt8 = 1
    while output.count < length {
      block = SecureHash.hmacSHA256(key: pseudoRandomKey, message: block + info + [counter])
      output += block
      counter &+= 1
    }
    return Array(output.prefix(length))
  }

  /// Lowercase hexadecimal, two digits a byte.
  package static func hex(_ bytes: [UInt8]) -> String {
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
  package static func constantTimeEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
    guard lhs.count == rhs.count else { return false }
    var difference: UInt8 = 0
    for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
    return difference == 0
  }
}
