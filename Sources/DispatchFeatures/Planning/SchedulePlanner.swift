import DispatchCore
import Foundation

/// Plans the prompts of whole local days: the main schedule, prompt groups and nags
/// (docs/schedule.md#scheduling-when-dispatch-asks). A pure function of its inputs; nothing here
/// reads the clock.
public struct SchedulePlanner: Sendable {
  public var settings: ScheduleSettings
  public var groups: [PromptGroup]
  public var zone: TimeZone
  /// Events from the calendar setting, for `calendarEventEnd` groups.
  public var calendarEvents: [CalendarEvent] = []
  private let seed: PlanSeed

  /// `secret` is the store's planning secret (``ScheduleSettings/planSecret(in:)``); compatible
  /// mode ignores it.
  public init(settings: ScheduleSettings, groups: [PromptGroup], zone: TimeZone, secret: [UInt8]) {
    self.settings = settings
    self.groups = groups
    self.zone = zone
    seed = PlanSeed(secret: secret)
  }

  /// Every prompt of `days` local days from `first`, past ones included, oldest first.
  public func plan(from first: LocalDate, days: Int) -> [PlannedPrompt] {
    var prompts: [PlannedPrompt] = []
    // Private mode needs each day's draw and the previous day's last prompt: draw every day
    // once, the day before the first included.
    var previousDraw =
      settings.seeding == .private ? privateDraw(on: first.adding(days: -1)) : []
    for offset in 0..<max(0, days) {
      let day = first.adding(days: offset)
      switch settings.seeding {
      case .compatible:
        prompts += mainPrompts(day, compatibleMain(on: day))
      case .private:
        let draw = privateDraw(on: day)
        prompts += mainPrompts(day, afterPreviousDay(draw, previous: previousDraw))
        previousDraw = draw
      }
      for group in groups.sorted(by: { ($0.sortOrder, $0.id) < ($1.sortOrder, $1.id) })
      where group.isEnabled {
        prompts += groupPrompts(group, on: day)
      }
    }
    if settings.nagsEnabled { prompts += nags(after: prompts) }
    return prompts.sorted { ($0.date, $0.identifier) < ($1.date, $1.identifier) }
  }

  // MARK: - Main schedule

  private func mainPrompts(_ day: LocalDate, _ dated: [(Instant, PlannedPrompt.Source)])
    -> [PlannedPrompt]
  {
    dated.map { date, source in
      PlannedPrompt(date: date, source: source, identifier: "prompt-" + stamp(date), day: day)
    }
  }

  private func compatibleMain(on day: LocalDate) -> [(Instant, PlannedPrompt.Source)] {
    let planner = CompatibleDayPlanner(zone: zone)
    guard let window = planner.window(settings.window, on: day) else { return [] }
    let dates = planner.plan(
      start: window.start, end: window.end, count: settings.randomPromptCount,
      distribution: settings.distribution, fixedTimes: settings.fixedTimes, seed: day.daySeed)
    return dates.random.map { (Instant($0), .random) } + dates.fixed.map { (Instant($0), .fixed) }
  }

  /// A day's main-schedule prompts in private mode, before the rule across nights.
  private func privateDraw(on day: LocalDate) -> [(Instant, PlannedPrompt.Source)] {
    let resolver = WallClockResolver(zone: zone)
    guard let window = resolver.window(settings.window, on: day) else { return [] }
    let fixed = Set(
      settings.fixedTimes.compactMap { resolver.fixedInstant($0, in: settings.window, on: day) }
    )
    .filter { $0 >= window.start && $0 < window.end }.sorted()
    var random = PlanRandom(
      seed: seed.seed(day: day, zone: zone.identifier, scope: "main", shape: mainShape))
    let sampler = PrivateDaySampler(
      length: window.lengthSeconds, count: settings.randomPromptCount,
      gap: settings.minimumGapMinutes * 60,
      fixed: fixed.map { Int(($0.milliseconds - window.start.milliseconds) / 1000) },
      distribution: settings.distribution)
    let offsets = sampler.draw(using: &random).offsets
    let prompts =
      offsets.map { (window.start.adding(seconds: Int64($0)), PlannedPrompt.Source.random) }
      + fixed.map { ($0, PlannedPrompt.Source.fixed) }
    return prompts.sorted { $0.0 < $1.0 }
  }

  /// Drops a day's prompts closer than the minimum gap to the previous day's last one (only
  /// possible when the night is shorter than the gap, as on a clock-change night). The rule
  /// only ever drops a day's first prompts, so the previous day's last prompt is the same
  /// whether or not the rule ran on it: each day stays a function of two draws.
  private func afterPreviousDay(
    _ draw: [(Instant, PlannedPrompt.Source)], previous: [(Instant, PlannedPrompt.Source)]
  ) -> [(Instant, PlannedPrompt.Source)] {
    guard let last = previous.last?.0 else { return draw }
    let earliest = last.adding(seconds: Int64(settings.minimumGapMinutes * 60))
    return draw.filter { $0.0 >= earliest }
  }

  /// A group's day seed in private mode: its own scope, so groups never share times.
  func seedForGroup(_ id: String, day: LocalDate, shape: String) -> UInt64 {
    let context = "\(shape);w=\(settings.window);g=\(settings.minimumGapMinutes)"
    return seed.seed(day: day, zone: zone.identifier, scope: "group:" + id, shape: context)
  }

  /// What shapes a main-schedule day, so changing it gives the day new times.
  private var mainShape: String {
    [
      "n=\(settings.randomPromptCount)", "w=\(settings.window)",
      "d=\(settings.distribution.rawValue)", "g=\(settings.minimumGapMinutes)",
      "f=" + settings.fixedTimes.map(\.description).joined(separator: ","),
    ].joined(separator: ";")
  }

  // MARK: - Stamps

  /// The minute stamp in prompt identifiers (see ``PromptStamp``).
  func stamp(_ date: Instant) -> String {
    PromptStamp.text(date, zone: zone, compatible: settings.seeding == .compatible)
  }
}
