import Foundation

/// Reads iCalendar files (RFC 5545) into events, leniently.
///
/// A calendar is user data from many exporters, so nothing in it throws: a bad event is
/// skipped, a bad property falls back to a default, and each such decision becomes a one-line
/// note naming the file and the event (`work.ics: event 'abc@x' has no DTSTART; skipped`).
/// Only `VEVENT`s directly inside a `VCALENDAR` are read; `VTODO`, `VALARM`, `VTIMEZONE` and
/// unknown components are skipped with their contents.
public enum ICalendarParser {
  /// Parses one file's bytes.
  ///
  /// - Parameters:
  ///   - data: The file's contents: UTF-8 text with CRLF or LF line ends.
  ///   - calendarID: The file's path; it becomes every event's ``CalendarEvent/calendarID`` and
  ///     its last component prefixes every note.
  ///   - defaultTimeZone: The zone for floating times, `DATE` values and unknown `TZID`s.
  /// - Returns: The events in file order with overrides attached to their recurring masters
  ///   (overrides without a master come last), and the notes. Text that is empty, not iCalendar or not UTF-8 gives no events and one note.
  public static func parse(_ data: Data, calendarID: String, defaultTimeZone: TimeZone)
    -> (events: [CalendarEvent], notes: [String])
  {
    var notes = ICalNotes(fileName: fileName(of: calendarID))
    var bytes = [UInt8](data)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    let lines = ICalLines.unfold(bytes)
    let blank: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")]
    guard let first = lines.first(where: { !$0.bytes.allSatisfy(blank.contains) }) else {
      notes.add("the file is empty; skipped")
      return ([], notes.all)
    }
    let header = String(decoding: first.bytes, as: UTF8.self).icalTrimmed().uppercased()
    guard header == "BEGIN:VCALENDAR" else {
      notes.add("not an iCalendar file (it does not start with 'BEGIN:VCALENDAR'); skipped")
      return ([], notes.all)
    }
    var texts: [(text: String, lineNumber: Int)] = []
    for line in lines {
      guard let text = String(validating: line.bytes, as: UTF8.self) else {
        notes.add("line \(line.lineNumber) is not valid UTF-8 text; file skipped")
        return ([], notes.all)
      }
      texts.append((text, line.lineNumber))
    }
    var reader = ICalComponentReader()
    for (text, lineNumber) in texts where !text.icalTrimmed().isEmpty {
      guard let line = ICalContentLine(parsing: text, lineNumber: lineNumber) else {
        notes.add("line \(lineNumber) is not an iCalendar content line; ignored")
        continue
      }
      reader.read(line, notes: &notes)
    }
    reader.finish(notes: &notes)
    var builder = ICalEventBuilder(
      calendarID: calendarID, zones: ICalZones(defaultZone: defaultTimeZone), notes: notes)
    let built = reader.events.compactMap { raw in
      builder.build(raw, calendarName: reader.calendarNames[raw.calendarIndex])
    }
    return (attachOverrides(built), builder.notes.all)
  }

  /// Parses text already in memory, e.g. a test fixture.
  public static func parse(_ text: String, calendarID: String, defaultTimeZone: TimeZone)
    -> (events: [CalendarEvent], notes: [String])
  {
    parse(Data(text.utf8), calendarID: calendarID, defaultTimeZone: defaultTimeZone)
  }

  /// Moves each `RECURRENCE-ID` event into its master (same UID) so expansion can replace the
  /// occurrence. A single master whose start it names is replaced outright; an override with no
  /// master stays a plain event.
  static func attachOverrides(_ events: [CalendarEvent]) -> [CalendarEvent] {
    var result: [CalendarEvent] = []
    var masters: [String: Int] = [:]
    for event in events where event.recurrenceID == nil {
      if masters[event.uid] == nil { masters[event.uid] = result.count }
      result.append(event)
    }
    for var override in events {
      guard let recurrenceID = override.recurrenceID else { continue }
      guard let index = masters[override.uid] else {
        result.append(override)
        continue
      }
      if override.summary == nil { override.summary = result[index].summary }
      if result[index].recurrence != nil {
        result[index].recurrence?.overrides.append(override)
      } else if result[index].start == recurrenceID {
        result[index] = override
      } else {
        result.append(override)
      }
    }
    return result
  }

  /// The last path component, which is what a person recognises in a note.
  static func fileName(of path: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? ""
    return name.isEmpty ? "calendar" : name
  }
}

/// Notes for one file, each prefixed with its name. After ``limit`` notes the rest are only
/// counted, so a damaged file cannot flood the output.
struct ICalNotes {
  static let limit = 50
  let fileName: String
  private var lines: [String] = []
  private var suppressed = 0

  init(fileName: String) {
    self.fileName = fileName
  }

  mutating func add(_ message: String) {
    if lines.count < Self.limit {
      lines.append("\(fileName): \(message)")
    } else {
      suppressed += 1
    }
  }

  var all: [String] {
    suppressed == 0 ? lines : lines + ["\(fileName): \(suppressed) more notes not shown"]
  }

  /// A user value fit for a one-line note: control characters replaced, at most 40 characters.
  static func quote(_ value: String) -> String {
    let clean = String(
      String.UnicodeScalarView(
        value.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
    return clean.count > 40 ? String(clean.prefix(40)) + "…" : clean
  }
}
