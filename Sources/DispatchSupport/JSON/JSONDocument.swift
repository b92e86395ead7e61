/// One value on a ``JSONDocument``'s tape (16 bytes).
///
/// - Strings: `start..<end` are the bytes between the quotes; `extra` is 1 when they hold
///   escapes.
/// - Numbers: `start..<end` are the literal's bytes; `extra` indexes the document's doubles.
/// - Arrays and objects: `start` is the bracket's offset, `end` the tape index just past the
///   subtree (the next sibling), `extra` the element count (members for an object, whose keys
///   and values alternate on the tape).
struct JSONTapeEntry {
  var start: UInt32
  var end: UInt32
  var extra: UInt32
  var kind: UInt8

  static let null: UInt8 = 0
  static let `false`: UInt8 = 1
  static let `true`: UInt8 = 2
  static let number: UInt8 = 3
  static let string: UInt8 = 4
  static let array: UInt8 = 5
  static let object: UInt8 = 6
}

/// The type of a JSON value.
package enum JSONKind: Equatable {
  case null, bool, number, string, array, object
}

/// A parsed JSON document (``JSONParser``): the input bytes and a flat tape of its values.
package final class JSONDocument: Sendable {
  let bytes: [UInt8]
  let tape: [JSONTapeEntry]
  let numbers: [Double]

  init(bytes: [UInt8], tape: [JSONTapeEntry], numbers: [Double]) {
    self.bytes = bytes
    self.tape = tape
    self.numbers = numbers
  }

  /// The top-level value.
  package var root: JSONNode { JSONNode(document: self, index: 0) }

  /// Parses `bytes`; see ``JSONParser/parse(_:)``.
  static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONDocument {
    try JSONParser.parse(bytes)
  }

  /// The tape index after the value at `index` and its subtree.
  func next(after index: Int) -> Int {
    let entry = tape[index]
    return entry.kind >= JSONTapeEntry.array ? Int(entry.end) : index + 1
  }

  /// The text of the string entry at `index`, escapes decoded (the parser validated them).
  func text(at index: Int) -> String {
    let entry = tape[index]
    let range = Int(entry.start)..<Int(entry.end)
    guard entry.extra != 0 else {
      return bytes.withUnsafeBufferPointer {
        String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self)
      }
    }
    var decoded: [UInt8] = []
    decoded.reserveCapacity(range.count)
    var position = range.lowerBound
    while position < range.upperBound {
      let byte = bytes[position]
      guard byte == UInt8(ascii: "\\") else {
        decoded.append(byte)
        position += 1
        continue
      }
      let code = bytes[position + 1]
      position += 2
      switch code {
      case UInt8(ascii: "b"): decoded.append(0x08)
      case UInt8(ascii: "f"): decoded.append(0x0C)
      case UInt8(ascii: "n"): decoded.append(0x0A)
      case UInt8(ascii: "r"): decoded.append(0x0D)
      case UInt8(ascii: "t"): decoded.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = quad(at: position)
        position += 4
        if (0xD800...0xDBFF).contains(scalar) {
          let low = quad(at: position + 2)
          position += 6
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        decoded.append(contentsOf: Unicode.Scalar(scalar).map { Array(String($0).utf8) } ?? [])
      default: decoded.append(code)
      }
    }
    return String(decoding: decoded, as: UTF8.self)
  }

  /// Whether the string entry at `index` spells `key` exactly.
  func text(at index: Int, equals key: String) -> Bool {
    let entry = tape[index]
    guard entry.extra == 0 else { return text(at: index) == key }
    let start = Int(entry.start)
    let count = Int(entry.end) - start
    var key = key
    return key.withUTF8 { keyBytes in
      guard keyBytes.count == count else { return false }
      return bytes.withUnsafeBufferPointer { buffer in
        for offset in 0..<count where buffer[start + offset] != keyBytes[offset] {
          return false
        }
        return true
      }
    }
  }

  /// The raw bytes of the entry at `index` as text (a number's literal).
  func literal(at index: Int) -> String {
    let entry = tape[index]
    return bytes.withUnsafeBufferPointer {
      String(
        decoding: UnsafeBufferPointer(rebasing: $0[Int(entry.start)..<Int(entry.end)]),
        as: UTF8.self)
    }
  }

  private func quad(at position: Int) -> UInt32 {
    var value: UInt32 = 0
    for offset in 0..<4 {
      value = value << 4 | UInt32(Self.hexValue(bytes[position + offset]) ?? 0)
    }
    return value
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}

/// One value of a ``JSONDocument``. Typed reads return nil for a value of another type.
package struct JSONNode {
  let document: JSONDocument
  let index: Int

  private var entry: JSONTapeEntry { document.tape[index] }

  package var kind: JSONKind {
    switch entry.kind {
    case JSONTapeEntry.null: return .null
    case JSONTapeEntry.false, JSONTapeEntry.true: return .bool
    case JSONTapeEntry.number: return .number
    case JSONTapeEntry.string: return .string
    case JSONTapeEntry.array: return .array
    default: return .object
    }
  }

  package var isNull: Bool { entry.kind == JSONTapeEntry.null }

  /// `true` or `false`; nil for anything else (a number is never a Boolean).
  package var bool: Bool? {
    switch entry.kind {
    case JSONTapeEntry.true: return true
    case JSONTapeEntry.false: return false
    default: return nil
    }
  }

  /// A number's value as the nearest `Double` (`-0` stays negative, `1e400` is infinite).
  package var double: Double? {
    let entry = entry
    guard entry.kind == JSONTapeEntry.number else { return nil }
    return document.numbers[Int(entry.extra)]
  }

  /// A number's literal exactly as written, e.g. `-0`, `1E+2`, `18446744073709551616`.
  package var numberText: String? {
    guard entry.kind == JSONTapeEntry.number else { return nil }
    return document.literal(at: index)
  }

  /// A number whose value is exactly an `Int`: integer literals exactly (all 64 bits), other
  /// forms (`1.0`, `1e2`) when their `Double` is integral and in range.
  package var int: Int? {
    let entry = entry
    guard entry.kind == JSONTapeEntry.number else { return nil }
    let range = Int(entry.start)..<Int(entry.end)
    let isInteger = document.bytes[range].allSatisfy {
      $0 != UInt8(ascii: ".") && $0 | 0x20 != UInt8(ascii: "e")
    }
    if isInteger { return Int(document.literal(at: index)) }
    return Int(exactly: document.numbers[Int(entry.extra)])
  }

  /// A string's text.
  package var string: String? {
    guard entry.kind == JSONTapeEntry.string else { return nil }
    return document.text(at: index)
  }

  /// An array's elements.
  package var array: [JSONNode]? {
    let entry = entry
    guard entry.kind == JSONTapeEntry.array else { return nil }
    var elements: [JSONNode] = []
    elements.reserveCapacity(Int(entry.extra))
    var child = index + 1
    for _ in 0..<entry.extra {
      elements.append(JSONNode(document: document, index: child))
      child = document.next(after: child)
    }
    return elements
  }

  /// An object's members.
  package var object: JSONObject? {
    entry.kind == JSONTapeEntry.object ? JSONObject(node: self) : nil
  }
}

/// A JSON object of a ``JSONDocument``: members in document order, read by key with a linear
/// scan. Of repeated keys the last wins, as with `JSONSerialization`'s dictionaries.
package struct JSONObject {
  let node: JSONNode

  var count: Int { Int(node.document.tape[node.index].extra) }

  /// The value of `key`, `null` included; nil when the key is absent.
  package subscript(key: String) -> JSONNode? {
    let document = node.document
    var found: Int?
    var child = node.index + 1
    for _ in 0..<count {
      if document.text(at: child, equals: key) { found = child + 1 }
      child = document.next(after: child + 1)
    }
    return found.map { JSONNode(document: document, index: $0) }
  }

  /// The members in document order.
  package var members: [(key: String, value: JSONNode)] {
    let document = node.document
    var result: [(key: String, value: JSONNode)] = []
    var child = node.index + 1
    for _ in 0..<count {
      result.append((document.text(at: child), JSONNode(document: document, index: child + 1)))
      child = document.next(after: child + 1)
    }
    return result
  }
}
