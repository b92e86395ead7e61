/// Why a document is not JSON: the byte offset where reading stopped and a lowercase reason.
package struct JSONParseError: Error, Equatable, CustomStringConvertible {
  /// 0-based offset into the bytes as given (a byte-order mark included).
  var offset: Int
  var reason: String

  package var description: String { "\(reason) at byte \(offset)" }
}

/// A strict RFC 8259 parser over UTF-8 bytes, producing a ``JSONDocument``.
///
/// The tree is a flat tape of fixed-size entries in document order: a container's members
/// follow it, and it records where its subtree ends, so nothing is allocated per value and
/// strings and numbers stay byte ranges of the input until they are read. Nesting is tracked
/// on an explicit stack, so deep input fails with an error rather than overflowing the stack.
///
/// Accepted: any value at the top level, a UTF-8 byte-order mark before it, JSON whitespace
/// around tokens. Refused: invalid UTF-8 in strings, raw control characters in strings,
/// unknown escapes, lone surrogates, leading zeros, `+`, bare `.`, `NaN`, comments, trailing
/// commas, anything after the value, nesting deeper than ``maximumDepth``.
package enum JSONParser {
  /// The deepest nesting of arrays and objects accepted.
  static let maximumDepth = 512

  /// Parses `bytes` as one JSON document.
  package static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONDocument {
    guard bytes.count < Int(UInt32.max) else {
      throw JSONParseError(offset: 0, reason: "the document is too large")
    }
    var tape: [JSONTapeEntry] = []
    tape.reserveCapacity(bytes.count / 12 + 16)
    var numbers: [Double] = []
    let result: Result<Void, JSONParseError> = bytes.withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(bytes: buffer)
      do throws(JSONParseError) {
        try scanner.document(tape: &tape, numbers: &numbers)
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    try result.get()
    return JSONDocument(bytes: bytes, tape: tape, numbers: numbers)
  }
}

/// The scanning state of one parse: a position in the input.
private struct JSONScanner {
  let bytes: UnsafeBufferPointer<UInt8>
  var position = 0

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  private func fail(_ reason: String, at offset: Int? = nil) -> JSONParseError {
    JSONParseError(offset: offset ?? position, reason: reason)
  }

  private mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x0A, 0x0D, 0x09: position += 1
      default: return
      }
    }
  }

  /// The byte at the position after whitespace, or an end-of-input error.
  private mutating func significantByte() throws(JSONParseError) -> UInt8 {
    skipWhitespace()
    guard position < bytes.count else { throw fail("unexpected end of input") }
    return bytes[position]
  }

  /// Reads the whole input: one value, then only whitespace.
  mutating func document(tape: inout [JSONTapeEntry], numbers: inout [Double])
    throws(JSONParseError)
  {
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    // Indices of the open containers, innermost last.
    var open: [Int] = []
    value: while true {
      let byte = try significantByte()
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        guard open.count < JSONParser.maximumDepth else {
          throw fail("nesting deeper than \(JSONParser.maximumDepth) levels")
        }
        let isObject = byte == UInt8(ascii: "{")
        open.append(tape.count)
        tape.append(
          JSONTapeEntry(
            start: UInt32(position), end: 0, extra: 0,
            kind: isObject ? JSONTapeEntry.object : JSONTapeEntry.array))
        position += 1
        let next = try significantByte()
        if next == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
          position += 1
          open.removeLast()
          tape[tape.count - 1].end = UInt32(tape.count)
        } else {
          if isObject { try key(tape: &tape) }
          continue value
        }
      case UInt8(ascii: "\""):
        tape.append(try string())
      case UInt8(ascii: "t"):
        try literal("true")
        tape.append(
          JSONTapeEntry(start: UInt32(position - 4), end: 0, extra: 0, kind: JSONTapeEntry.true))
      case UInt8(ascii: "f"):
        try literal("false")
        tape.append(
          JSONTapeEntry(start: UInt32(position - 5), end: 0, extra: 0, kind: JSONTapeEntry.false))
      case UInt8(ascii: "n"):
        try literal("null")
        tape.append(
          JSONTapeEntry(start: UInt32(position - 4), end: 0, extra: 0, kind: JSONTapeEntry.null))
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        let start = position
        let value = try number()
        tape.append(
          JSONTapeEntry(
            start: UInt32(start), end: UInt32(position), extra: UInt32(numbers.count),
            kind: JSONTapeEntry.number))
        numbers.append(value)
      default:
        throw fail("unexpected character")
      }
      // A value is complete: count it in its container, then close containers or move on.
      while let top = open.last {
        tape[top].extra += 1
        let isObject = tape[top].kind == JSONTapeEntry.object
        let next = try significantByte()
        if next == UInt8(ascii: ",") {
          position += 1
          if isObject { try key(tape: &tape) }
          continue value
        }
        guard next == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
          throw fail(isObject ? "expected ',' or '}'" : "expected ',' or ']'")
        }
        position += 1
        open.removeLast()
        tape[top].end = UInt32(tape.count)
      }
      skipWhitespace()
      guard position == bytes.count else { throw fail("unexpected data after the document") }
      return
    }
  }

  /// An object key and its colon; the position is left at the value.
  private mutating func key(tape: inout [JSONTapeEntry]) throws(JSONParseError) {
    guard try significantByte() == UInt8(ascii: "\"") else {
      throw fail("expected a string key")
    }
    tape.append(try string())
    guard try significantByte() == UInt8(ascii: ":") else { throw fail("expected ':'") }
    position += 1
  }

  private mutating func literal(_ word: StaticString) throws(JSONParseError) {
    let count = word.utf8CodeUnitCount
    let start = word.utf8Start
    for offset in 0..<count {
      guard position + offset < bytes.count else {
        throw fail("unexpected end of input", at: position + offset)
      }
      guard bytes[position + offset] == start[offset] else {
        throw fail("invalid literal", at: position + offset)
      }
    }
    position += count
  }

  /// A string starting at the opening quote; the entry covers the bytes between the quotes.
  private mutating func string() throws(JSONParseError) -> JSONTapeEntry {
    let start = position + 1
    position = start
    var escaped = false
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let entry = JSONTapeEntry(
          start: UInt32(start), end: UInt32(position), extra: escaped ? 1 : 0,
          kind: JSONTapeEntry.string)
        position += 1
        return entry
      }
      if byte == UInt8(ascii: "\\") {
        escaped = true
        try escape()
      } else if byte < 0x20 {
        throw fail("control character in string")
      } else if byte < 0x80 {
        position += 1
      } else {
        try multibyte()
      }
    }
    throw fail("unterminated string")
  }

  /// Validates the escape at the position (a backslash) and moves past it.
  private mutating func escape() throws(JSONParseError) {
    let backslash = position
    guard position + 1 < bytes.count else { throw fail("unterminated string") }
    switch bytes[position + 1] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
      UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      position += 2
    case UInt8(ascii: "u"):
      position += 2
      let unit = try hexQuad()
      if (0xDC00...0xDFFF).contains(unit) {
        throw fail("lone low surrogate", at: backslash)
      }
      if (0xD800...0xDBFF).contains(unit) {
        guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
          bytes[position + 1] == UInt8(ascii: "u")
        else { throw fail("lone high surrogate", at: backslash) }
        position += 2
        let low = try hexQuad()
        guard (0xDC00...0xDFFF).contains(low) else {
          throw fail("lone high surrogate", at: backslash)
        }
      }
    default:
      throw fail("invalid escape", at: backslash)
    }
  }

  private mutating func hexQuad() throws(JSONParseError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard position < bytes.count else { throw fail("unterminated string") }
      guard let digit = JSONDocument.hexValue(bytes[position]) else {
        throw fail("invalid \\u escape")
      }
      value = value << 4 | UInt32(digit)
      position += 1
    }
    return value
  }

  /// Validates one multi-byte UTF-8 sequence (no overlong forms, surrogates or values beyond
  /// U+10FFFF) and moves past it.
  private mutating func multibyte() throws(JSONParseError) {
    let lead = bytes[position]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      high = 0x9F
    case 0xF0:
      length = 4
      low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      high = 0x8F
    default: throw fail("invalid utf-8 in string")
    }
    guard position + length <= bytes.count else { throw fail("invalid utf-8 in string") }
    let second = bytes[position + 1]
    guard second >= low, second <= high else { throw fail("invalid utf-8 in string") }
    for offset in 2..<max(length, 2) where bytes[position + offset] & 0xC0 != 0x80 {
      throw fail("invalid utf-8 in string")
    }
    position += length
  }

  /// A number's grammar and value; the position is left after it.
  private mutating func number() throws(JSONParseError) -> Double {
    let start = position
    let negative = bytes[position] == UInt8(ascii: "-")
    if negative { position += 1 }
    guard position < bytes.count, Self.isDigit(bytes[position]) else {
      throw fail("invalid number")
    }
    var integer: UInt64 = 0
    var digits = 0
    if bytes[position] == UInt8(ascii: "0") {
      position += 1
      if position < bytes.count, Self.isDigit(bytes[position]) {
        throw fail("leading zero in number")
      }
      digits = 1
    } else {
      while position < bytes.count, Self.isDigit(bytes[position]) {
        integer = integer &* 10 &+ UInt64(bytes[position] &- UInt8(ascii: "0"))
        digits += 1
        position += 1
      }
    }
    var simple = true
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      simple = false
      position += 1
      guard position < bytes.count, Self.isDigit(bytes[position]) else {
        throw fail("invalid number")
      }
      while position < bytes.count, Self.isDigit(bytes[position]) { position += 1 }
    }
    if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
      simple = false
      position += 1
      if position < bytes.count,
        bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
      {
        position += 1
      }
      guard position < bytes.count, Self.isDigit(bytes[position]) else {
        throw fail("invalid number")
      }
      while position < bytes.count, Self.isDigit(bytes[position]) { position += 1 }
    }
    if simple, digits <= 18 {
      // Exact: every integer below 10^18 fits, and the conversion rounds once, correctly.
      let magnitude = Double(integer)
      return negative ? -magnitude : magnitude
    }
    let text = String(
      decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    guard let value = Double(text) else { throw fail("invalid number", at: start) }
    return value
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }
}
