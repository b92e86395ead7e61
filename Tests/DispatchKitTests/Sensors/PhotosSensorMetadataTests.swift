import DispatchKit
import Foundation
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// The header reader on its own: EXIF in both byte orders, GPS signs, offsets, PNG sizes, and
/// files that lie about their own structure.
struct PhotosSensorMetadataTests {
  private let utc: TimeZone

  init() throws {
    utc = try #require(TimeZone(identifier: "UTC"))
  }

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

  @Test func readsTheSameTagsInEitherByteOrder() throws {
    for bigEndian in [false, true] {
      let metadata = try #require(PhotoMetadata.read(paris(bigEndian: bigEndian).jpeg()))
      #expect(metadata.wallTime == PhotoWallTime(exif: "2026:03:04 09:30:00"))
      #expect(metadata.offsetSeconds == 3600)
      #expect(metadata.instant(in: utc) == PhotoFiles.instant("2026-03-04T08:30:00Z"))
      #expect(metadata.pixelWidth == 4032)
      #expect(metadata.pixelHeight == 3024)
      let latitude = try #require(metadata.latitude)
      let longitude = try #require(metadata.longitude)
      #expect(abs(latitude - 48.858_222) <= 1e-6)
      #expect(abs(longitude - 2.294_5) <= 1e-6)
    }
  }

  @Test func readsShortDimensions() throws {
    for bigEndian in [false, true] {
      var exif = ExifBuilder(bigEndian: bigEndian)
      exif.dimensionsAsShort = true
      exif.pixelWidth = 640
      exif.pixelHeight = 480
      let metadata = try #require(PhotoMetadata.read(exif.jpeg()))
      #expect(metadata.pixelWidth == 640)
      #expect(metadata.pixelHeight == 480)
    }
  }

  @Test func southAndWestAreNegative() throws {
    var sydney = ExifBuilder(bigEndian: true)
    sydney.latitude = ("S", [(33, 1), (52, 1), (0, 1)])
    sydney.longitude = ("E", [(151, 1), (12, 1), (0, 1)])
    let south = try #require(PhotoMetadata.read(sydney.jpeg()))
    let southLatitude = try #require(south.latitude)
    let southLongitude = try #require(south.longitude)
    #expect(abs(southLatitude - (-33.866_667)) <= 1e-6)
    #expect(abs(southLongitude - 151.2) <= 1e-6)

    var newYork = ExifBuilder()
    newYork.latitude = ("N", [(40, 1), (42, 1), (46, 1)])
    newYork.longitude = ("W", [(74, 1), (0, 1), (21, 1)])
    let west = try #require(PhotoMetadata.read(newYork.jpeg()))
    let westLatitude = try #require(west.latitude)
    let westLongitude = try #require(west.longitude)
    #expect(abs(westLatitude - 40.712_778) <= 1e-6)
    #expect(abs(westLongitude - (-74.005_833)) <= 1e-6)
  }

  @Test func aZeroDenominatorOrAnOutOfRangeLatitudeGivesNoPlace() throws {
    var exif = ExifBuilder()
    exif.latitude = ("N", [(48, 0), (51, 1), (0, 1)])
    exif.longitude = ("E", [(200, 1), (0, 1), (0, 1)])
    let metadata = try #require(PhotoMetadata.read(exif.jpeg()))
    #expect(metadata.latitude == nil)
    #expect(metadata.longitude == nil)
  }

  @Test func frameHeaderGivesTheSizeWhenEXIFHasNone() throws {
    var exif = ExifBuilder()
    exif.dateTimeOriginal = "2026:03:04 09:30:00"
    let metadata = try #require(PhotoMetadata.read(exif.jpeg(frame: (1600, 1200))))
    #expect(metadata.pixelWidth == 1600)
    #expect(metadata.pixelHeight == 1200)
    let bare = try #require(PhotoMetadata.read(PhotoFiles.jpeg(exif: nil, frame: (8, 6))))
    #expect(bare.pixelWidth == 8)
    #expect(bare.wallTime == nil)
  }

  @Test func pngSizeComesFromIHDR() throws {
    let metadata = try #require(PhotoMetadata.read(PhotoFiles.png(width: 1170, height: 2532)))
    #expect(metadata.pixelWidth == 1170)
    #expect(metadata.pixelHeight == 2532)
    #expect(metadata.wallTime == nil)
  }

  @Test func aPlainTIFFFileIsReadToo() throws {
    var exif = ExifBuilder(bigEndian: true)
    exif.dateTimeOriginal = "2026:03:04 09:30:00"
    let metadata = try #require(PhotoMetadata.read(exif.tiff()))
    #expect(metadata.instant(in: utc) == PhotoFiles.instant("2026-03-04T09:30:00Z"))
  }

