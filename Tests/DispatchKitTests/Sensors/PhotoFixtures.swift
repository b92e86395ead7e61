import DispatchKit
import Foundation

/// One TIFF IFD entry to write: its values already in the file's byte order, or a pointer
/// written as is (for entries whose values lie somewhere they should not).
struct TIFFField {
  var tag: UInt16
  var type: UInt16
  var count: UInt32
  var data: [UInt8] = []
  var pointer: UInt32?
}

/// Builds the EXIF bytes of a photo in either byte order: a TIFF header, IFD0 pointing to an
/// Exif IFD and a GPS IFD, and their values, so tests can write real-shaped JPEGs in code.
struct ExifBuilder {
  var bigEndian = false
  var dateTimeOriginal: String?
  var offsetTimeOriginal: String?
  var pixelWidth: Int?
  var pixelHeight: Int?
  /// Whether the dimensions are SHORT rather than LONG (cameras write either).
  var dimensionsAsShort = false
  /// "N" or "S", and degrees, minutes, seconds as numerator/denominator pairs.
  var latitude: (reference: String, parts: [(UInt32, UInt32)])?
  var longitude: (reference: String, parts: [(UInt32, UInt32)])?
  var extraExif: [TIFFField] = []
  /// Replaces the Exif IFD's offset in IFD0, e.g. with IFD0's own (8).
  var exifPointer: UInt32?
  var gpsPointer: UInt32?
  /// Replaces the offset of IFD0 in the header.
  var firstIFD: UInt32?

  func u16(_ value: UInt16) -> [UInt8] {
    let bytes = [UInt8(value >> 8), UInt8(value & 0xFF)]
    return bigEndian ? bytes : bytes.reversed()
  }

  func u32(_ value: UInt32) -> [UInt8] {
    let bytes = [24, 16, 8, 0].map { UInt8((value >> UInt32($0)) & 0xFF) }
    return bigEndian ? bytes : bytes.reversed()
  }

  func ascii(_ tag: UInt16, _ text: String) -> TIFFField {
    let bytes = Array(text.utf8) + [0]
    return TIFFField(tag: tag, type: 2, count: UInt32(bytes.count), data: bytes)
  }

  func rationals(_ tag: UInt16, _ parts: [(UInt32, UInt32)]) -> TIFFField {
    TIFFField(
      tag: tag, type: 5, count: UInt32(parts.count),
      data: parts.flatMap { u32($0.0) + u32($0.1) })
  }

  func integer(_ tag: UInt16, _ value: Int) -> TIFFField {
    dimensionsAsShort
      ? TIFFField(tag: tag, type: 3, count: 1, data: u16(UInt16(value)) + [0, 0])
      : TIFFField(tag: tag, type: 4, count: 1, data: u32(UInt32(value)))
  }

  /// One IFD at `offset`, its out-of-line values right after it.
  func ifd(_ fields: [TIFFField], at offset: Int) -> [UInt8] {
    var head = u16(UInt16(fields.count))
    var tail: [UInt8] = []
    let dataStart = offset + 2 + 12 * fields.count + 4
    for field in fields.sorted(by: { $0.tag < $1.tag }) {
      head += u16(field.tag) + u16(field.type) + u32(field.count)
      if let pointer = field.pointer {
        head += u32(pointer)
      } else if field.data.count <= 4 {
        head += field.data + [UInt8](repeating: 0, count: 4 - field.data.count)
      } else {
        head += u32(UInt32(dataStart + tail.count))
        tail += field.data
        if tail.count % 2 == 1 { tail.append(0) }
      }
    }
    return head + u32(0) + tail
  }

