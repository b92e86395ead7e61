import DispatchCore
import Foundation

/// A prompt group's schedule in words, for lists and confirmations.
extension PromptGroup {
  /// The schedule as a person would say it: "every 3 hours", "4 times a day, semiRandom",
  /// "daily at 09:00, 21:00", "when a workout ends", "on arrival at Home", "when a calendar
  /// event ends (titles containing 'standup')".
  ///
  /// Parameters are shown as the planner resolves them (``GroupSchedule``), defaults
  /// included. Groups Dispatch would disable — an unknown kind, calendar rule or direction, a
  /// missing place or beacon (docs/formats/dispatch-v2.md#prompt-groups) — read "disabled: " and
  /// the reason.
  public var scheduleDescription: String {
    switch GroupSchedule(self) {
    case .everyNHours(let hours):
      return hours == 1 ? "every hour" : "every \(hours) hours"
    case .timesPerDay(let count, let distribution):
      let times = count == 1 ? "once a day" : "\(count) times a day"
      return "\(times), \(distribution.rawValue)"
    case .dailyAt(let times):
      guard !times.isEmpty else { return "disabled: no daily times" }
      return "daily at " + times.sorted().map(\.description).joined(separator: ", ")
    case .event(let kind):
      return eventDescription(kind)
    case .disabled(let kind):
      return "disabled: unknown kind '\(kind)'"
    }
  }

  private func eventDescription(_ kind: String) -> String {
    switch kind {
    case "workoutEnd":
      return "when a workout ends"
    case "visitArrival":
      return "on arrival at a place you visit"
    case "calendarEventEnd":
      switch calendarRule {
      case .allEvents: return "when a calendar event ends"
      case .calendars(let ids):
        let names = ids.map { "'\($0)'" }.joined(separator: ", ")
        return "when a calendar event ends (calendars \(names))"
      case .titleContains(let text):
        return "when a calendar event ends (titles containing '\(text)')"
      case nil:
        return "disabled: unknown calendar rule '\(calendarMatchKind ?? "")'"
      }
    case "placeTrigger":
      guard let region = placeRegion else { return "disabled: no place" }
      return monitorDescription(place: region.name.map { $0 } ?? "an unnamed place")
    default:
      guard let beacon, !beacon.uuid.isEmpty else { return "disabled: no beacon" }
      return monitorDescription(place: "beacon '\(beacon.name ?? beacon.uuid)'")
    }
  }

  /// "on arrival at Home", "on departure from Work, after 10 minutes".
  private func monitorDescription(place: String) -> String {
    let event: String
    switch monitorDirection {
    case "arrival": event = "on arrival at \(place)"
    case "departure": event = "on departure from \(place)"
    default: return "disabled: unknown direction '\(monitorDirection ?? "")'"
    }
    guard let delay = monitorDelayMinutes, delay > 0 else { return event }
    return event + ", after \(delay) minute" + (delay == 1 ? "" : "s")
  }
}
