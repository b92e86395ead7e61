/// Checks bytes for well-formed UTF-8 (Unicode's table 3-7: no overlong forms, no surrogates,
/// nothing past U+10FFFF) in one tight pass, so a large file validated once can then be cut
/// into strings through the standard library's fast path.
public enum UTF8Validation {
  /// Whether all of `bytes` is well-formed UTF-8.
  public static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = bytes.count
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      // The allowed range of the second byte, and how many continuation bytes follow.
      let second: ClosedRange<UInt8>
      let length: Int
      switch lead {
      case 0xC2...0xDF: (second, length) = (0x80...0xBF, 2)
      case 0xE0: (second, length) = (0xA0...0xBF, 3)
      case 0xE1...0xEC, 0xEE...0xEF: (second, length) = (0x80...0xBF, 3)
      case 0xED: (second, length) = (0x80...0x9F, 3)
      case 0xF0: (second, length) = (0x90...0xBF, 4)
      case 0xF1...0xF3: (second, length) = (0x80...0xBF, 4)
      case 0xF4: (second, length) = (0x80...0x8F, 4)
      default: return false
      }
      guard index + length <= count, second.contains(bytes[index + 1]) else { return false }
      for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return false }
      index += length
    }
    return true
  }

  /// Whether all of `bytes` is well-formed UTF-8.
  public static func isValid(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { isValid($0) }
  }
}
