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

/// Thousands of damaged copies of valid photos, from a fixed seed so a failure replays: the
/// reader must return for every one of them, quickly.
struct PhotosSensorFuzzTests {
  private static func fixtures() -> [[UInt8]] {
    [false, true].flatMap { bigEndian -> [[UInt8]] in
      var exif = ExifBuilder(bigEndian: bigEndian)
      exif.dateTimeOriginal = "2026:03:04 09:30:00"
      exif.offsetTimeOriginal = "+01:00"
      exif.pixelWidth = 4032
      exif.pixelHeight = 3024
      exif.latitude = ("N", [(48, 1), (51, 1), (296, 10)])
      exif.longitude = ("W", [(2, 1), (17, 1), (402, 10)])
      return [exif.jpeg(frame: (4032, 3024)), exif.tiff()]
    } + [PhotoFiles.png(width: 10, height: 20)]
  }

  @Test func mutatedPhotosNeverCrashTheReader() {
    var random = SplitMix64(seed: 0x9E0_F070)
    let fixtures = Self.fixtures()
    let started = Date()
    var timesRead = 0
    for round in 0..<6_000 {
      var bytes = fixtures[round % fixtures.count]
      for _ in 0..<Int.random(in: 1...6, using: &random) {
        Self.mutate(&bytes, using: &random)
      }
      let metadata = PhotoMetadata.read(bytes)
      if let latitude = metadata?.latitude { #expect(abs(latitude) <= 90) }
      if let longitude = metadata?.longitude { #expect(abs(longitude) <= 180) }
      if metadata?.instant(in: .current) != nil { timesRead += 1 }
    }
    // Most single-byte damage leaves the time readable, so the fuzzing gets past the header.
    #expect(timesRead > 1_000)
    #expect(Date().timeIntervalSince(started) < 30)
  }

  private static func mutate(_ bytes: inout [UInt8], using random: inout SplitMix64) {
    // Bytes that matter to offsets and markers; a cut at the index; a run of 0xFF markers.
    ByteMutation.mutate(
      &bytes, specials: [0x00, 0x01, 0x08, 0xFF, 0x7F, 0x80, 0xD8, 0xD9, 0xE1],
      more: [
        { bytes, index, _ in bytes.removeSubrange(index..<bytes.count) },
        { bytes, index, random in
          let end = min(bytes.count, index + Int.random(in: 1...16, using: &random))
          for position in index..<end { bytes[position] = 0xFF }
        },
      ], using: &random)
  }
}
