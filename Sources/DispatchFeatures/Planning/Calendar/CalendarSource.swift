import Foundation

/// Where calendar events come from: one `.ics` file, or a folder of them (an export folder or
/// a vdirsyncer collection).
public enum CalendarSource {
  /// Reads the events of a file, or of every `*.ics` file directly in a folder.
  ///
  /// Folders are read non-recursively in name order, skipping hidden files, so the result does
  /// not depend on the file system's listing order. Nothing throws: a missing or unreadable
  /// path, or a folder with no calendars, is a note.
  ///
  /// - Parameters:
  ///   - path: A file or folder path; each event's ``CalendarEvent/calendarID`` is the path of
  ///     the file it came from.
  ///   - defaultTimeZone: The zone for floating times, dates and unknown `TZID`s.
  public static func load(path: String, defaultTimeZone: TimeZone)
    -> (events: [CalendarEvent], notes: [String])
  {
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
      return ([], ["cannot read '\(path)': no such file or folder"])
    }
    guard isDirectory.boolValue else {
      return loadFile(path, defaultTimeZone: defaultTimeZone)
    }
    let names: [String]
    do {
      names = try manager.contentsOfDirectory(atPath: path)
    } catch {
      return ([], ["cannot read folder '\(path)': \(error.localizedDescription)"])
    }
    let calendars = names.filter { !$0.hasPrefix(".") && $0.lowercased().hasSuffix(".ics") }
      .sorted()
    guard !calendars.isEmpty else {
      return ([], ["folder '\(path)' has no .ics files"])
    }
    let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
    var events: [CalendarEvent] = []
    var notes: [String] = []
    for name in calendars {
      let file = folder + "/" + name
      var isFolder: ObjCBool = false
      // A folder named like a calendar is not one; vdirsyncer never makes these.
      guard manager.fileExists(atPath: file, isDirectory: &isFolder), !isFolder.boolValue else {
        continue
      }
      let loaded = loadFile(file, defaultTimeZone: defaultTimeZone)
      events += loaded.events
      notes += loaded.notes
    }
    return (events, notes)
  }

  private static func loadFile(_ path: String, defaultTimeZone: TimeZone)
    -> (events: [CalendarEvent], notes: [String])
  {
    guard let data = FileManager.default.contents(atPath: path) else {
      return ([], ["cannot read '\(path)': the file is not readable"])
    }
    return ICalendarParser.parse(data, calendarID: path, defaultTimeZone: defaultTimeZone)
  }
}
