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

/// EXIF wall times name different moments by zone: an offset beside them is exact, and
/// without one they are read in the user's zone.
struct PhotosSensorTimeZoneTests {
  private let sensor = PhotosSensor()

  private func at(_ text: String) -> Instant { PhotoFiles.instant(text) }

  /// A tree with one JPEG of `wallTime` (and `offset`), written at `written`.
  private func tree(_ wallTime: String, offset: String?, written: Instant) throws -> FixtureTree {
    let tree = try FixtureTree()
    var exif = ExifBuilder()
    exif.dateTimeOriginal = wallTime
    exif.offsetTimeOriginal = offset
    try PhotoFiles.write(tree, "/home/Pictures/photo.jpg", exif.jpeg(), modified: written)
    return tree
  }

  private func environment(
    _ tree: FixtureTree, now: String, lastReport: String, zone: String = "UTC"
  ) throws -> SensorEnvironment {
    var environment = tree.environment()
    environment.now = at(now)
    environment.lastReport = at(lastReport)
    environment.timeZone = try #require(TimeZone(identifier: zone))
    return environment
  }

  @Test func anOffsetMakesTheMomentExact() throws {
    // 09:30 at -05:00 is 14:30Z, after a 14:00Z report, though 09:30 read in UTC is not.
    let fixture = try tree(
      "2026:03:04 09:30:00", offset: "-05:00", written: at("2026-03-04T14:40:00Z"))
    let environment = try environment(
      fixture, now: "2026-03-04T16:00:00Z", lastReport: "2026-03-04T14:00:00Z")
    let photos = try sensor.read(environment).photos
    #expect(photos.map(\.dateTime) == [at("2026-03-04T14:30:00Z")])
  }

  @Test func withoutAnOffsetTheWallTimeIsReadInTheUsersZone() throws {
    let fixture = try tree(
      "2026:03:04 09:30:00", offset: nil, written: at("2026-03-04T14:40:00Z"))
    let newYork = try environment(
      fixture, now: "2026-03-04T16:00:00Z", lastReport: "2026-03-04T14:00:00Z",
      zone: "America/New_York")
    #expect(try sensor.read(newYork).photos.map(\.dateTime) == [at("2026-03-04T14:30:00Z")])
    let utc = try environment(
      fixture, now: "2026-03-04T16:00:00Z", lastReport: "2026-03-04T14:00:00Z")
    #expect(try sensor.read(utc).photos == [])
  }

  @Test func anOffsetAheadOfUTCCrossesTheDateLine() throws {
    // 08:00 on the 4th in Tokyo is 23:00Z on the 3rd.
    let fixture = try tree(
      "2026:03:04 08:00:00", offset: "+09:00", written: at("2026-03-04T09:00:00Z"))
    var exif = ExifBuilder()
    exif.dateTimeOriginal = "2026:03:04 06:00:00"
    exif.offsetTimeOriginal = "+09:00"
    try PhotoFiles.write(
      fixture, "/home/Pictures/earlier.jpg", exif.jpeg(), modified: at("2026-03-04T09:00:00Z"))
    let environment = try environment(
      fixture, now: "2026-03-04T10:00:00Z", lastReport: "2026-03-03T22:00:00Z")
    let photos = try sensor.read(environment).photos
    #expect(photos.map(\.dateTime) == [at("2026-03-03T23:00:00Z")])
    #expect(photos.first?.assetURL?.hasSuffix("/photo.jpg") == true)
  }

  @Test func anOffsetWinsOverTheUsersZone() throws {
    let fixture = try tree(
      "2026:03:04 09:30:00", offset: "+05:30", written: at("2026-03-04T09:00:00Z"))
    let environment = try environment(
      fixture, now: "2026-03-04T10:00:00Z", lastReport: "2026-03-04T00:00:00Z",
      zone: "America/New_York")
    #expect(
      try sensor.read(environment).photos.map(\.dateTime) == [at("2026-03-04T04:00:00Z")])
  }
}
