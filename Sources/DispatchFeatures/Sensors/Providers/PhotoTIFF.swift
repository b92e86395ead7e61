import Foundation

/// Reads the EXIF tags Dispatch records from a TIFF structure: the body of a JPEG's APP1
/// segment, a PNG's eXIf chunk, or a TIFF-based file (TIFF, DNG and most camera RAWs).
///
/// Only IFD0 and the two sub-IFDs it points to (Exif and GPS) are read, each once and never
/// by following "next IFD" links, so an IFD that points to itself or to another cannot make
/// the reader loop; every entry is checked against the bytes actually present.
enum PhotoTIFF {
  static let exifPointer: UInt16 = 0x8769
  static let gpsPointer: UInt16 = 0x8825

  /// The metadata in `view`, which starts at a TIFF header; nil when it does not.
  ///
  /// - Parameter imageSize: whether IFD0's ImageWidth and ImageLength describe the picture.
  ///   They do in a plain TIFF; in a RAW file IFD0 is usually a thumbnail, so they do not.
  static func parse(_ view: PhotoBytes, imageSize: Bool = false) -> PhotoMetadata? {
    var view = view
    if view.matches(0, Array("II".utf8)) {
      view.bigEndian = false
    } else if view.matches(0, Array("MM".utf8)) {
      view.bigEndian = true
    } else {
      return nil
    }
    guard let first = view.uint32(4) else { return nil }
    let ifd0 = entries(view, at: Int(first))
    let exif = ifd0[exifPointer].flatMap { integer(view, $0) }.map { entries(view, at: $0) } ?? [:]
    let gps = ifd0[gpsPointer].flatMap { integer(view, $0) }.map { entries(view, at: $0) } ?? [:]

    var metadata = PhotoMetadata()
    let taken =
      [(exif[0x9003], exif[0x9011]), (exif[0x9004], exif[0x9012]), (ifd0[0x0132], exif[0x9010])]
      .lazy.compactMap { time, offset in
        time.flatMap { ascii(view, $0) }.flatMap(PhotoWallTime.init(exif:)).map {
          ($0, offset.flatMap { ascii(view, $0) }.flatMap(PhotoWallTime.offsetSeconds(exif:)))
        }
      }.first
    metadata.wallTime = taken?.0
    metadata.offsetSeconds = taken?.1
    metadata.pixelWidth = positive(exif[0xA002].flatMap { integer(view, $0) })
    metadata.pixelHeight = positive(exif[0xA003].flatMap { integer(view, $0) })
    if imageSize, metadata.pixelWidth == nil || metadata.pixelHeight == nil {
      metadata.pixelWidth = positive(ifd0[0x0100].flatMap { integer(view, $0) })
      metadata.pixelHeight = positive(ifd0[0x0101].flatMap { integer(view, $0) })
    }
    metadata.latitude = coordinate(
      view, gps[0x0002], reference: gps[0x0001], negative: "S", limit: 90)
    metadata.longitude = coordinate(
      view, gps[0x0004], reference: gps[0x0003], negative: "W", limit: 180)
    return metadata
  }

  /// One IFD entry: its type, how many values, and where they lie in the view.
  struct Entry {
    let type: UInt16
    let count: Int
    let offset: Int
  }

  /// The bytes one value of each TIFF type takes; nil for types this reader does not know.
  static func size(of type: UInt16) -> Int? {
    switch type {
    case 1, 2, 6, 7: return 1
    case 3, 8: return 2
    case 4, 9, 11: return 4
    case 5, 10, 12: return 8
    default: return nil
    }
  }

  /// The entries of the IFD at `offset`, by tag; those whose values lie past the end are left
  /// out, and a count larger than the bytes present stops the reading there.
  static func entries(_ view: PhotoBytes, at offset: Int) -> [UInt16: Entry] {
    guard let declared = view.uint16(offset) else { return [:] }
    var found: [UInt16: Entry] = [:]
    for index in 0..<Int(declared) {
      let at = offset + 2 + index * 12
      guard let tag = view.uint16(at), let type = view.uint16(at + 2),
        let count = view.uint32(at + 4), let pointer = view.uint32(at + 8)
      else { break }
      guard let size = size(of: type) else { continue }
      let (length, overflow) = Int(count).multipliedReportingOverflow(by: size)
      guard !overflow else { continue }
      let start = length <= 4 ? at + 8 : Int(pointer)
      guard view.contains(start, length: length), found[tag] == nil else { continue }
      found[tag] = Entry(type: type, count: Int(count), offset: start)
    }
    return found
  }

  /// The first value of a BYTE, SHORT or LONG entry.
  static func integer(_ view: PhotoBytes, _ entry: Entry) -> Int? {
    guard entry.count >= 1 else { return nil }
    switch entry.type {
    case 1: return view.uint8(entry.offset).map(Int.init)
    case 3: return view.uint16(entry.offset).map(Int.init)
    case 4: return view.uint32(entry.offset).map(Int.init)
    default: return nil
    }
  }

  /// An ASCII entry's text up to its first NUL, trimmed.
  static func ascii(_ view: PhotoBytes, _ entry: Entry) -> String? {
    guard entry.type == 2 || entry.type == 7,
      let bytes = view.slice(entry.offset, length: min(entry.count, 64))
    else { return nil }
    let text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    return text.trimmingCharacters(in: .whitespaces)
  }

  /// The values of an unsigned RATIONAL entry; nil when one has a zero denominator.
  static func rationals(_ view: PhotoBytes, _ entry: Entry, limit: Int) -> [Double]? {
    guard entry.type == 5 else { return nil }
    var values: [Double] = []
    for index in 0..<min(entry.count, limit) {
      guard let numerator = view.uint32(entry.offset + index * 8),
        let denominator = view.uint32(entry.offset + index * 8 + 4), denominator != 0
      else { return nil }
      values.append(Double(numerator) / Double(denominator))
    }
    return values.isEmpty ? nil : values
  }

  /// Degrees, minutes and seconds as signed degrees; nil when out of range.
  static func coordinate(
    _ view: PhotoBytes, _ entry: Entry?, reference: Entry?, negative: String, limit: Double
  ) -> Double? {
    guard let entry, let parts = rationals(view, entry, limit: 3) else { return nil }
    let minutes = parts.count > 1 ? parts[1] : 0
    let seconds = parts.count > 2 ? parts[2] : 0
    let degrees = parts[0] + minutes / 60 + seconds / 3600
    guard degrees.isFinite, degrees <= limit else { return nil }
    let sign = reference.flatMap { ascii(view, $0) }?.uppercased() == negative ? -1.0 : 1.0
    return sign * degrees
  }

  private static func positive(_ value: Int?) -> Int? {
    guard let value, value > 0 else { return nil }
    return value
  }
}
