import DispatchCore
import Foundation

/// Which calendar events trigger a `calendarEventEnd` prompt group
/// (docs/schedule.md#group-planning).
public enum CalendarMatchRule: Sendable, Equatable {
  /// Every event.
  case allEvents
  /// Events whose ``CalendarEvent/calendarID`` (file path) or ``CalendarEvent/calendarName``
  /// equals one of these; an empty list matches nothing.
  case calendars([String])
  /// Events whose title contains this text, ignoring case and diacritics ("Café" matches
  /// "cafe"); events without a title never match, and neither does empty text.
  case titleContains(String)

  /// Whether the rule selects `event`.
  public func matches(_ event: CalendarEvent) -> Bool {
    switch self {
    case .allEvents:
      return true
    case .calendars(let ids):
      return ids.contains(event.calendarID) || event.calendarName.map(ids.contains) == true
    case .titleContains(let text):
      guard let summary = event.summary, !text.isEmpty else { return false }
      return summary.range(of: text, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }
  }
}

/// Plans `calendarEventEnd` prompts: the instants at which matching events end
/// (docs/schedule.md#group-planning).
public enum CalendarEventEndPlanner {
  /// The end instants to schedule prompts at, ascending, at most one per minute.
  ///
  /// Recurring events are expanded within the window. All-day and cancelled events (or
  /// occurrences) are left out, as are events that do not match `rule`. An end is kept when it
  /// is after `now` and inside `[window.lowerBound, window.upperBound)`. Ends in the same
  /// minute (milliseconds floor-divided by 60,000) collapse to the earliest, since two prompts
  /// a few seconds apart would be one prompt to a person.
  public static func ends(
    of events: [CalendarEvent], rule: CalendarMatchRule, window: Range<Instant>,
    after now: Instant
  ) -> [Instant] {
    var ends: [Instant] = []
    // The rule is checked per occurrence: an override may carry its own title. A cancelled
    // master cancels the whole series, overrides included.
    for event in events where event.status != .cancelled {
      for occurrence in CalendarRecurrenceExpander.occurrences(of: event, in: window)
      where occurrence.status != .cancelled && !occurrence.isAllDay && rule.matches(occurrence) {
        let end = occurrence.end
        if end > now && window.contains(end) { ends.append(end) }
      }
    }
    var seenMinutes: Set<Int64> = []
    return ends.sorted().filter {
      seenMinutes.insert($0.milliseconds.floorDivided(by: 60_000).quotient).inserted
    }
  }
}
