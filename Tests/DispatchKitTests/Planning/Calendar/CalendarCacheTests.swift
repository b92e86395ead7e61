import DispatchKit
import Foundation
import Testing

/// The daemon's calendar cache: reread when a file changes, not on every look.
struct CalendarCacheTests {
  func calendar(_ summary: String) -> Data {
    Data(
      """
      BEGIN:VCALENDAR\r
      BEGIN:VEVENT\r
      UID:e@x\r
      SUMMARY:\(summary)\r
      DTSTART:20260708T140000Z\r
      DTEND:20260708T141500Z\r
      END:VEVENT\r
      END:VCALENDAR\r

      """.utf8)
  }

  @Test func `a changed or added file is read again, an unchanged folder is not`() throws {
    let folder = try TemporaryDirectory()
    let utc = try #require(TimeZone(identifier: "UTC"))
    try calendar("Standup").write(to: URL(fileURLWithPath: folder.file("a.ics")))
    let cache = CalendarCache()
    #expect(
      cache.load(path: folder.path, defaultTimeZone: utc).events.map(\.summary) == ["Standup"])
    try calendar("Review").write(to: URL(fileURLWithPath: folder.file("b.ics")))
    #expect(
      cache.load(path: folder.path, defaultTimeZone: utc).events.map(\.summary) == [
        "Standup", "Review",
      ])
    try calendar("Planning, longer").write(to: URL(fileURLWithPath: folder.file("a.ics")))
    #expect(
      cache.load(path: folder.path, defaultTimeZone: utc).events.map(\.summary) == [
        "Planning, longer", "Review",
      ])
  }
}
