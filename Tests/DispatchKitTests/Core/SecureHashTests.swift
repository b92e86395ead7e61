import DispatchKit
import DispatchTestSupport
import Testing

/// SHA-256 and HMAC-SHA-256 against the published vectors and OpenSSL.
struct SecureHashTests {
  func hex(_ bytes: [UInt8]) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

  @Test func `SHA-256 gives the FIPS 180-2 vectors`() {
    #expect(
      hex(SecureHash.sha256(Array("abc".utf8)))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      hex(SecureHash.sha256([]))
        == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(
      hex(
        SecureHash.sha256(
          Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(
      hex(SecureHash.sha256([UInt8](repeating: 0x61, count: 1_000_000)))
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test func `HMAC-SHA-256 gives the RFC 4231 vectors`() {
    // Test case 1: a 20-byte key.
    #expect(
      hex(
        SecureHash.hmacSHA256(
          key: [UInt8](repeating: 0x0b, count: 20), message: Array("Hi There".utf8)))
        == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
    // Test case 2: a key shorter than the output.
    #expect(
      hex(
        SecureHash.hmacSHA256(
          key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
        == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    // Test case 6: a 131-byte key, hashed first.
    #expect(
      hex(
        SecureHash.hmacSHA256(
          key: [UInt8](repeating: 0xaa, count: 131),
          message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)))
        == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
  }

  @Test func `every length around the padding boundaries matches OpenSSL`() {
    var random = SplitMix64(seed: 20_261_202)
    for length in [0, 1, 54, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1000] {
      let message = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      #expect(SecureHash.sha256(message) == OpenSSLDigests.sha256(message), "length \(length)")
      for keyLength in [0, 1, 32, 64, 65, 200] {
        let key = (0..<keyLength).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        #expect(
          SecureHash.hmacSHA256(key: key, message: message)
            == OpenSSLDigests.hmacSHA256(key: key, message: message),
          "message \(length), key \(keyLength)")
      }
    }
  }
}
