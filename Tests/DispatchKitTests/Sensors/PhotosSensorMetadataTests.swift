import Foundation
import XCTest

@testable import DispatchKit

/// The header reader on its own: EXIF in both byte orders, GPS signs, offsets, PNG sizes, and
/// files that lie about their own structure.
final class PhotosSensorMetadataTests: XCTestCase {
  private let utc = TimeZone(identifier: "UTC")!

  /// Paris, 48°51'29.6"N 2°17'40.2"E, and a full set of tags.
  private func paris(bigEndian: Bool) -> ExifBuilder {
    var exif = ExifBuilder(bigEndian: bigEndian)
    exif.dateTimeOriginal = "2026:03:04 09:30:00"
    exif.offsetTimeOriginal = "+01:00"
    exif.pixelWidth = 4032
    exif.pixelHeight = 3024
    exif.latitude = ("N", [(48, 1), (51, 1), (296, 10)])
    exif.longitude = ("E", [(2, 1), (17, 1), (402, 10)])
    return exif
  }

  func testReadsTheSameTagsInEitherByteOrder() throws {
    for bigEndian in [false, true] {
      let metadata = try XCTUnwrap(PhotoMetadata.read(paris(bigEndian: bigEndian).jpeg()))
      XCTAssertEqual(metadata.wallTime, PhotoWallTime(exif: "2026:03:04 09:30:00"))
      XCTAssertEqual(metadata.offsetSeconds, 3600)
      XCTAssertEqual(metadata.instant(in: utc), PhotoFiles.instant("2026-03-04T08:30:00Z"))
      XCTAssertEqual(metadata.pixelWidth, 4032)
      XCTAssertEqual(metadata.pixelHeight, 3024)
      XCTAssertEqual(try XCTUnwrap(metadata.latitude), 48.858_222, accuracy: 1e-6)
      XCTAssertEqual(try XCTUnwrap(metadata.longitude), 2.294_5, accuracy: 1e-6)
    }
  }

  func testReadsShortDimensions() throws {
    for bigEndian in [false, true] {
      var exif = ExifBuilder(bigEndian: bigEndian)
      exif.dimensionsAsShort = true
      exif.pixelWidth = 640
      exif.pixelHeight = 480
      let metadata = try XCTUnwrap(PhotoMetadata.read(exif.jpeg()))
      XCTAssertEqual(metadata.pixelWidth, 640)
      XCTAssertEqual(metadata.pixelHeight, 480)
    }
  }

  func testSouthAndWestAreNegative() throws {
    var sydney = ExifBuilder(bigEndian: true)
    sydney.latitude = ("S", [(33, 1), (52, 1), (0, 1)])
    sydney.longitude = ("E", [(151, 1), (12, 1), (0, 1)])
    let south = try XCTUnwrap(PhotoMetadata.read(sydney.jpeg()))
    XCTAssertEqual(try XCTUnwrap(south.latitude), -33.866_667, accuracy: 1e-6)
    XCTAssertEqual(try XCTUnwrap(south.longitude), 151.2, accuracy: 1e-6)

    var newYork = ExifBuilder()
    newYork.latitude = ("N", [(40, 1), (42, 1), (46, 1)])
    newYork.longitude = ("W", [(74, 1), (0, 1), (21, 1)])
    let west = try XCTUnwrap(PhotoMetadata.read(newYork.jpeg()))
    XCTAssertEqual(try XCTUnwrap(west.latitude), 40.712_778, accuracy: 1e-6)
    XCTAssertEqual(try XCTUnwrap(west.longitude), -74.005_833, accuracy: 1e-6)
  }

  func testAZeroDenominatorOrAnOutOfRangeLatitudeGivesNoPlace() throws {
    var exif = ExifBuilder()
    exif.latitude = ("N", [(48, 0), (51, 1), (0, 1)])
    exif.longitude = ("E", [(200, 1), (0, 1), (0, 1)])
    let metadata = try XCTUnwrap(PhotoMetadata.read(exif.jpeg()))
    XCTAssertNil(metadata.latitude)
    XCTAssertNil(metadata.longitude)
  }

  func testFrameHeaderGivesTheSizeWhenEXIFHasNone() throws {
    var exif = ExifBuilder()
    exif.dateTimeOriginal = "2026:03:04 09:30:00"
    let metadata = try XCTUnwrap(PhotoMetadata.read(exif.jpeg(frame: (1600, 1200))))
    XCTAssertEqual(metadata.pixelWidth, 1600)
    XCTAssertEqual(metadata.pixelHeight, 1200)
    let bare = try XCTUnwrap(PhotoMetadata.read(PhotoFiles.jpeg(exif: nil, frame: (8, 6))))
    XCTAssertEqual(bare.pixelWidth, 8)
    XCTAssertNil(bare.wallTime)
  }

