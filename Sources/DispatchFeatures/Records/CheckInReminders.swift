import DispatchCore
import DispatchStorage
import Foundation

/// A daily reminder to check in, optionally with a preset to offer
/// (docs/records.md#check-in-presets-and-reminders).
public struct CheckInReminder: Sendable, Equatable {
  /// The wall-clock time in the plan's zone.
  public var time: WallClockTime
  /// The preset the reminder offers, if any.
  public var preset: String?
  /// When it falls due; set only by ``CheckInReminders/due(in:after:through:)``.
  public var dueAt: Instant?

  /// A reminder at `time` every day.
  public init(time: WallClockTime, preset: String? = nil, dueAt: Instant? = nil) {
    self.time = time
    self.preset = preset
    self.dueAt = dueAt
  }
}

/// Check-in reminders, kept as a JSON list in the `checkin.reminders` setting (a reminder need
/// not name a preset, so the presets table cannot hold them all). The daemon asks
/// ``due(in:after:through:)`` each pass which ones to send.
public enum CheckInReminders {
  static let settingKey = "checkin.reminders"

  /// Every reminder, by time.
  public static func list(in store: DispatchStore) throws -> [CheckInReminder] {
    guard let text = try store.settings.setting(settingKey), let data = text.data(using: .utf8),
      let items = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
    else { return [] }
    return items.compactMap { item in
      guard let time = (item["time"] as? String).flatMap(WallClockTime.init(parsing:)) else {
        return nil
      }
      return CheckInReminder(time: time, preset: item["preset"] as? String)
    }.sorted { ($0.time, $0.preset ?? "") < ($1.time, $1.preset ?? "") }
  }

  /// Adds a reminder at `time` (`HH:MM`), refusing an exact duplicate and unknown presets.
  @discardableResult
  public static func add(_ time: String, preset: String?, in store: DispatchStore) throws
    -> CheckInReminder
  {
    guard let clock = WallClockTime(parsing: time), clock != .endOfDay else {
      throw DispatchError(.invalidValue, "'\(time)' is not a time of day; use HH:MM, e.g. 21:00")
    }
    let presetName = try preset.map { try CheckInPresets.find($0, in: store).name }
    let reminder = CheckInReminder(time: clock, preset: presetName)
    var reminders = try list(in: store)
    guard !reminders.contains(reminder) else {
      throw DispatchError(.conflict, "there is already a check-in reminder at \(clock)")
    }
    reminders.append(reminder)
    try replace(reminders, in: store)
    return reminder
  }

  /// Removes the reminders at `time`; a data error when there are none.
  @discardableResult
  public static func remove(_ time: String, in store: DispatchStore) throws -> [CheckInReminder] {
    guard let clock = WallClockTime(parsing: time) else {
      throw DispatchError(.invalidValue, "'\(time)' is not a time of day; use HH:MM, e.g. 21:00")
    }
    let reminders = try list(in: store)
    let removed = reminders.filter { $0.time == clock }
    guard !removed.isEmpty else {
      throw DispatchError(
        .invalidValue, "no check-in reminder at \(clock); 'dispatch checkin remind list' shows them"
      )
    }
    try replace(reminders.filter { $0.time != clock }, in: store)
    return removed
  }

  /// Stores `reminders` as the whole list.
  static func replace(_ reminders: [CheckInReminder], in store: DispatchStore) throws {
    let items: [[String: String]] = reminders.map { reminder in
      var item = ["time": reminder.time.description]
      if let preset = reminder.preset { item["preset"] = preset }
      return item
    }
    let data = try JSONSerialization.data(withJSONObject: items, options: [.sortedKeys])
    try store.settings.setSetting(settingKey, String(decoding: data, as: UTF8.self))
  }

  /// Reminders whose daily time falls in `(after, through]`, in the plan's zone, oldest first,
  /// each with ``CheckInReminder/dueAt`` set. A reminder due on several days of the interval
  /// appears once per day.
  public static func due(in store: DispatchStore, after: Instant, through: Instant) throws
    -> [CheckInReminder]
  {
    due(
      try list(in: store), zone: try ScheduleSettings.load(from: store).zone, after: after,
      through: through)
  }

  /// ``due(in:after:through:)`` for a given list and zone.
  ///
  /// Clock changes follow the planner's rule (docs/schedule.md#clock-changes): a time the clock
  /// skips (02:30 on a spring-forward night) falls due at the same distance after the jump, and a
  /// time the clock repeats falls due once, at its first occurrence.
  public static func due(
    _ reminders: [CheckInReminder], zone: TimeZone, after: Instant, through: Instant
  ) -> [CheckInReminder] {
    guard after < through, !reminders.isEmpty else { return [] }
    let resolver = WallClockResolver(zone: zone)
    // One day before and after catches times whose instant lands on a neighbouring local date
    // (a skipped time resolving forward past midnight).
    let first = LocalDate(after, in: zone).adding(days: -1)
    let last = LocalDate(through, in: zone).adding(days: 1)
    var found: [CheckInReminder] = []
    var day = first
    while day <= last {
      for reminder in reminders {
        guard let instant = resolver.instant(of: reminder.time, on: day),
          instant > after, instant <= through
        else { continue }
        var copy = reminder
        copy.dueAt = instant
        found.append(copy)
      }
      day = day.adding(days: 1)
    }
    return found.sorted { ($0.dueAt ?? after, $0.time) < ($1.dueAt ?? after, $1.time) }
  }
}
