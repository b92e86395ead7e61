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

/// Which photos count for a report: the window, the moment each was taken (EXIF with or
/// without an offset, else the file's time), and the folders walked.
struct PhotosSensorTests {
  private let sensor = PhotosSensor()

  private func at(_ text: String) -> Instant { PhotoFiles.instant(text) }

  private func jpeg(_ wallTime: String, offset: String? = nil) -> [UInt8] {
    var exif = ExifBuilder()
    exif.dateTimeOriginal = wallTime
    exif.offsetTimeOriginal = offset
    return exif.jpeg()
  }

  private func names(_ context: SensorContext) -> [String] {
    context.photos.compactMap { $0.assetURL.map { ($0 as NSString).lastPathComponent } }
  }

  @Test func nameAndReach() {
    #expect(sensor.name == "photos")
    #expect(sensor.reach == .local)
  }

  @Test func countsPhotosTakenSinceTheLastReport() throws {
    let tree = try FixtureTree()
    var environment = tree.environment()
    environment.lastReport = at("2026-03-04T08:00:00Z")
    let written = at("2026-03-04T09:45:00Z")
    try PhotoFiles.write(
      tree, "/home/Pictures/a.jpg", jpeg("2026:03:04 09:00:00"), modified: written)
    // Taken before the last report, copied off the camera after it.
    try PhotoFiles.write(
      tree, "/home/Pictures/b.jpg", jpeg("2026:03:04 07:00:00"), modified: written)
    try PhotoFiles.write(
      tree, "/home/Pictures/c.png", PhotoFiles.png(width: 1170, height: 2532),
      modified: at("2026-03-04T09:30:00Z"))
    // Written before the last report: not even opened.
    try PhotoFiles.write(
      tree, "/home/Pictures/d.jpg", jpeg("2026:03:04 09:10:00"),
      modified: at("2026-03-04T07:59:00Z"))
    try PhotoFiles.write(tree, "/home/Pictures/notes.txt", [], modified: written)

    let context = try sensor.read(environment)
    #expect(names(context) == ["a.jpg", "c.png"])
    #expect(context.photos[0].dateTime == at("2026-03-04T09:00:00Z"))
    #expect(context.photos[1].dateTime == at("2026-03-04T09:30:00Z"))
    #expect(context.photos[1].pixelWidth == 1170)
    #expect(context.photos[1].pixelHeight == 2532)
    #expect(
      context.photos[0].assetURL
        == URL(fileURLWithPath: tree.root + "/home/Pictures/a.jpg").absoluteString)
    #expect(context.photos[0].assetURL?.hasPrefix("file:///") == true)
  }

  @Test func idsAreStableAcrossReadsAndDistinctAcrossFiles() throws {
    let tree = try FixtureTree()
    let written = at("2026-03-04T09:00:00Z")
    try PhotoFiles.write(tree, "/home/Pictures/a.heic", [1, 2, 3], modified: written)
    try PhotoFiles.write(tree, "/home/Pictures/b.heic", [1, 2, 3], modified: written)
    let first = try sensor.read(tree.environment()).photos.map(\.id)
    let second = try sensor.read(tree.environment()).photos.map(\.id)
    #expect(first == second)
    #expect(Set(first).count == 2)
    #expect(first.first?.count == 36)
  }

  @Test func withoutALastReportTheWindowIsTheDayBeforeNow() throws {
    let tree = try FixtureTree()
    try PhotoFiles.write(
      tree, "/home/Pictures/recent.heic", [], modified: at("2026-03-03T11:00:00Z"))
    try PhotoFiles.write(tree, "/home/Pictures/old.heic", [], modified: at("2026-03-03T09:00:00Z"))
    try PhotoFiles.write(
      tree, "/home/Pictures/taken-old.jpg", jpeg("2026:03:03 09:30:00"),
      modified: at("2026-03-04T09:00:00Z"))
    #expect(try names(sensor.read(tree.environment())) == ["recent.heic"])
  }

  @Test func photosAfterNowAreLeftOut() throws {
    let tree = try FixtureTree()
    try PhotoFiles.write(
      tree, "/home/Pictures/later.jpg", jpeg("2026:03:04 11:00:00"),
      modified: at("2026-03-04T09:59:00Z"))
    try PhotoFiles.write(
      tree, "/home/Pictures/future.heic", [], modified: at("2026-03-04T10:00:01Z"))
    try PhotoFiles.write(
      tree, "/home/Pictures/exactly-now.jpg", jpeg("2026:03:04 10:00:00"),
      modified: at("2026-03-04T10:00:00Z"))
    #expect(try names(sensor.read(tree.environment())) == ["exactly-now.jpg"])
  }

  @Test func modificationTimeStandsInForHEICAndRAW() throws {
    let tree = try FixtureTree()
    let written = at("2026-03-04T09:15:00Z")
    try PhotoFiles.write(tree, "/home/Pictures/IMG_0001.HEIC", [0, 0, 0, 24], modified: written)
    try PhotoFiles.write(tree, "/home/Pictures/DSC_0002.CR3", [0, 0, 0, 24], modified: written)
    let photos = try sensor.read(tree.environment()).photos
    #expect(photos.map(\.dateTime) == [written, written])
    #expect(photos.compactMap(\.pixelWidth) == [])
    #expect(try names(sensor.read(tree.environment())) == ["DSC_0002.CR3", "IMG_0001.HEIC"])
  }

  @Test func uppercaseJPEGExtensionIsRead() throws {
    let tree = try FixtureTree()
    try PhotoFiles.write(
      tree, "/home/Pictures/IMG.JPEG", jpeg("2026:03:04 09:20:00"),
      modified: at("2026-03-04T09:50:00Z"))
    let photos = try sensor.read(tree.environment()).photos
    #expect(photos.map(\.dateTime) == [at("2026-03-04T09:20:00Z")])
  }

  @Test func gpsBecomesThePhotosPlace() throws {
    let tree = try FixtureTree()
    var exif = ExifBuilder(bigEndian: true)
    exif.dateTimeOriginal = "2026:03:04 09:00:00"
    exif.latitude = ("S", [(33, 1), (52, 1), (0, 1)])
    exif.longitude = ("W", [(70, 1), (30, 1), (0, 1)])
    try PhotoFiles.write(
      tree, "/home/Pictures/gps.jpg", exif.jpeg(), modified: at("2026-03-04T09:01:00Z"))
    let photo = try #require(sensor.read(tree.environment()).photos.first)
    let latitude = try #require(photo.latitude)
    let longitude = try #require(photo.longitude)
    #expect(abs(latitude - (-33.866_667)) <= 1e-6)
    #expect(abs(longitude - (-70.5)) <= 1e-6)
  }

  @Test func hiddenEntriesAreSkippedAndSubfoldersWalked() throws {
    let tree = try FixtureTree()
    let written = at("2026-03-04T09:00:00Z")
    try PhotoFiles.write(tree, "/home/Pictures/.thumbnails/t.png", [], modified: written)
    try PhotoFiles.write(tree, "/home/Pictures/.hidden.jpg", [], modified: written)
    try PhotoFiles.write(tree, "/home/Pictures/Trip/Day 1/shown.gif", [], modified: written)
    #expect(try names(sensor.read(tree.environment())) == ["shown.gif"])
  }

  @Test func symlinkedFoldersAreNotFollowed() throws {
    let tree = try FixtureTree()
    try PhotoFiles.write(
      tree, "/home/Pictures/Trip/a.webp", [], modified: at("2026-03-04T09:00:00Z"))
    try PhotoFiles.write(
      tree, "/elsewhere/b.webp", [], modified: at("2026-03-04T09:00:00Z"))
    let manager = FileManager.default
    try manager.createSymbolicLink(
      atPath: tree.root + "/home/Pictures/Trip/loop", withDestinationPath: tree.root + "/home")
    try manager.createSymbolicLink(
      atPath: tree.root + "/home/Pictures/self", withDestinationPath: ".")
    try manager.createSymbolicLink(
      atPath: tree.root + "/home/Pictures/outside", withDestinationPath: tree.root + "/elsewhere")
    #expect(try names(sensor.read(tree.environment())) == ["a.webp"])
  }

  @Test func missingFoldersMakeTheSensorUnavailable() throws {
    let tree = try FixtureTree()
    #expect(throws: SensorUnavailable("no picture folder: ~/Pictures does not exist")) {
      try sensor.read(tree.environment())
    }
    var environment = tree.environment()
    environment.photoFolders = ["~/Pictures", "/mnt/camera"]
    let error = #expect(throws: SensorUnavailable.self) { try sensor.read(environment) }
    #expect(error?.reason == "no picture folder: ~/Pictures, /mnt/camera do not exist")
  }

  @Test func anExistingFolderWithoutNewPhotosIsAReadingOfZero() throws {
    let tree = try FixtureTree()
    try tree.folder("/home/Pictures")
    try PhotoFiles.write(tree, "/home/Pictures/old.png", [], modified: at("2025-01-01T00:00:00Z"))
    #expect(try sensor.read(tree.environment()).photos == [])
  }

  @Test func severalFoldersAndTildeExpansion() throws {
    let tree = try FixtureTree()
    var environment = tree.environment()
    environment.photoFolders = ["~/Pictures/Phone", tree.root + "/media/Camera/", "~/Missing"]
    try PhotoFiles.write(
      tree, "/home/Pictures/Phone/p.heic", [], modified: at("2026-03-04T08:00:00Z"))
    try PhotoFiles.write(
      tree, "/media/Camera/DCIM/c.dng", [], modified: at("2026-03-04T07:00:00Z"))
    try PhotoFiles.write(
      tree, "/home/Pictures/unlisted.heic", [], modified: at("2026-03-04T07:30:00Z"))
    #expect(try names(sensor.read(environment)) == ["c.dng", "p.heic"])
  }

  @Test func atMostTwoHundredPhotosTheEarliestFirst() throws {
    let tree = try FixtureTree()
    let start = at("2026-03-04T06:00:00Z")
    for index in 0..<205 {
      try PhotoFiles.write(
        tree, "/home/Pictures/\(index).heic", [], modified: start.adding(seconds: Int64(index)))
    }
    let photos = try sensor.read(tree.environment()).photos
    #expect(photos.count == 200)
    #expect(photos.first?.dateTime == start)
    #expect(photos.last?.dateTime == start.adding(seconds: 199))
  }

  @Test func malformedFilesFallBackToTheirModificationTime() throws {
    let tree = try FixtureTree()
    let written = at("2026-03-04T09:40:00Z")
    var random = SplitMix64(seed: 0xBAD)
    var selfPointing = ExifBuilder()
    selfPointing.exifPointer = 8
    selfPointing.dateTimeOriginal = "2026:03:04 09:00:00"
    var pastTheEnd = ExifBuilder(bigEndian: true)
    pastTheEnd.extraExif = [TIFFField(tag: 0x9003, type: 2, count: 20, pointer: 0xFFFF_0000)]
    let files: [String: [UInt8]] = [
      "truncated.jpg": Array(jpeg("2026:03:04 09:00:00").prefix(40)),
      "self.jpg": selfPointing.jpeg(),
      "past.jpg": pastTheEnd.jpeg(),
      "random.jpg": (0..<4_096).map { _ in UInt8.random(in: 0...255, using: &random) },
      "random.tif": Array("II*\0".utf8)
        + (0..<512).map { _ in UInt8.random(in: 0...255, using: &random) },
      "empty.png": [],
    ]
    for (name, bytes) in files {
      try PhotoFiles.write(tree, "/home/Pictures/\(name)", bytes, modified: written)
    }
    let photos = try sensor.read(tree.environment()).photos
    #expect(photos.count == files.count)
    #expect(Set(photos.map(\.dateTime)) == [written])
  }

  @Test func theWalkStopsAtItsLimits() throws {
    let tree = try FixtureTree()
    let written = at("2026-03-04T09:00:00Z")
    for index in 0..<30 {
      try PhotoFiles.write(tree, "/home/Pictures/\(index).gif", [], modified: written)
    }
    let deep = "/home/Pictures" + String(repeating: "/d", count: 9) + "/deep.gif"
    try PhotoFiles.write(tree, deep, [], modified: written)
    let few = PhotosSensor(limits: PhotoFolderScan.Limits(entries: 10, depth: 8, seconds: 1))
    #expect(try few.read(tree.environment()).photos.count == 10)
    let shallow = PhotosSensor(limits: PhotoFolderScan.Limits(entries: 100, depth: 8, seconds: 1))
    #expect(try shallow.read(tree.environment()).photos.count == 30)
    let deeper = PhotosSensor(limits: PhotoFolderScan.Limits(entries: 100, depth: 9, seconds: 1))
    #expect(try deeper.read(tree.environment()).photos.count == 31)
    let spent = PhotosSensor(limits: PhotoFolderScan.Limits(entries: 100, depth: 9, seconds: 0))
    #expect(try spent.read(tree.environment()).photos == [])
  }
}
