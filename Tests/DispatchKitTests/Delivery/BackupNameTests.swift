import DispatchKit
import Foundation
import Testing

/// Backup file names and device slugs (docs/import-export.md#backup-names-and-rotation-rules).
struct BackupNameTests {
  let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
  /// 2026-07-09 14:32 UTC.
  let stamp = Instant(milliseconds: 1_783_607_520_000)

  @Test(arguments: [
    ("iPhone17,1", "ab12cd34", "iPhone17-1-ab12cd34"),
    ("a/b\\c:d e", "x", "a-b-c-d-e-x"),
    ("x86_64", "0f1e2d3c", "x86-64-0f1e2d3c"),
    ("", "ab12cd34", "device-ab12cd34"),
    ("--//--", "ab12cd34", "device-ab12cd34"),
    ("Pixel\u{2122} 9", "ab12cd34", "Pixel-9-ab12cd34"),
  ])
  func slug(model: String, installID: String, expected: String) {
    #expect(BackupName.deviceSlug(model: model, installID: installID) == expected)
  }

  @Test func nilModelBecomesDevice() {
    #expect(BackupName.deviceSlug(model: nil, installID: "ab12cd34") == "device-ab12cd34")
  }

  @Test func fileNameVector() {
    #expect(stamp.iso8601 == "2026-07-09T14:32:00.000Z")
    let name = BackupName(slug: "iPhone17-1-ab12cd34", date: stamp, timeZone: utc)
    #expect(name.fileName == "dispatch-backup-iPhone17-1-ab12cd34-2026-07-09-1432.json")
  }

  @Test func fileNameUsesLocalTimeAndDropsSeconds() throws {
    let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
    let name = BackupName(slug: "x", date: stamp.adding(seconds: 59), timeZone: berlin)
    #expect(name.fileName == "dispatch-backup-x-2026-07-09-1632.json")
    #expect(name.date == stamp)
  }

  @Test func parsesSluggedAndLegacyNames() throws {
    let slugged = try #require(
      BackupName(
        fileName: "dispatch-backup-iPhone17-1-ab12cd34-2026-07-09-1432.json", timeZone: utc))
    #expect(slugged.slug == "iPhone17-1-ab12cd34")
    #expect(slugged.date == stamp)
    let legacy = try #require(
      BackupName(fileName: "dispatch-backup-2026-07-09-1432.json", timeZone: utc))
    #expect(legacy.slug == nil)
    #expect(legacy.date == stamp)
  }

  @Test(arguments: [
    "dispatch-backup-x-2026-02-30-1200.json",  // no such day
    "dispatch-backup-x-2026-07-09-2460.json",  // no such minute
    "dispatch-backup-x-2026-7-09-14320.json",  // digits in the wrong places
    "dispatch-backup-x-2026-07-09-1432.JSON",
    "dispatch-backup-x-2026-07-09-1432.json.tmp",
    ".dispatch-backup-x-2026-07-09-1432.json.1a2b3c4d.tmp",
    "dispatch-backup--2026-07-09-1432.json",  // empty slug
    "dispatch-backup-a--b-2026-07-09-1432.json",  // not a sanitized slug
    "dispatch-backup-a_b-2026-07-09-1432.json",
    "dispatch-backup-x2026-07-09-1432.json",
    "dispatch-backup-x-+026-07-09-1432.json",
    "notes.txt",
    "dispatch-backup-.json",
  ])
  func rejectsNamesThatDoNotReEncode(fileName: String) {
    #expect(BackupName(fileName: fileName, timeZone: utc) == nil)
  }

  @Test func nameOfANonexistentLocalMinuteDoesNotParse() throws {
    // 02:30 on the spring-forward day does not exist in New York; a lenient parse would move
    // it to 03:30 and re-encode differently.
    let newYork = try #require(TimeZone(identifier: "America/New_York"))
    #expect(
      BackupName(fileName: "dispatch-backup-x-2026-03-08-0230.json", timeZone: newYork) == nil)
    #expect(
      BackupName(fileName: "dispatch-backup-x-2026-03-08-0330.json", timeZone: newYork) != nil)
  }

  @Test func roundTripsThroughParsing() throws {
    let name = BackupName(slug: "x86-64-ab12cd34", date: stamp, timeZone: utc)
    let parsed = try #require(BackupName(fileName: name.fileName, timeZone: utc))
    #expect(parsed == name)
  }
}
