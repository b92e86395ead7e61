import Foundation
import XCTest

@testable import DispatchKit

/// Which photos count for a report: the window, the moment each was taken (EXIF with or
/// without an offset, else the file's time), and the folders walked.
final class PhotosSensorTests: XCTestCase {
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

  func testNameAndReach() {
    XCTAssertEqual(sensor.name, "photos")
    XCTAssertEqual(sensor.reach, .local)
  }

  func testCountsPhotosTakenSinceTheLastReport() throws {
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
    XCTAssertEqual(names(context), ["a.jpg", "c.png"])
    XCTAssertEqual(context.photos[0].dateTime, at("2026-03-04T09:00:00Z"))
    XCTAssertEqual(context.photos[1].dateTime, at("2026-03-04T09:30:00Z"))
    XCTAssertEqual(context.photos[1].pixelWidth, 1170)
    XCTAssertEqual(context.photos[1].pixelHeight, 2532)
    XCTAssertEqual(
      context.photos[0].assetURL,
      URL(fileURLWithPath: tree.root + "/home/Pictures/a.jpg")
        .absoluteString)
    XCTAssertTrue(context.photos[0].assetURL?.hasPrefix("file:///") ?? false)
  }

  func testIDsAreStableAcrossReadsAndDistinctAcrossFiles() throws {
    let tree = try FixtureTree()
    let written = at("2026-03-04T09:00:00Z")
    try PhotoFiles.write(tree, "/home/Pictures/a.heic", [1, 2, 3], modified: written)
    try PhotoFiles.write(tree, "/home/Pictures/b.heic", [1, 2, 3], modified: written)
    let first = try sensor.read(tree.environment()).photos.map(\.id)
    let second = try sensor.read(tree.environment()).photos.map(\.id)
    XCTAssertEqual(first, second)
    XCTAssertEqual(Set(first).count, 2)
    XCTAssertEqual(first.first?.count, 36)
  }

  func testWithoutALastReportTheWindowIsTheDayBeforeNow() throws {
    let tree = try FixtureTree()
    try PhotoFiles.write(
      tree, "/home/Pictures/recent.heic", [], modified: at("2026-03-03T11:00:00Z"))
    try PhotoFiles.write(tree, "/home/Pictures/old.heic", [], modified: at("2026-03-03T09:00:00Z"))
    try PhotoFiles.write(
      tree, "/home/Pictures/taken-old.jpg", jpeg("2026:03:03 09:30:00"),
      modified: at("2026-03-04T09:00:00Z"))
    XCTAssertEqual(names(try sensor.read(tree.environment())), ["recent.heic"])
  }

  func testPhotosAfterNowAreLeftOut() throws {
    let tree = try FixtureTree()
    try PhotoFiles.write(
      tree, "/home/Pictures/later.jpg", jpeg("2026:03:04 11:00:00"),
      modified: at("2026-03-04T09:59:00Z"))
    try PhotoFiles.write(
      tree, "/home/Pictures/future.heic", [], modified: at("2026-03-04T10:00:01Z"))
    try PhotoFiles.write(
      tree, "/home/Pictures/exactly-now.jpg", jpeg("2026:03:04 10:00:00"),
      modified: at("2026-03-04T10:00:00Z"))
    XCTAssertEqual(names(try sensor.read(tree.environment())), ["exactly-now.jpg"])
  }

  func testModificationTimeStandsInForHEICAndRAW() throws {
    let tree = try FixtureTree()
    let written = at("2026-03-04T09:15:00Z")
    try PhotoFiles.write(tree, "/home/Pictures/IMG_0001.HEIC", [0, 0, 0, 24], modified: written)
    try PhotoFiles.write(tree, "/home/Pictures/DSC_0002.CR3", [0, 0, 0, 24], modified: written)
    let photos = try sensor.read(tree.environment()).photos
    XCTAssertEqual(photos.map(\.dateTime), [written, written])
    XCTAssertEqual(photos.compactMap(\.pixelWidth), [])
    XCTAssertEqual(names(try sensor.read(tree.environment())), ["DSC_0002.CR3", "IMG_0001.HEIC"])
  }

  func testUppercaseJPEGExtensionIsRead() throws {
    let tree = try FixtureTree()
    try PhotoFiles.write(
      tree, "/home/Pictures/IMG.JPEG", jpeg("2026:03:04 09:20:00"),
      modified: at("2026-03-04T09:50:00Z"))
    let photos = try sensor.read(tree.environment()).photos
    XCTAssertEqual(photos.map(\.dateTime), [at("2026-03-04T09:20:00Z")])
  }

  func testGPSBecomesThePhotosPlace() throws {
    let tree = try FixtureTree()
    var exif = ExifBuilder(bigEndian: true)
    exif.dateTimeOriginal = "2026:03:04 09:00:00"
    exif.latitude = ("S", [(33, 1), (52, 1), (0, 1)])
    exif.longitude = ("W", [(70, 1), (30, 1), (0, 1)])
    try PhotoFiles.write(
      tree, "/home/Pictures/gps.jpg", exif.jpeg(), modified: at("2026-03-04T09:01:00Z"))
    let photo = try XCTUnwrap(try sensor.read(tree.environment()).photos.first)
    XCTAssertEqual(try XCTUnwrap(photo.latitude), -33.866_667, accuracy: 1e-6)
    XCTAssertEqual(try XCTUnwrap(photo.longitude), -70.5, accuracy: 1e-6)
  }

