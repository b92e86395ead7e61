import Testing

@testable import DispatchCLI
@testable import DispatchCommandLine

struct KeyDecoderTests {
  private func keys(_ bytes: [UInt8], isComplete: Bool = true) -> [Key] {
    KeyDecoder.decode(bytes, isComplete: isComplete).keys
  }

  private func keys(_ text: String) -> [Key] {
    keys(Array(text.utf8))
  }

  @Test(
    arguments: [
      ([0x1B, 0x5B, 0x41], Key.up), ([0x1B, 0x5B, 0x42], .down), ([0x1B, 0x5B, 0x43], .right),
      ([0x1B, 0x5B, 0x44], .left), ([0x1B, 0x4F, 0x41], .up), ([0x1B, 0x4F, 0x42], .down),
      ([0x1B, 0x4F, 0x43], .right), ([0x1B, 0x4F, 0x44], .left), ([0x1B, 0x5B, 0x48], .home),
      ([0x1B, 0x5B, 0x46], .end), ([0x1B, 0x4F, 0x48], .home), ([0x1B, 0x4F, 0x46], .end),
      ([0x1B, 0x5B, 0x31, 0x7E], .home), ([0x1B, 0x5B, 0x37, 0x7E], .home),
      ([0x1B, 0x5B, 0x34, 0x7E], .end), ([0x1B, 0x5B, 0x38, 0x7E], .end),
      ([0x1B, 0x5B, 0x33, 0x7E], .delete), ([0x1B, 0x5B, 0x35, 0x7E], .pageUp),
      ([0x1B, 0x5B, 0x36, 0x7E], .pageDown), ([0x1B, 0x5B, 0x5A], .backTab),
      ([0x1B, 0x5B, 0x31, 0x3B, 0x35, 0x43], .right),
    ] as [([UInt8], Key)])
  func escapeSequences(bytes: [UInt8], key: Key) {
    #expect(keys(bytes) == [key])
    #expect(KeyDecoder.decode(bytes, isComplete: false).consumed == bytes.count)
  }

  @Test(
    arguments: [
      (UInt8(0x0D), Key.enter), (0x0A, .enter), (0x7F, .backspace), (0x08, .backspace),
      (0x09, .tab), (0x03, .interrupt), (0x04, .endOfTransmission), (0x15, .control(0x15)),
      (0x20, .character(" ")), (0x2B, .character("+")), (0x2D, .character("-")),
      (0x61, .character("a")),
    ] as [(UInt8, Key)])
  func singleBytes(byte: UInt8, key: Key) {
    #expect(keys([byte]) == [key])
  }

  @Test func printableTextAndUTF8() {
    #expect(
      keys("hé☕️") == [.character("h"), .character("é"), .character("☕"), .character("\u{FE0F}")])
    #expect(keys("日本") == [.character("日"), .character("本")])
  }

  @Test func carriageReturnLineFeedIsOneEnter() {
    #expect(keys("a\r\nb") == [.character("a"), .enter, .character("b")])
    #expect(keys("\r\r") == [.enter, .enter])
  }

  @Test func loneEscapeWaitsUntilComplete() {
    let pending = KeyDecoder.decode([0x61, 0x1B], isComplete: false)
    #expect(pending.keys == [.character("a")])
    #expect(pending.consumed == 1)
    #expect(keys([0x1B]) == [.escape])
  }

  @Test func unfinishedSequencesWait() {
    for bytes: [UInt8] in [[0x1B, 0x5B], [0x1B, 0x5B, 0x31], [0x1B, 0x4F], [0xE2, 0x98]] {
      let decoded = KeyDecoder.decode(bytes, isComplete: false)
      #expect(decoded.keys.isEmpty)
      #expect(decoded.consumed == 0)
    }
  }

  @Test func escapeFollowedByACharacterIsEscapeThenTheCharacter() {
    #expect(keys([0x1B, 0x61]) == [.escape, .character("a")])
    #expect(keys([0x1B, 0x1B]) == [.escape, .escape])
  }

  @Test func unknownSequencesAreOneKey() {
    #expect(
      keys([0x1B, 0x5B, 0x32, 0x7E, 0x61]) == [
        .unknown([0x1B, 0x5B, 0x32, 0x7E]), .character("a"),
      ])
    #expect(keys([0x1B, 0x4F, 0x50]) == [.unknown([0x1B, 0x4F, 0x50])])
    #expect(
      keys([0x1B, 0x5B, 0x32, 0x30, 0x30, 0x7E]) == [
        .unknown([0x1B, 0x5B, 0x32, 0x30, 0x30, 0x7E])
      ])
  }

  @Test func invalidUTF8IsDropped() {
    #expect(keys([0xFF, 0x61, 0x80, 0xC3]) == [.character("a")])
    #expect(keys([0xED, 0xA0, 0x80]).isEmpty)  // an encoded surrogate
  }

  @Test func severalKeysInOneRead() {
    let bytes: [UInt8] = [0x1B, 0x5B, 0x42, 0x1B, 0x5B, 0x42, 0x0D, 0x20, 0x03]
    #expect(keys(bytes) == [.down, .down, .enter, .character(" "), .interrupt])
  }

  @Test func digitsAreRecognised() {
    #expect(Key.character("3").digit == 3)
    #expect(Key.character("0").digit == nil)
    #expect(Key.character("٣").digit == nil)
    #expect(Key.enter.digit == nil)
  }
}
