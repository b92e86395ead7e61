import Foundation

/// One attribute of the tag being scanned, as offsets into the scanner's buffer.
struct XMLAttribute {
  var nameStart: Int
  var nameEnd: Int
  /// Where the value starts and ends (without quotes); equal for a value-less attribute.
  var valueStart: Int
  var valueEnd: Int
  /// Whether the value holds a `&`, so it needs entity decoding before use.
  var hasReference: Bool
}

/// A start tag, valid only during the handler call that receives it: its bytes live in the
/// scanner's buffer, which the next read overwrites.
struct XMLStartTag: ~Copyable {
  let base: UnsafePointer<UInt8>
  let nameStart: Int
  let nameEnd: Int
  let attributes: UnsafeBufferPointer<XMLAttribute>
  /// `<Name …/>`: no children and no end tag follow.
  let selfClosing: Bool
  /// Offset of the `<` in the whole input, for error messages.
  let offset: Int64

  /// The element's name.
  var name: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: base + nameStart, count: nameEnd - nameStart)
  }

  /// An attribute's name.
  func name(of attribute: XMLAttribute) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(
      start: base + attribute.nameStart, count: attribute.nameEnd - attribute.nameStart)
  }

  /// An attribute's raw value (entities not decoded).
  func rawValue(of attribute: XMLAttribute) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(
      start: base + attribute.valueStart, count: attribute.valueEnd - attribute.valueStart)
  }
}

/// What the scanner reports while it reads: start tags and end tags. Text between tags,
/// comments, processing instructions and the DTD are skipped.
protocol XMLEventHandler {
  mutating func start(_ tag: borrowing XMLStartTag) throws
  mutating func end(_ name: UnsafeBufferPointer<UInt8>, offset: Int64) throws
  /// Text between two tags, entities not decoded; only from a scanner asked to report it.
  mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) throws
}

extension XMLEventHandler {
  mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) throws {}
}