  func testHiddenEntriesAreSkippedAndSubfoldersWalked() throws {
    let tree = try FixtureTree()
    let written = at("2026-03-04T09:00:00Z")
    try PhotoFiles.write(tree, "/home/Pictures/.thumbnails/t.png", [], modified: written)
    try PhotoFiles.write(tree, "/home/Pictures/.hidden.jpg", [], modified: written)
    try PhotoFiles.write(tree, "/home/Pictures/Trip/Day 1/shown.gif", [], modified: written)
    XCTAssertEqual(names(try sensor.read(tree.environment())), ["shown.gif"])
  }

  func testSymlinkedFoldersAreNotFollowed() throws {
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
    XCTAssertEqual(names(try sensor.read(tree.environment())), ["a.webp"])
  }

  func testMissingFoldersMakeTheSensorUnavailable() throws {
    let tree = try FixtureTree()
    XCTAssertThrowsError(try sensor.read(tree.environment())) { error in
      XCTAssertEqual(
        error as? SensorUnavailable,
        SensorUnavailable("no picture folder: ~/Pictures does not exist"))
    }
    var environment = tree.environment()
    environment.photoFolders = ["~/Pictures", "/mnt/camera"]
    XCTAssertThrowsError(try sensor.read(environment)) { error in
      XCTAssertEqual(
        (error as? SensorUnavailable)?.reason,
        "no picture folder: ~/Pictures, /mnt/camera do not exist")
    }
  }

  func testAnExistingFolderWithoutNewPhotosIsAReadingOfZero() throws {
    let tree = try FixtureTree()
    try tree.folder("/home/Pictures")
    try PhotoFiles.write(tree, "/home/Pictures/old.png", [], modified: at("2025-01-01T00:00:00Z"))
    XCTAssertEqual(try sensor.read(tree.environment()).photos, [])
  }

  func testSeveralFoldersAndTildeExpansion() throws {
    let tree = try FixtureTree()
    var environment = tree.environment()
    environment.photoFolders = ["~/Pictures/Phone", tree.root + "/media/Camera/", "~/Missing"]
    try PhotoFiles.write(
      tree, "/home/Pictures/Phone/p.heic", [], modified: at("2026-03-04T08:00:00Z"))
    try PhotoFiles.write(
      tree, "/media/Camera/DCIM/c.dng", [], modified: at("2026-03-04T07:00:00Z"))
    try PhotoFiles.write(
      tree, "/home/Pictures/unlisted.heic", [], modified: at("2026-03-04T07:30:00Z"))
    XCTAssertEqual(names(try sensor.read(environment)), ["c.dng", "p.heic"])
  }

  func testAtMostTwoHundredPhotosTheEarliestFirst() throws {
    let tree = try FixtureTree()
    let start = at("2026-03-04T06:00:00Z")
    for index in 0..<205 {
      try PhotoFiles.write(
        tree, "/home/Pictures/\(index).heic", [], modified: start.adding(seconds: Int64(index)))
    }
    let photos = try sensor.read(tree.environment()).photos
    XCTAssertEqual(photos.count, 200)
    XCTAssertEqual(photos.first?.dateTime, start)
    XCTAssertEqual(photos.last?.dateTime, start.adding(seconds: 199))
  }

  func testMalformedFilesFallBackToTheirModificationTime() throws {
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
    XCTAssertEqual(photos.count, files.count)
    XCTAssertEqual(Set(photos.map(\.dateTime)), [written])
  }

  func testTheWalkStopsAtItsLimits() throws {
    let tree = try FixtureTree()
    let written = at("2026-03-04T09:00:00Z")
    for index in 0..<30 {
      try PhotoFiles.write(tree, "/home/Pictures/\(index).gif", [], modified: written)
    }
    let deep = "/home/Pictures" + String(repeating: "/d", count: 9) + "/deep.gif"
    try PhotoFiles.write(tree, deep, [], modified: written)
    let few = PhotosSensor(limits: PhotoFolderScan.Limits(entries: 10, depth: 8, seconds: 1))
    XCTAssertEqual(try few.read(tree.environment()).photos.count, 10)
    let shallow = PhotosSensor(limits: PhotoFolderScan.Limits(entries: 100, depth: 8, seconds: 1))
    XCTAssertEqual(try shallow.read(tree.environment()).photos.count, 30)
    let deeper = PhotosSensor(limits: PhotoFolderScan.Limits(entries: 100, depth: 9, seconds: 1))
    XCTAssertEqual(try deeper.read(tree.environment()).photos.count, 31)
    let spent = PhotosSensor(limits: PhotoFolderScan.Limits(entries: 100, depth: 9, seconds: 0))
    XCTAssertEqual(try spent.read(tree.environment()).photos, [])
  }
}
