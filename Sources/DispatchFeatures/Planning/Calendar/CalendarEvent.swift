import DispatchCore

/// One event read from an iCalendar file (RFC 5545 `VEVENT`), or one occurrence of it.
///
/// A recurring event keeps its rule, exceptions and overrides privately; the planner asks
/// ``CalendarRecurrenceExpander`` for the occurrences inside a time range instead of reading
/// the rule.
public struct CalendarEvent: Sendable, Equatable {
  /// The event's `UID`; events without one get `line N` so notes can still name them.
  public var uid: String
  /// The unescaped `SUMMARY`, or nil when the event has none.
  public var summary: String?
  /// The calendar's `X-WR-CALNAME`, or nil when the file does not name it.
  public var calendarName: String?
  /// The path of the file the event came from, so rules can match by calendar.
  public var calendarID: String
  /// When the event (or this occurrence) starts.
  public var start: Instant
  /// When it ends; never before ``start``.
  public var end: Instant
  /// Whether `DTSTART` is a `DATE` (an all-day event, which never triggers prompts).
  public var isAllDay: Bool
  /// The `STATUS`, or nil when it is absent or not one RFC 5545 defines for events.
  public var status: CalendarEventStatus?
  /// For an override or an expanded occurrence, the start of the occurrence it stands for
  /// (`RECURRENCE-ID`); nil for a plain event.
  public var recurrenceID: Instant?
  /// The rule and exceptions of a recurring master event; nil for single events, overrides and
  /// expanded occurrences.
  var recurrence: ICalRecurrence?

  /// An event that does not recur.
  public init(
    uid: String, summary: String?, calendarName: String?, calendarID: String, start: Instant,
    end: Instant, isAllDay: Bool = false, status: CalendarEventStatus? = nil,
    recurrenceID: Instant? = nil
  ) {
    self.uid = uid
    self.summary = summary
    self.calendarName = calendarName
    self.calendarID = calendarID
    self.start = start
    self.end = end
    self.isAllDay = isAllDay
    self.status = status
    self.recurrenceID = recurrenceID
    self.recurrence = nil
  }

  /// Whether the event carries a recurrence rule that expands into more occurrences.
  public var isRecurring: Bool { recurrence != nil }
}

/// An event's `STATUS` (RFC 5545 §3.8.1.11, the values allowed in a `VEVENT`).
public enum CalendarEventStatus: String, Sendable, Equatable, CaseIterable {
  /// `TENTATIVE`.
  case tentative
  /// `CONFIRMED`.
  case confirmed
  /// `CANCELLED`: the planner drops these.
  case cancelled

  /// Reads a `STATUS` value case-insensitively; nil for anything else.
  init?(icalendarValue value: String) {
    switch value.icalTrimmed().uppercased() {
    case "TENTATIVE": self = .tentative
    case "CONFIRMED": self = .confirmed
    case "CANCELLED", "CANCELED": self = .cancelled
    default: return nil
    }
  }
}

extension String {
  /// The text without leading and trailing spaces and tabs (the only blanks iCalendar allows
  /// around values), without needing Foundation's character sets.
  func icalTrimmed() -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
      let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
    else { return "" }
    return String(scalars[first...last])
  }
}
