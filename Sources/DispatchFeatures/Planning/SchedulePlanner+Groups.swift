import DispatchCore
import Foundation

extension SchedulePlanner {
  /// One day of a group's timer schedule, inside the same awake window as the main schedule
  /// (docs/schedule.md#group-planning). Event-triggered and unknown kinds plan nothing here.
  func groupPrompts(_ group: PromptGroup, on day: LocalDate) -> [PlannedPrompt] {
    let schedule = GroupSchedule(group)
    if case .event("calendarEventEnd") = schedule { return calendarPrompts(group, on: day) }
    let dates: [Instant]
    switch settings.seeding {
    case .compatible: dates = compatibleGroupDates(schedule, group: group, on: day)
    case .private: dates = privateGroupDates(schedule, group: group, on: day)
    }
    return dates.map { date in
      PlannedPrompt(
        date: date, source: .group, promptGroupID: group.id,
        identifier: "gprompt-\(group.id)-" + stamp(date), day: day)
    }
  }

  private func compatibleGroupDates(
    _ schedule: GroupSchedule, group: PromptGroup, on day: LocalDate
  )
    -> [Instant]
  {
    let planner = CompatibleDayPlanner(zone: zone)
    guard let window = planner.window(settings.window, on: day) else { return [] }
    switch schedule {
    case .everyNHours(let hours):
      return Self.everyNHours(
        hours, start: Instant(window.start), end: Instant(window.end))
    case .timesPerDay(let count, let distribution):
      let seed = day.daySeed &+ FNV1a64.hash(group.id)
      return planner.plan(
        start: window.start, end: window.end, count: count, distribution: distribution,
        fixedTimes: [], seed: seed
      ).random.map(Instant.init)
    case .dailyAt(let times):
      return planner.fixedDates(times, after: [], start: window.start, end: window.end)
        .map(Instant.init)
    case .event, .disabled:
      return []
    }
  }

  private func privateGroupDates(_ schedule: GroupSchedule, group: PromptGroup, on day: LocalDate)
    -> [Instant]
  {
    let resolver = WallClockResolver(zone: zone)
    guard let window = resolver.window(settings.window, on: day) else { return [] }
    switch schedule {
    case .everyNHours(let hours):
      return Self.everyNHours(hours, start: window.start, end: window.end)
    case .timesPerDay(let count, let distribution):
      var random = PlanRandom(
        seed: seedForGroup(group.id, day: day, shape: schedule.shape))
      let sampler = PrivateDaySampler(
        length: window.lengthSeconds, count: count, gap: settings.minimumGapMinutes * 60,
        fixed: [], distribution: distribution)
      return sampler.draw(using: &random).offsets.map { window.start.adding(seconds: Int64($0)) }
    case .dailyAt(let times):
      let dates = times.compactMap { resolver.fixedInstant($0, in: settings.window, on: day) }
      return Set(dates).filter { $0 >= window.start && $0 < window.end }.sorted()
    case .event, .disabled:
      return []
    }
  }

  /// Calendar-event ends inside the day's window, planned ahead like the app does
  /// (docs/schedule.md#group-planning): all-day events excluded, one prompt per minute.
  private func calendarPrompts(_ group: PromptGroup, on day: LocalDate) -> [PlannedPrompt] {
    guard !calendarEvents.isEmpty,
      let window = WallClockResolver(zone: zone).window(settings.window, on: day)
    else { return [] }
    let rule: CalendarMatchRule
    switch group.calendarMatchKind {
    case "calendars": rule = .calendars(group.calendarIdentifiers)
    case "titleContains": rule = .titleContains(group.calendarTitleFilter ?? "")
    default: rule = .allEvents
    }
    let ends = CalendarEventEndPlanner.ends(
      of: calendarEvents, rule: rule, window: window.start..<window.end,
      after: window.start.adding(seconds: -1))
    return ends.map { date in
      PlannedPrompt(
        date: date, source: .event, promptGroupID: group.id,
        identifier: "gprompt-\(group.id)-" + stamp(date), day: day)
    }
  }

  /// Start + n hours, + 2n hours, … strictly inside the window, in elapsed time; the start
  /// itself never fires (docs/schedule.md#group-planning).
  static func everyNHours(_ hours: Int, start: Instant, end: Instant) -> [Instant] {
    guard hours > 0, end > start else { return [] }
    var dates: [Instant] = []
    var next = start.adding(seconds: Int64(hours) * 3600)
    while next < end {
      dates.append(next)
      next = next.adding(seconds: Int64(hours) * 3600)
    }
    return dates
  }

  // MARK: - Nags

  /// Each prompt's reminder chain: fire k at parent + delay + k·interval, k = 0…max−1, named
  /// `nag-<parent stamp>-<k+1>` (docs/schedule.md#prompt-identifiers, docs/schedule.md#nags).
  /// Without the iOS budget every prompt gets its full chain; acting on a prompt cancels its chain
  /// when it fires.
  func nags(after prompts: [PlannedPrompt]) -> [PlannedPrompt] {
    var nags: [PlannedPrompt] = []
    for parent in prompts where parent.source != .nag && parent.source != .snooze {
      let parentStamp = parent.identifier.drop { $0 != "-" }.dropFirst()
      for k in 0..<settings.nagMaxCount {
        let minutes = settings.nagDelayMinutes + k * settings.nagIntervalMinutes
        nags.append(
          PlannedPrompt(
            date: parent.date.adding(seconds: Int64(minutes) * 60), source: .nag,
            promptGroupID: parent.promptGroupID, identifier: "nag-\(parentStamp)-\(k + 1)",
            day: parent.day, parentIdentifier: parent.identifier))
      }
    }
    return nags
  }
}
