import DispatchKit
import Foundation
import Testing

/// Loading a calendar file or a folder of them from disk.
struct CalendarSourceTests {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("dispatch-ics-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  func write(_ name: String, _ text: String) throws {
    try Data(text.utf8).write(to: folder.appendingPathComponent(name))
  }

  func load(_ path: String) -> (events: [CalendarEvent], notes: [String]) {
    CalendarSource.load(path: path, defaultTimeZone: CalendarFixture.newYork)
  }

  @Test func `a folder reads its visible ics files in name order`() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let event = { (uid: String) in
      CalendarFixture.calendar(CalendarFixture.event("UID:\(uid)\nDTSTART:20260302T140000Z"))
    }
    try write("b.ics", event("b"))
    try write("a.ICS", event("a"))
    try write(".hidden.ics", event("hidden"))
    try write("notes.txt", event("text"))
    try write("broken.ics", "")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("nested.ics"), withIntermediateDirectories: true)
    let result = load(folder.path + "/")
    #expect(result.events.map(\.uid) == ["a", "b"])
    #expect(result.events.map(\.calendarID) == [folder.path + "/a.ICS", folder.path + "/b.ics"])
    #expect(result.notes == ["broken.ics: the file is empty; skipped"])
  }

  @Test func `a single file is read with its path as the calendar ID`() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try write(
      "home.ics",
      CalendarFixture.calendar(
        CalendarFixture.event("UID:h\nDTSTART:20260302T140000Z"), name: "Home"))
    let path = folder.appendingPathComponent("home.ics").path
    let result = load(path)
    #expect(result.events.map(\.calendarID) == [path])
    #expect(result.events.map(\.calendarName) == ["Home"])
    #expect(result.notes.isEmpty)
  }

  @Test func `missing paths and empty folders are notes`() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = folder.appendingPathComponent("nope.ics").path
    #expect(load(missing).events.isEmpty)
    #expect(load(missing).notes == ["cannot read '\(missing)': no such file or folder"])
    #expect(load(folder.path).notes == ["folder '\(folder.path)' has no .ics files"])
  }
}