  /// The TIFF structure: header, IFD0, Exif IFD, GPS IFD.
  func tiff() -> [UInt8] {
    var exif = extraExif
    if let dateTimeOriginal { exif.append(ascii(0x9003, dateTimeOriginal)) }
    if let offsetTimeOriginal { exif.append(ascii(0x9011, offsetTimeOriginal)) }
    if let pixelWidth { exif.append(integer(0xA002, pixelWidth)) }
    if let pixelHeight { exif.append(integer(0xA003, pixelHeight)) }
    var gps: [TIFFField] = []
    if let latitude {
      gps += [ascii(0x0001, latitude.reference), rationals(0x0002, latitude.parts)]
    }
    if let longitude {
      gps += [ascii(0x0003, longitude.reference), rationals(0x0004, longitude.parts)]
    }
    let ifd0Size = 2 + 12 * 2 + 4
    let exifOffset = 8 + ifd0Size
    let exifBytes = ifd(exif, at: exifOffset)
    let gpsOffset = exifOffset + exifBytes.count
    let ifd0 = ifd(
      [
        TIFFField(tag: 0x8769, type: 4, count: 1, pointer: exifPointer ?? UInt32(exifOffset)),
        TIFFField(tag: 0x8825, type: 4, count: 1, pointer: gpsPointer ?? UInt32(gpsOffset)),
      ], at: 8)
    let header = Array((bigEndian ? "MM" : "II").utf8) + u16(42) + u32(firstIFD ?? 8)
    return header + ifd0 + exifBytes + ifd(gps, at: gpsOffset)
  }

  /// A minimal JPEG: SOI, APP1 "Exif" with ``tiff()``, an optional frame header, EOI.
  func jpeg(frame: (width: Int, height: Int)? = nil) -> [UInt8] {
    PhotoFiles.jpeg(exif: tiff(), frame: frame)
  }
}

/// Photo files written into a fixture tree with chosen modification times.
enum PhotoFiles {
  /// SOI, an APP1 "Exif" segment holding `exif` (none when nil), a SOF0 header, EOI.
  static func jpeg(exif: [UInt8]?, frame: (width: Int, height: Int)? = nil) -> [UInt8] {
    var bytes: [UInt8] = [0xFF, 0xD8]
    if let exif {
      let length = 2 + 6 + exif.count
      bytes += [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)]
      bytes += Array("Exif\0\0".utf8) + exif
    }
    if let frame {
      bytes += [0xFF, 0xC0, 0x00, 0x11, 0x08]
      bytes += [UInt8(frame.height >> 8), UInt8(frame.height & 0xFF)]
      bytes += [UInt8(frame.width >> 8), UInt8(frame.width & 0xFF)]
      bytes += [0x03] + [UInt8](repeating: 0x11, count: 9)
    }
    return bytes + [0xFF, 0xD9]
  }

  /// A PNG signature, an IHDR chunk of the given size and IEND (CRCs left zero).
  static func png(width: UInt32, height: UInt32) -> [UInt8] {
    func be(_ value: UInt32) -> [UInt8] {
      [24, 16, 8, 0].map { UInt8((value >> UInt32($0)) & 0xFF) }
    }
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    bytes += be(13) + Array("IHDR".utf8) + be(width) + be(height) + [8, 2, 0, 0, 0] + be(0)
    return bytes + be(0) + Array("IEND".utf8) + be(0)
  }

  /// An instant from an ISO 8601 UTC text, e.g. "2026-03-04T09:30:00Z", for readable tests.
  static func instant(_ text: String) -> Instant {
    guard let date = ISO8601DateFormatter().date(from: text) else {
      preconditionFailure("not an ISO 8601 instant: \(text)")
    }
    return Instant(date)
  }

  /// Writes `bytes` at `path` under the tree's root, modified at `modified`.
  @discardableResult
  static func write(
    _ tree: FixtureTree, _ path: String, _ bytes: [UInt8], modified: Instant
  ) throws -> String {
    let full = tree.root + path
    try FileManager.default.createDirectory(
      atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: full))
    try FileManager.default.setAttributes([.modificationDate: modified.date], ofItemAtPath: full)
    return full
  }
}
