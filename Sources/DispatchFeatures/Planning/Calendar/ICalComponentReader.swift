/// An event's property lines, collected between `BEGIN:VEVENT` and `END:VEVENT`.
struct ICalRawEvent {
  var lineNumber: Int
  /// Which `VCALENDAR` of the file the event sits in, for its calendar name.
  var calendarIndex: Int
  var properties: [ICalContentLine] = []

  /// How notes name the event: by UID, or by line when it has none.
  var label: String {
    if let uid = properties.first(where: { $0.name == "UID" })?.value.icalTrimmed(),
      !uid.isEmpty
    {
      return "event '\(ICalNotes.quote(ICalLines.unescapeText(uid)))'"
    }
    return "event at line \(lineNumber)"
  }
}

/// Tracks `BEGIN`/`END` nesting (RFC 5545 §3.4, §3.6) and collects events and calendar names.
///
/// Nesting is repaired rather than trusted: an `END` closes every component opened after the
/// one it names, and an event that is never closed (a truncated file) is skipped with a note.
struct ICalComponentReader {
  private(set) var events: [ICalRawEvent] = []
  /// `X-WR-CALNAME` per `VCALENDAR`, in file order.
  private(set) var calendarNames: [String?] = []
  private var stack: [String] = []
  private var current: ICalRawEvent?

  mutating func read(_ line: ICalContentLine, notes: inout ICalNotes) {
    switch line.name {
    case "BEGIN":
      let component = line.value.icalTrimmed().uppercased()
      if component == "VCALENDAR", stack.isEmpty {
        calendarNames.append(nil)
      } else if component == "VEVENT", stack == ["VCALENDAR"] {
        current = ICalRawEvent(lineNumber: line.lineNumber, calendarIndex: calendarNames.count - 1)
      }
      stack.append(component)
    case "END":
      end(line.value.icalTrimmed().uppercased(), line: line.lineNumber, notes: &notes)
    default:
      if stack.count == 2, current != nil {
        current?.properties.append(line)
      } else if stack == ["VCALENDAR"], line.name == "X-WR-CALNAME" {
        let name = ICalLines.unescapeText(line.value).icalTrimmed()
        calendarNames[calendarNames.count - 1] = name.isEmpty ? nil : name
      }
    }
  }

  private mutating func end(_ component: String, line: Int, notes: inout ICalNotes) {
    guard let position = stack.lastIndex(of: component) else {
      notes.add("line \(line) has an unexpected 'END:\(ICalNotes.quote(component))'; ignored")
      return
    }
    var noted = false
    if let event = current, position <= 1 {
      if position == 1, component == "VEVENT" {
        events.append(event)
      } else {
        notes.add("\(event.label) is not closed; skipped")
        noted = true
      }
      current = nil
    }
    // Otherwise a lost END would hide everything after it without a word.
    let unclosed = stack[(position + 1)...]
    if !noted, !unclosed.isEmpty {
      let names = unclosed.map { "'\(ICalNotes.quote($0))'" }.joined(separator: ", ")
      notes.add("line \(line) ends \(names) without an END")
    }
    stack.removeSubrange(position...)
  }

  /// Reports what the end of the text left open.
  mutating func finish(notes: inout ICalNotes) {
    if let event = current {
      notes.add("\(event.label) is not closed (the file may be truncated); skipped")
      current = nil
    } else if !stack.isEmpty {
      notes.add("the calendar is not closed (the file may be truncated)")
    }
    stack.removeAll()
  }
}
