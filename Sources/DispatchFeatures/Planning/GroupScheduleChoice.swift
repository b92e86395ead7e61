import DispatchCore
import Foundation

/// A schedule a person can give a prompt group from the command line
/// (docs/schedule.md#prompt-groups).
///
/// ``PromptGroup/setSchedule(_:)`` turns it into the group's raw schedule fields, the same
/// fields a Dispatch v2 file carries (docs/formats/dispatch-v2.md#prompt-groups).
public enum GroupScheduleChoice: Sendable, Equatable {
  /// Every N hours after the window start.
  case everyNHours(Int)
  /// N times a day with a distribution (`random`, `semiRandom`, `regular`, `refractory`).
  case timesPerDay(Int, distribution: String)
  /// At fixed daily times, `HH:MM` texts.
  case dailyAt([String])
  /// When a workout ends.
  case workoutEnd
  /// On arrival at or departure from a named place, after a delay in minutes; a nil name
  /// keeps the group's current place.
  case place(direction: String, name: String?, delayMinutes: Int?)
  /// When a calendar event matching the rule ends.
  case calendarEventEnd(CalendarMatchRule)

  /// The choice a stored group's schedule amounts to; nil for kinds the command line does not
  /// offer (visits, beacons, unknown kinds) and for undecodable parameters.
  public init?(_ group: PromptGroup) {
    switch group.scheduleKind {
    case "everyNHours":
      self = .everyNHours(group.scheduleHours ?? 4)
    case "timesPerDay":
      self = .timesPerDay(
        group.scheduleCount ?? 4, distribution: group.scheduleDistribution ?? "semiRandom")
    case "dailyAt":
      self = .dailyAt(group.scheduledTimes)
    case "workoutEnd":
      self = .workoutEnd
    case "placeTrigger":
      guard let direction = group.monitorDirection else { return nil }
      self = .place(direction: direction, name: nil, delayMinutes: group.monitorDelayMinutes)
    case "calendarEventEnd":
      guard let rule = group.calendarRule else { return nil }
      self = .calendarEventEnd(rule)
    default:
      return nil
    }
  }
}

extension PromptGroup {
  /// The group's calendar rule; nil when `calendarMatchKind` is one this version does not know
  /// (Dispatch then disables the group). An absent kind means every event.
  public var calendarRule: CalendarMatchRule? {
    switch calendarMatchKind {
    case nil, "allEvents": .allEvents
    case "calendars": .calendars(calendarIdentifiers)
    case "titleContains": .titleContains(calendarTitleFilter ?? "")
    default: nil
    }
  }

  /// Replaces the schedule with `choice`, clearing every field the new schedule does not use.
  ///
  /// Times that parse are written as zero-padded `HH:MM`; others are kept so validation can
  /// name them. A place keeps its coordinates when the group already watches a place: on
  /// Linux places are matched by name (`dispatch trigger arrival --place NAME`), so a new
  /// place gets latitude and longitude 0 and Dispatch's minimum radius, 100 m, as placeholders.
  public mutating func setSchedule(_ choice: GroupScheduleChoice) {
    let oldRegion = scheduleKind == "placeTrigger" ? placeRegion : nil
    let cancels = scheduleKind == "placeTrigger" ? monitorCancelsOnContradiction : nil
    self = PromptGroup(
      id: id, name: name, scheduleKind: "", isEnabled: isEnabled, sortOrder: sortOrder,
      questionIDs: questionIDs)
    switch choice {
    case .everyNHours(let hours):
      scheduleKind = "everyNHours"
      scheduleHours = hours
    case .timesPerDay(let count, let distribution):
      scheduleKind = "timesPerDay"
      scheduleCount = count
      scheduleDistribution = distribution
    case .dailyAt(let times):
      scheduleKind = "dailyAt"
      scheduledTimes = times.map { text in
        guard let time = WallClockTime(parsing: text), time < .endOfDay else { return text }
        return time.description
      }
    case .workoutEnd:
      scheduleKind = "workoutEnd"
    case .place(let direction, let name, let delay):
      scheduleKind = "placeTrigger"
      monitorDirection = direction
      monitorDelayMinutes = delay
      monitorCancelsOnContradiction = cancels
      var region = oldRegion ?? PlaceRegion(latitude: 0, longitude: 0, radius: 100)
      if let name { region.name = name }
      placeRegion = region
    case .calendarEventEnd(let rule):
      scheduleKind = "calendarEventEnd"
      switch rule {
      case .allEvents:
        calendarMatchKind = "allEvents"
      case .calendars(let identifiers):
        calendarMatchKind = "calendars"
        calendarIdentifiers = identifiers
      case .titleContains(let text):
        calendarMatchKind = "titleContains"
        calendarTitleFilter = text
      }
    }
  }
}
