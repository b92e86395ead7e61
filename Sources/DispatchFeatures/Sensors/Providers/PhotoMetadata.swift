import DispatchCore
import Foundation

/// What a photo file's header says: its size, when it was taken and where. Each part may be
/// missing, since cameras, phones and editors each write a different subset.
package struct PhotoMetadata: Equatable {
  var pixelWidth: Int?
  var pixelHeight: Int?
  /// The wall-clock time the photo was taken, as the camera wrote it.
  var wallTime: PhotoWallTime?
  /// Seconds east of UTC the wall time was in (EXIF OffsetTimeOriginal), when written.
  var offsetSeconds: Int?
  var latitude: Double?
  var longitude: Double?

  /// The moment the photo was taken: exact with an offset, else the wall time read in `zone`
  /// (older cameras write no offset, and the user's zone is the best guess for those).
  func instant(in zone: TimeZone) -> Instant? {
    guard let wallTime else { return nil }
    let offsetZone = offsetSeconds.flatMap { TimeZone(secondsFromGMT: $0) }
    return wallTime.instant(in: offsetZone ?? zone)
  }

  /// The metadata in a file's first bytes, recognised by its signature rather than its name
  /// (a PNG saved as ".jpg" is still read); nil for formats without a reader (HEIC, WebP…).
  ///
  /// - Parameter imageSize: whether a TIFF's IFD0 size describes the picture (plain TIFF
  ///   files) rather than a thumbnail (RAW files).
  static func read(_ bytes: [UInt8], imageSize: Bool = false) -> PhotoMetadata? {
    let view = PhotoBytes(bytes)
    if view.matches(0, [0xFF, 0xD8]) { return jpeg(view) }
    if view.matches(0, pngSignature) { return png(view) }
    return PhotoTIFF.parse(view, imageSize: imageSize)
  }

  static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  private static let exifHeader = Array("Exif\0\0".utf8)

  /// Walks a JPEG's segments up to the image data: the first APP1 "Exif" segment gives the
  /// tags, a start-of-frame segment the size when EXIF has none. Every step moves forward,
  /// so a corrupt length ends the walk instead of looping.
  static func jpeg(_ view: PhotoBytes) -> PhotoMetadata {
    var metadata = PhotoMetadata()
    var frameSize: (width: Int, height: Int)?
    var exifRead = false
    var offset = 2
    while var marker = view.uint8(offset + 1), view.uint8(offset) == 0xFF {
      while marker == 0xFF, let next = view.uint8(offset + 2) {
        offset += 1
        marker = next
      }
      if marker == 0xD9 || marker == 0xDA { break }
      if marker == 0x01 || (0xD0...0xD7).contains(marker) {
        offset += 2
        continue
      }
      guard let length = view.uint16(offset + 2).map(Int.init), length >= 2 else { break }
      let body = offset + 4
      let bodyLength = min(length - 2, view.count - body)
      if marker == 0xE1, !exifRead, bodyLength > exifHeader.count,
        view.matches(body, exifHeader),
        let tiff = view.subview(body + 6, length: bodyLength - 6),
        let exif = PhotoTIFF.parse(tiff)
      {
        metadata = exif
        exifRead = true
      }
      if isFrame(marker), let height = view.uint16(body + 1), let width = view.uint16(body + 3),
        width > 0, height > 0
      {
        frameSize = (Int(width), Int(height))
      }
      offset = body + length - 2
    }
    if metadata.pixelWidth == nil || metadata.pixelHeight == nil, let frameSize {
      metadata.pixelWidth = frameSize.width
      metadata.pixelHeight = frameSize.height
    }
    return metadata
  }

  /// Start-of-frame markers (baseline, progressive, lossless…), which carry the image size;
  /// C4, C8 and CC share the range but are tables.
  private static func isFrame(_ marker: UInt8) -> Bool {
    (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
  }

  /// A PNG's size from IHDR, and its eXIf chunk's tags when it has one before the image data.
  static func png(_ view: PhotoBytes) -> PhotoMetadata {
    var metadata = PhotoMetadata()
    var offset = 8
    while let length = view.uint32(offset).map(Int.init),
      let type = view.slice(offset + 4, length: 4)
    {
      let name = String(decoding: type, as: UTF8.self)
      if name == "IDAT" || name == "IEND" { break }
      if name == "IHDR", let width = view.uint32(offset + 8), let height = view.uint32(offset + 12),
        width > 0, height > 0, width <= Int32.max, height <= Int32.max
      {
        metadata.pixelWidth = Int(width)
        metadata.pixelHeight = Int(height)
      }
      if name == "eXIf", let tiff = view.subview(offset + 8, length: length),
        let exif = PhotoTIFF.parse(tiff)
      {
        let size = (metadata.pixelWidth, metadata.pixelHeight)
        metadata = exif
        metadata.pixelWidth = size.0 ?? exif.pixelWidth
        metadata.pixelHeight = size.1 ?? exif.pixelHeight
      }
      offset += 12 + length
    }
    return metadata
  }
}
