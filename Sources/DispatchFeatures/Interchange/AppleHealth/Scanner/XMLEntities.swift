import DispatchSupport

/// Decodes XML character references in attribute values: the five named entities and
/// numeric ones (`&#183;`, `&#xB7;`), which exports use in units and device strings
/// (docs/formats/apple-health.md#encoding). An unknown or malformed reference is kept as written.
package enum XMLEntities {
  /// Appends the decoded `raw` bytes to `output`.
  static func decode(_ raw: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
    output.reserveCapacity(output.count + raw.count)
    let start = output.count
    output.append(contentsOf: repeatElement(0, count: raw.count))
    let written = output.withUnsafeMutableBufferPointer { buffer in
      decode(raw, writingTo: buffer.baseAddress.map { $0 + start })
    }
    output.removeLast(raw.count - written)
  }

  /// Writes the decoded `raw` bytes to `output`, which has room for `raw.count` bytes (a
  /// reference is never shorter than the character it stands for); returns how many.
  ///
  /// Named apart from ``decode(_:into:)``: with one name, `&array` would silently pick this
  /// overload through the array-to-pointer conversion and write past the array's end.
  static func decode(
    _ raw: UnsafeBufferPointer<UInt8>, writingTo output: UnsafeMutablePointer<UInt8>?
  )
    -> Int
  {
    guard let output else { return 0 }
    var index = 0
    var written = 0
    let count = raw.count
    while index < count {
      let byte = raw[index]
      if byte == UInt8(ascii: "&"), let semicolon = semicolon(in: raw, after: index),
        let character = reference(raw, from: index + 1, to: semicolon)
      {
        for unit in character {
          output[written] = unit
          written += 1
        }
        index = semicolon + 1
      } else {
        output[written] = byte
        written += 1
        index += 1
      }
    }
    return written
  }

  /// The `;` closing a reference that starts at `ampersand`, within a short distance.
  private static func semicolon(in raw: UnsafeBufferPointer<UInt8>, after ampersand: Int) -> Int? {
    var index = ampersand + 1
    while index < raw.count, index - ampersand <= 12 {
      if raw[index] == UInt8(ascii: ";") { return index }
      index += 1
    }
    return nil
  }

  /// The UTF-8 of the character named by `raw[start..<end]`; nil when it names none.
  private static func reference(_ raw: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int)
    -> UTF8.EncodedScalar?
  {
    let name = UnsafeBufferPointer(rebasing: raw[start..<end])
    let scalar: Unicode.Scalar
    if name.equals("lt") {
      scalar = "<"
    } else if name.equals("gt") {
      scalar = ">"
    } else if name.equals("amp") {
      scalar = "&"
    } else if name.equals("quot") {
      scalar = "\""
    } else if name.equals("apos") {
      scalar = "'"
    } else if name.first == UInt8(ascii: "#"), let number = codePoint(name.dropFirst()) {
      scalar = number
    } else {
      return nil
    }
    return UTF8.encode(scalar)
  }

  /// `183` or `xB7` as a Unicode scalar.
  private static func codePoint(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Unicode.Scalar? {
    var value: UInt32 = 0
    var index = digits.startIndex
    var radix: UInt32 = 10
    if index < digits.endIndex,
      digits[index] == UInt8(ascii: "x") || digits[index] == UInt8(ascii: "X")
    {
      radix = 16
      index += 1
    }
    guard index < digits.endIndex else { return nil }
    while index < digits.endIndex {
      let byte = digits[index]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16:
        digit = UInt32(byte - UInt8(ascii: "a")) + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16:
        digit = UInt32(byte - UInt8(ascii: "A")) + 10
      default: return nil
      }
      value = value * radix + digit
      guard value <= 0x10FFFF else { return nil }
      index += 1
    }
    return Unicode.Scalar(value)
  }
}
