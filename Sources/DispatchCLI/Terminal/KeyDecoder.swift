/// Decodes the bytes a raw-mode terminal sends into ``Key``s.
///
/// A pure function over a byte buffer, so the whole key table is tested without a terminal.
/// Sequences understood: CSI (`ESC [` … final byte, e.g. arrows `ESC [ A`, `ESC [ 1 ; 5 C`,
/// Home `ESC [ H` / `ESC [ 1 ~`, Delete `ESC [ 3 ~`, Shift-Tab `ESC [ Z`) and SS3
/// (`ESC O A`…, sent by terminals in application cursor mode).
enum KeyDecoder {
  /// The result of decoding one buffer.
  struct Decoded: Equatable {
    /// The keys, in the order they were typed.
    var keys: [Key]
    /// How many bytes were used; the rest is the start of an unfinished sequence to keep
    /// until more bytes arrive.
    var consumed: Int
  }

  /// Decodes every whole key in `bytes`.
  ///
  /// - Parameter isComplete: whether no more bytes are coming for now. A key reader passes
  ///   false first and true once a short wait brought nothing, so a lone Escape (which is also
  ///   how every sequence begins) is told apart from the start of an arrow key.
  static func decode(_ bytes: [UInt8], isComplete: Bool) -> Decoded {
    var keys: [Key] = []
    var offset = 0
    while offset < bytes.count {
      guard let (key, length) = decodeOne(bytes, at: offset, isComplete: isComplete) else {
        break
      }
      if let key { keys.append(key) }
      offset += length
    }
    return Decoded(keys: keys, consumed: offset)
  }

  /// One key at `offset` and its length in bytes (a nil key for bytes to drop, such as invalid
  /// UTF-8), or nil when the buffer ends inside a sequence that may still be completed.
  private static func decodeOne(_ bytes: [UInt8], at offset: Int, isComplete: Bool)
    -> (Key?, Int)?
  {
    let byte = bytes[offset]
    switch byte {
    case 0x1B: return escapeSequence(bytes, at: offset, isComplete: isComplete)
    case 0x0D:
      // A CR LF pair (pasted text, scripts) is one Enter, not an Enter and a skip.
      let pair = offset + 1 < bytes.count && bytes[offset + 1] == 0x0A
      return (.enter, pair ? 2 : 1)
    case 0x0A: return (.enter, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x09: return (.tab, 1)
    case 0x03: return (.interrupt, 1)
    case 0x04: return (.endOfTransmission, 1)
    case 0x00..<0x20: return (.control(byte), 1)
    case 0x20..<0x80: return (.character(Character(Unicode.Scalar(byte))), 1)
    default: return utf8Character(bytes, at: offset, isComplete: isComplete)
    }
  }

  private static func utf8Character(_ bytes: [UInt8], at offset: Int, isComplete: Bool)
    -> (Key?, Int)?
  {
    let length: Int
    switch bytes[offset] {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return (nil, 1)  // a stray continuation byte or an invalid lead byte
    }
    guard offset + length <= bytes.count else { return isComplete ? (nil, 1) : nil }
    let slice = bytes[offset..<(offset + length)]
    guard let text = String(validating: slice, as: UTF8.self), let character = text.first else {
      return (nil, 1)
    }
    return (.character(character), length)
  }

  private static func escapeSequence(_ bytes: [UInt8], at offset: Int, isComplete: Bool)
    -> (Key?, Int)?
  {
    guard offset + 1 < bytes.count else { return isComplete ? (.escape, 1) : nil }
    switch bytes[offset + 1] {
    case UInt8(ascii: "["): return controlSequence(bytes, at: offset, isComplete: isComplete)
    case UInt8(ascii: "O"):
      guard offset + 2 < bytes.count else {
        return isComplete ? (.unknown(Array(bytes[offset...])), 2) : nil
      }
      let key = finalKey(bytes[offset + 2]) ?? .unknown(Array(bytes[offset..<(offset + 3)]))
      return (key, 3)
    default:
      // Escape followed by an ordinary byte: the user pressed Escape and then typed on (or
      // sent Alt-key); the next byte is decoded as its own key.
      return (.escape, 1)
    }
  }

  /// `ESC [`, parameter bytes 0x30–0x3F, intermediate bytes 0x20–0x2F, one final byte.
  private static func controlSequence(_ bytes: [UInt8], at offset: Int, isComplete: Bool)
    -> (Key?, Int)?
  {
    var index = offset + 2
    while index < bytes.count, (0x20...0x3F).contains(bytes[index]) { index += 1 }
    guard index < bytes.count else {
      return isComplete ? (.unknown(Array(bytes[offset...])), bytes.count - offset) : nil
    }
    let final = bytes[index]
    let length = index + 1 - offset
    guard (0x40...0x7E).contains(final) else {
      // Malformed: drop what was read so far and resynchronise on the offending byte.
      return (.unknown(Array(bytes[offset..<index])), index - offset)
    }
    let parameters = String(decoding: bytes[(offset + 2)..<index], as: UTF8.self)
    let whole = Array(bytes[offset..<(offset + length)])
    if final == UInt8(ascii: "~") {
      let first = parameters.split(separator: ";").first.flatMap { Int($0) }
      return (tildeKey(first) ?? .unknown(whole), length)
    }
    // Modifier parameters (`1;5C` for Ctrl-Right) are ignored: the arrow is what matters.
    return (finalKey(final) ?? .unknown(whole), length)
  }

  private static func finalKey(_ byte: UInt8) -> Key? {
    switch byte {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "Z"): return .backTab
    default: return nil
    }
  }

  private static func tildeKey(_ code: Int?) -> Key? {
    switch code {
    case 1, 7: return .home
    case 3: return .delete
    case 4, 8: return .end
    case 5: return .pageUp
    case 6: return .pageDown
    default: return nil
    }
  }
}
