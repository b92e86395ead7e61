/// Serializes an ``SVGElement`` tree to XML text, byte-for-byte deterministically.
///
/// The same tree always gives the same bytes: attributes in insertion order, one element per
/// line indented by two spaces, elements holding text written inline (so whitespace never leaks
/// into labels), no timestamps, generator comments or random ids. Text and attribute values are
/// escaped for XML 1.0: `&`, `<`, `>` always, `"` in attributes, tab, line feed and carriage
/// return in attributes as character references (so attribute-value normalization keeps them),
/// and characters XML cannot carry at all (C0 controls, U+FFFE, U+FFFF) become U+FFFD.
public struct SVGWriter: Sendable {
  /// A writer; it holds no state.
  public init() {}

  /// The tree as a standalone `.svg` file: XML declaration, the root element, a final newline.
  public func document(_ root: SVGElement) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(4096)
    bytes.append(contentsOf: #"<?xml version="1.0" encoding="UTF-8"?>"#.utf8)
    bytes.append(UInt8(ascii: "\n"))
    write(root, depth: 0, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The tree without an XML declaration, for embedding in an HTML page.
  public func fragment(_ root: SVGElement) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(4096)
    write(root, depth: 0, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  private func write(_ element: SVGElement, depth: Int, into bytes: inout [UInt8]) {
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    let hasText = element.children.contains { if case .text = $0 { true } else { false } }
    if element.children.isEmpty || hasText {
      writeInline(element, into: &bytes)
      bytes.append(UInt8(ascii: "\n"))
      return
    }
    openTag(element, into: &bytes)
    bytes.append(contentsOf: ">\n".utf8)
    for child in element.children {
      if case .element(let nested) = child { write(nested, depth: depth + 1, into: &bytes) }
    }
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    closeTag(element, into: &bytes)
  }

  /// Writes an element and everything inside it on one line, with no added whitespace.
  private func writeInline(_ element: SVGElement, into bytes: inout [UInt8]) {
    openTag(element, into: &bytes)
    guard !element.children.isEmpty else {
      bytes.append(contentsOf: "/>".utf8)
      return
    }
    bytes.append(UInt8(ascii: ">"))
    for child in element.children {
      switch child {
      case .element(let nested): writeInline(nested, into: &bytes)
      case .text(let text): Self.appendEscaped(text, inAttribute: false, to: &bytes)
      }
    }
    bytes.append(contentsOf: "</".utf8)
    bytes.append(contentsOf: element.name.utf8)
    bytes.append(UInt8(ascii: ">"))
  }

  private func openTag(_ element: SVGElement, into bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "<"))
    bytes.append(contentsOf: element.name.utf8)
    for attribute in element.attributes {
      bytes.append(UInt8(ascii: " "))
      bytes.append(contentsOf: attribute.name.utf8)
      bytes.append(contentsOf: "=\"".utf8)
      Self.appendEscaped(attribute.value, inAttribute: true, to: &bytes)
      bytes.append(UInt8(ascii: "\""))
    }
  }

  private func closeTag(_ element: SVGElement, into bytes: inout [UInt8]) {
    bytes.append(contentsOf: "</".utf8)
    bytes.append(contentsOf: element.name.utf8)
    bytes.append(contentsOf: ">\n".utf8)
  }

  /// `text` escaped for XML character data (`inAttribute` false) or a double-quoted attribute.
  public static func escaped(_ text: String, inAttribute: Bool) -> String {
    var bytes: [UInt8] = []
    appendEscaped(text, inAttribute: inAttribute, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `text` escaped; works on the UTF-8 bytes so long path data costs one pass.
  static func appendEscaped(_ text: String, inAttribute: Bool, to bytes: inout [UInt8]) {
    var text = text
    text.withUTF8 { utf8 in
      var index = 0
      while index < utf8.count {
        let byte = utf8[index]
        switch byte {
        case UInt8(ascii: "&"): bytes.append(contentsOf: "&amp;".utf8)
        case UInt8(ascii: "<"): bytes.append(contentsOf: "&lt;".utf8)
        case UInt8(ascii: ">"): bytes.append(contentsOf: "&gt;".utf8)
        case UInt8(ascii: "\"") where inAttribute: bytes.append(contentsOf: "&quot;".utf8)
        case 0x09 where inAttribute: bytes.append(contentsOf: "&#9;".utf8)
        case 0x0A where inAttribute: bytes.append(contentsOf: "&#10;".utf8)
        case 0x0D: bytes.append(contentsOf: "&#13;".utf8)
        case 0x09, 0x0A: bytes.append(byte)
        case 0x00..<0x20: bytes.append(contentsOf: replacement)
        case 0xEF
        where index + 2 < utf8.count && utf8[index + 1] == 0xBF && utf8[index + 2] >= 0xBE:
          // U+FFFE and U+FFFF are not XML characters.
          bytes.append(contentsOf: replacement)
          index += 2
        default: bytes.append(byte)
        }
        index += 1
      }
    }
  }

  /// U+FFFD REPLACEMENT CHARACTER in UTF-8.
  private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
}
