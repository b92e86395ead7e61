import DispatchCore

/// A prompt group's schedule as the planner reads it (docs/schedule.md#group-planning).
///
/// Groups keep their schedule fields raw so newer kinds survive a round trip; here they are
/// resolved, with Dispatch's fallbacks for missing parameters.
public enum GroupSchedule: Sendable, Equatable {
  /// Every N hours after the window start, strictly inside the window.
  case everyNHours(Int)
  /// N times per day with a distribution, seeded per group.
  case timesPerDay(Int, PromptDistribution)
  /// At fixed daily times.
  case dailyAt([WallClockTime])
  /// Fired by an event (workout end, arrival, departure, calendar event end), never by a timer.
  case event(String)
  /// A kind this version does not know; nothing is planned and the raw value is kept.
  case disabled(String)

  public static let eventKinds: Set<String> = [
    "workoutEnd", "visitArrival", "calendarEventEnd", "placeTrigger", "beaconTrigger",
  ]

  public init(_ group: PromptGroup) {
    switch group.scheduleKind {
    case "everyNHours":
      self = .everyNHours(max(1, group.scheduleHours ?? 4))
    case "timesPerDay":
      let distribution = group.scheduleDistribution.flatMap(PromptDistribution.init(rawValue:))
      self = .timesPerDay(
        min(max(1, group.scheduleCount ?? 4), 12), distribution ?? .semiRandom)
    case "dailyAt":
      self = .dailyAt(group.scheduledTimes.compactMap(WallClockTime.init(parsing:)))
    case let kind where Self.eventKinds.contains(kind):
      self = .event(kind)
    default:
      self = .disabled(group.scheduleKind)
    }
  }

  /// The settings that shape a day of this schedule, for private mode's seed.
  var shape: String {
    switch self {
    case .everyNHours(let hours): "every:\(hours)"
    case .timesPerDay(let count, let distribution): "times:\(count):\(distribution.rawValue)"
    case .dailyAt(let times): "at:" + times.map(\.description).joined(separator: ",")
    case .event(let kind): "event:\(kind)"
    case .disabled(let kind): "disabled:\(kind)"
    }
  }
}

/// FNV-1a 64 over UTF-8 bytes: Dispatch's group seed offset (docs/schedule.md#group-planning).
enum FNV1a64 {
  static func hash(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return hash
  }
}
