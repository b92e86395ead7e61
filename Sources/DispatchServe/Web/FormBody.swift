/// An `application/x-www-form-urlencoded` body (what a form without JavaScript posts), as its
/// fields in order; a name may repeat (checkboxes).
struct FormBody: Sendable {
  var fields: [(name: String, value: String)]

  init(fields: [(name: String, value: String)]) { self.fields = fields }

  /// Decodes `body`: `+` is a space, `%XX` a byte; a malformed escape is kept as typed.
  init(_ body: [UInt8]) {
    fields = body.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true).map {
      pair in
      let parts = pair.split(
        separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
      let name = Self.decode(parts[0])
      let value = parts.count > 1 ? Self.decode(parts[1]) : ""
      return (name, value)
    }
  }

  /// The first value of `name`.
  subscript(name: String) -> String? { fields.first { $0.name == name }?.value }

  /// Every value of `name`, in order.
  func values(_ name: String) -> [String] { fields.filter { $0.name == name }.map(\.value) }

  static func decode(_ bytes: ArraySlice<UInt8>) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte == UInt8(ascii: "+") {
        output.append(UInt8(ascii: " "))
      } else if byte == UInt8(ascii: "%"), index + 2 < bytes.endIndex,
        let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
      {
        output.append(high << 4 | low)
        index += 2
      } else {
        output.append(byte)
      }
      index += 1
    }
    return String(decoding: output, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