  func testPNGSizeComesFromIHDR() throws {
    let metadata = try XCTUnwrap(PhotoMetadata.read(PhotoFiles.png(width: 1170, height: 2532)))
    XCTAssertEqual(metadata.pixelWidth, 1170)
    XCTAssertEqual(metadata.pixelHeight, 2532)
    XCTAssertNil(metadata.wallTime)
  }

  func testAPlainTIFFFileIsReadToo() throws {
    var exif = ExifBuilder(bigEndian: true)
    exif.dateTimeOriginal = "2026:03:04 09:30:00"
    let metadata = try XCTUnwrap(PhotoMetadata.read(exif.tiff()))
    XCTAssertEqual(metadata.instant(in: utc), PhotoFiles.instant("2026-03-04T09:30:00Z"))
  }

  func testWallTimesAndOffsets() {
    XCTAssertNil(PhotoWallTime(exif: "0000:00:00 00:00:00"))
    XCTAssertNil(PhotoWallTime(exif: "2026:13:04 09:30:00"))
    XCTAssertNil(PhotoWallTime(exif: "    :  :     :  :  "))
    XCTAssertNil(PhotoWallTime(exif: "2026:02:30 09:30:00")?.instant(in: utc))
    XCTAssertEqual(
      PhotoWallTime(exif: "2026-03-04T09:30:00.250")?.instant(in: utc),
      PhotoFiles.instant("2026-03-04T09:30:00Z"))
    XCTAssertEqual(PhotoWallTime.offsetSeconds(exif: "+05:30"), 19_800)
    XCTAssertEqual(PhotoWallTime.offsetSeconds(exif: "-05:00"), -18_000)
    XCTAssertEqual(PhotoWallTime.offsetSeconds(exif: "+0900"), 32_400)
    XCTAssertNil(PhotoWallTime.offsetSeconds(exif: "   :  "))
    XCTAssertNil(PhotoWallTime.offsetSeconds(exif: "+25:00"))
  }

  func testTruncatedEXIFKeepsWhatWasReadableAndNeverCrashes() {
    let whole = paris(bigEndian: false).jpeg()
    for length in 0..<whole.count {
      _ = PhotoMetadata.read(Array(whole.prefix(length)))
    }
    // Without its EOI the segment is still whole, so the tags are still there.
    XCTAssertNotNil(PhotoMetadata.read(Array(whole.dropLast(2)))?.wallTime)
  }

  func testOffsetsPastTheEndAreIgnored() throws {
    var exif = ExifBuilder()
    exif.extraExif = [
      TIFFField(tag: 0x9003, type: 2, count: 20, pointer: 0xFFFF_FF00),
      TIFFField(tag: 0xA002, type: 4, count: 0xFFFF_FFFF, pointer: 12),
    ]
    exif.gpsPointer = 0x7FFF_FFFF
    let metadata = try XCTUnwrap(PhotoMetadata.read(exif.jpeg()))
    XCTAssertNil(metadata.wallTime)
    XCTAssertNil(metadata.pixelWidth)
    XCTAssertNil(metadata.latitude)

    var lost = ExifBuilder()
    lost.firstIFD = 0xFFFF_FFF0
    lost.dateTimeOriginal = "2026:03:04 09:30:00"
    XCTAssertNil(try XCTUnwrap(PhotoMetadata.read(lost.jpeg())).wallTime)
  }

  func testAnIFDPointingToItselfIsReadOnce() throws {
    var exif = ExifBuilder(bigEndian: true)
    exif.exifPointer = 8
    exif.gpsPointer = 8
    exif.dateTimeOriginal = "2026:03:04 09:30:00"
    let metadata = try XCTUnwrap(PhotoMetadata.read(exif.jpeg()))
    XCTAssertNil(metadata.wallTime)
    XCTAssertNil(metadata.latitude)
  }

  func testAnEntryCountLargerThanTheFileStopsThere() throws {
    var bytes = ExifBuilder().tiff()
    bytes[8] = 0xFF
    bytes[9] = 0xFF
    XCTAssertNotNil(PhotoMetadata.read(PhotoFiles.jpeg(exif: bytes)))
  }

  func testSegmentLengthsThatLieEndTheWalk() {
    let shortLength: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x01, 0xFF, 0xD9]
    let longLength: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF] + Array("Exif\0\0II".utf8)
    let fill: [UInt8] = [0xFF, 0xD8] + [UInt8](repeating: 0xFF, count: 1_000)
    for bytes in [shortLength, longLength, fill] {
      XCTAssertNil(PhotoMetadata.read(bytes)?.wallTime)
    }
  }

  func testRandomBytesGiveNothingUseful() {
    var random = SplitMix64(seed: 0xF070)
    for _ in 0..<200 {
      let count = Int.random(in: 0..<2_048, using: &random)
      let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
      _ = PhotoMetadata.read(bytes)
      _ = PhotoMetadata.read([0xFF, 0xD8] + bytes)
      _ = PhotoMetadata.read(Array("MM\0*".utf8) + bytes)
      _ = PhotoMetadata.read(PhotoMetadata.pngSignature + bytes)
    }
  }
}
