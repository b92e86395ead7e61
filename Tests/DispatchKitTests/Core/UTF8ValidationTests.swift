import DispatchKit
import Testing

/// The one-pass UTF-8 check the CSV reader and the Apple Health scanner rely on.
struct UTF8ValidationTests {
  @Test(
    arguments: [
      ([UInt8](), true), (Array("plain ASCII".utf8), true), (Array("Café, 導出, 🕛".utf8), true),
      ([0xC2, 0x80], true), ([0xDF, 0xBF], true), ([0xE0, 0xA0, 0x80], true),
      ([0xED, 0x9F, 0xBF], true), ([0xF0, 0x90, 0x80, 0x80], true),
      ([0xF4, 0x8F, 0xBF, 0xBF], true),
      ([0x80], false), ([0xC0, 0x80], false), ([0xC1, 0xBF], false), ([0xE0, 0x80, 0x80], false),
      ([0xED, 0xA0, 0x80], false), ([0xF0, 0x80, 0x80, 0x80], false),
      ([0xF4, 0x90, 0x80, 0x80], false), ([0xF5, 0x80, 0x80, 0x80], false), ([0xFF], false),
      ([0xE2, 0x82], false), ([0x61, 0xF0, 0x9F, 0x98], false), ([0xC3, 0x28], false),
    ] as [([UInt8], Bool)])
  func `well-formed sequences pass and every kind of fault fails`(
    _ bytes: [UInt8], _ valid: Bool
  ) {
    #expect(UTF8Validation.isValid(bytes) == valid)
  }

  @Test func `agrees with the standard library on random bytes`() {
    var random = SplitMix64(seed: 0x07F8)
    for _ in 0..<20_000 {
      let length = Int(random.next() % 8)
      // Mostly bytes near the interesting boundaries.
      let pool: [UInt8] = [
        0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF,
        0xE0, 0xE1, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
      ]
      let bytes = (0..<length).map { _ in pool[Int(random.next() % UInt64(pool.count))] }
      #expect(
        UTF8Validation.isValid(bytes) == (String(validating: bytes, as: UTF8.self) != nil),
        "\(bytes)")
    }
  }
}
