import Foundation

/// A bounds-checked view of a file's first bytes, in one byte order.
///
/// Photo files come from cameras, phones and editors of every quality, and some are simply
/// broken, so every read answers nil past the end instead of trapping: a bad offset in a
/// header must cost a photo its metadata, never the survey its process.
struct PhotoBytes {
  let bytes: [UInt8]
  /// Where offsets start: the TIFF header inside a JPEG's APP1 segment, 0 for a TIFF file.
  let base: Int
  /// How many bytes from ``base`` belong to this view.
  let count: Int
  var bigEndian: Bool

  init(_ bytes: [UInt8], base: Int = 0, count: Int? = nil, bigEndian: Bool = true) {
    let start = min(max(base, 0), bytes.count)
    self.bytes = bytes
    self.base = start
    self.count = min(max(count ?? bytes.count, 0), bytes.count - start)
    self.bigEndian = bigEndian
  }

  /// Whether `length` bytes at `offset` lie inside the view; false on overflow too.
  func contains(_ offset: Int, length: Int) -> Bool {
    guard offset >= 0, length >= 0 else { return false }
    let (end, overflow) = offset.addingReportingOverflow(length)
    return !overflow && end <= count
  }

  func uint8(_ offset: Int) -> UInt8? {
    guard contains(offset, length: 1) else { return nil }
    return bytes[base + offset]
  }

  func uint16(_ offset: Int) -> UInt16? {
    guard contains(offset, length: 2) else { return nil }
    let first = UInt16(bytes[base + offset])
    let second = UInt16(bytes[base + offset + 1])
    return bigEndian ? first << 8 | second : second << 8 | first
  }

  func uint32(_ offset: Int) -> UInt32? {
    guard let high = uint16(bigEndian ? offset : offset + 2),
      let low = uint16(bigEndian ? offset + 2 : offset)
    else { return nil }
    return UInt32(high) << 16 | UInt32(low)
  }

  /// The bytes at `offset`, or nil when any of them lies past the end.
  func slice(_ offset: Int, length: Int) -> ArraySlice<UInt8>? {
    guard contains(offset, length: length) else { return nil }
    return bytes[(base + offset)..<(base + offset + length)]
  }

  /// Whether the bytes at `offset` are `prefix`.
  func matches(_ offset: Int, _ prefix: [UInt8]) -> Bool {
    guard let found = slice(offset, length: prefix.count) else { return false }
    return found.elementsEqual(prefix)
  }

  /// A view of `length` bytes at `offset`, whose own offsets start there.
  func subview(_ offset: Int, length: Int, bigEndian: Bool? = nil) -> PhotoBytes? {
    guard contains(offset, length: length) else { return nil }
    return PhotoBytes(
      bytes, base: base + offset, count: length, bigEndian: bigEndian ?? self.bigEndian)
  }
}