  @Test func wallTimesAndOffsets() {
    #expect(PhotoWallTime(exif: "0000:00:00 00:00:00") == nil)
    #expect(PhotoWallTime(exif: "2026:13:04 09:30:00") == nil)
    #expect(PhotoWallTime(exif: "    :  :     :  :  ") == nil)
    #expect(PhotoWallTime(exif: "2026:02:30 09:30:00")?.instant(in: utc) == nil)
    #expect(
      PhotoWallTime(exif: "2026-03-04T09:30:00.250")?.instant(in: utc)
        == PhotoFiles.instant("2026-03-04T09:30:00Z"))
    #expect(PhotoWallTime.offsetSeconds(exif: "+05:30") == 19_800)
    #expect(PhotoWallTime.offsetSeconds(exif: "-05:00") == -18_000)
    #expect(PhotoWallTime.offsetSeconds(exif: "+0900") == 32_400)
    #expect(PhotoWallTime.offsetSeconds(exif: "   :  ") == nil)
    #expect(PhotoWallTime.offsetSeconds(exif: "+25:00") == nil)
  }

  @Test func truncatedEXIFKeepsWhatWasReadableAndNeverCrashes() {
    let whole = paris(bigEndian: false).jpeg()
    for length in 0..<whole.count {
      _ = PhotoMetadata.read(Array(whole.prefix(length)))
    }
    // Without its EOI the segment is still whole, so the tags are still there.
    #expect(PhotoMetadata.read(Array(whole.dropLast(2)))?.wallTime != nil)
  }

  @Test func offsetsPastTheEndAreIgnored() throws {
    var exif = ExifBuilder()
    exif.extraExif = [
      TIFFField(tag: 0x9003, type: 2, count: 20, pointer: 0xFFFF_FF00),
      TIFFField(tag: 0xA002, type: 4, count: 0xFFFF_FFFF, pointer: 12),
    ]
    exif.gpsPointer = 0x7FFF_FFFF
    let metadata = try #require(PhotoMetadata.read(exif.jpeg()))
    #expect(metadata.wallTime == nil)
    #expect(metadata.pixelWidth == nil)
    #expect(metadata.latitude == nil)

    var lost = ExifBuilder()
    lost.firstIFD = 0xFFFF_FFF0
    lost.dateTimeOriginal = "2026:03:04 09:30:00"
    let lostMetadata = try #require(PhotoMetadata.read(lost.jpeg()))
    #expect(lostMetadata.wallTime == nil)
  }

  @Test func anIFDPointingToItselfIsReadOnce() throws {
    var exif = ExifBuilder(bigEndian: true)
    exif.exifPointer = 8
    exif.gpsPointer = 8
    exif.dateTimeOriginal = "2026:03:04 09:30:00"
    let metadata = try #require(PhotoMetadata.read(exif.jpeg()))
    #expect(metadata.wallTime == nil)
    #expect(metadata.latitude == nil)
  }

  @Test func anEntryCountLargerThanTheFileStopsThere() throws {
    var bytes = ExifBuilder().tiff()
    bytes[8] = 0xFF
    bytes[9] = 0xFF
    #expect(PhotoMetadata.read(PhotoFiles.jpeg(exif: bytes)) != nil)
  }

  @Test func segmentLengthsThatLieEndTheWalk() {
    let shortLength: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x01, 0xFF, 0xD9]
    let longLength: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF] + Array("Exif\0\0II".utf8)
    let fill: [UInt8] = [0xFF, 0xD8] + [UInt8](repeating: 0xFF, count: 1_000)
    for bytes in [shortLength, longLength, fill] {
      #expect(PhotoMetadata.read(bytes)?.wallTime == nil)
    }
  }

  @Test func randomBytesGiveNothingUseful() {
    var random = SplitMix64(seed: 0xF070)
    for _ in 0..<200 {
      let count = Int.random(in: 0..<2_048, using: &random)
      let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
      // Random bytes behind a valid signature are read without trapping and yield no time,
      // place or size: nothing from them may end up in a report's context.
      for candidate in [
        bytes, [0xFF, 0xD8] + bytes, Array("MM\0*".utf8) + bytes,
        PhotoMetadata.pngSignature + bytes,
      ] {
        let metadata = PhotoMetadata.read(candidate, imageSize: true)
        #expect(metadata == nil || metadata == PhotoMetadata())
      }
    }
  }
}
