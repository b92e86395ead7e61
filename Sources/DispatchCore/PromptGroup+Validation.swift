import Foundation

/// Checking a prompt group's definition before it is stored (docs/schedule.md#prompt-groups).
extension PromptGroup {
  /// The schedule kinds Dispatch defines (docs/formats/dispatch-v2.md#prompt-group-schedule-kinds),
  /// in the order it lists them.
  public static let knownScheduleKinds = [
    "everyNHours", "timesPerDay", "dailyAt", "workoutEnd", "visitArrival", "calendarEventEnd",
    "placeTrigger", "beaconTrigger",
  ]

  /// The longest delay after an arrival or departure, in minutes: a day.
  public static let maximumDelayMinutes = 1440

  /// Checks the definition; returns every problem found, empty when valid.
  ///
  /// Missing parameters are allowed where Dispatch has a default (every 4 hours, 4 times a day,
  /// semiRandom), so a group imported from a v2 file passes as it is. A kind this version does
  /// not know is not a problem: it is kept as it is and plans nothing
  /// (docs/formats/dispatch-v2.md#prompt-groups), so such a group can still be renamed or given
  /// other questions.
  public func validationProblems() -> [String] {
    var problems: [String] = []
    if name.trimmingCharacters(in: .whitespaces).isEmpty {
      problems.append("the name is empty")
    }
    if questionIDs.isEmpty {
      problems.append("the group has no questions")
    }
    var seen = Set<String>()
    for id in questionIDs where !seen.insert(id).inserted {
      problems.append("question '\(id)' is in the group twice")
    }
    return problems + scheduleProblems()
  }

  private func scheduleProblems() -> [String] {
    switch scheduleKind {
    case "everyNHours":
      guard let hours = scheduleHours, !(1...24).contains(hours) else { return [] }
      return ["every \(hours) hours is out of range: use 1 to 24 hours"]
    case "timesPerDay":
      var problems: [String] = []
      if let count = scheduleCount, !(1...12).contains(count) {
        problems.append("\(count) times a day is out of range: use 1 to 12")
      }
      if let name = scheduleDistribution, PromptDistribution(rawValue: name) == nil {
        problems.append("'\(name)' is not a distribution: use \(Self.distributionNames)")
      }
      return problems
    case "dailyAt":
      return timeProblems()
    case "placeTrigger":
      var problems = directionProblems()
      if placeRegion == nil { problems.append("a place trigger needs a place") }
      return problems
    case "beaconTrigger":
      var problems = directionProblems()
      if (beacon?.uuid ?? "").isEmpty { problems.append("a beacon trigger needs a beacon UUID") }
      return problems
    case "calendarEventEnd":
      return calendarProblems()
    default:
      return []
    }
  }

  static let distributionNames = PromptDistribution.allCases.map(\.rawValue).joined(
    separator: ", ")

  /// Dispatch parses scheduled times strictly as 00:00–23:59
  /// (docs/formats/dispatch-v2.md#prompt-groups).
  private func timeProblems() -> [String] {
    if scheduledTimes.isEmpty { return ["a daily group needs at least one time"] }
    var problems: [String] = []
    var seen = Set<Int>()
    for text in scheduledTimes {
      guard let time = WallClockTime(parsing: text), time < .endOfDay else {
        problems.append("'\(text)' is not a time of day: use HH:MM from 00:00 to 23:59")
        continue
      }
      if !seen.insert(time.minutes).inserted { problems.append("\(time) is listed twice") }
    }
    return problems
  }

  private func directionProblems() -> [String] {
    var problems: [String] = []
    if !["arrival", "departure"].contains(monitorDirection ?? "") {
      problems.append(
        "'\(monitorDirection ?? "")' is not a direction: use arrival or departure")
    }
    if let delay = monitorDelayMinutes, !(0...Self.maximumDelayMinutes).contains(delay) {
      problems.append(
        "a delay of \(delay) minutes is out of range: use 0 to \(Self.maximumDelayMinutes)")
    }
    return problems
  }

  private func calendarProblems() -> [String] {
    switch calendarMatchKind {
    case nil, "allEvents":
      return []
    case "calendars":
      return calendarIdentifiers.isEmpty ? ["a calendars rule needs at least one calendar"] : []
    case "titleContains":
      return (calendarTitleFilter ?? "").isEmpty ? ["a title rule needs text to look for"] : []
    case let other?:
      return [
        "'\(other)' is not a calendar rule: use allEvents, calendars or titleContains"
      ]
    }
  }
}
