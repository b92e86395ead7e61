import DispatchCore
import DispatchStorage
import Foundation

/// What one daemon pass works from: the moment, the settings and zone in force, the focus, the
/// notification content, and how late is too late.
struct PassContext {
  let store: DispatchStore
  let settings: ScheduleSettings
  let zone: TimeZone
  let now: Instant
  let content: PromptContent
  var focus: FocusFilter?
  /// Acting on any prompt quiets every nag chain whose prompt came before
  /// (docs/daemon.md#snooze-and-quick-answers: lastActedAt is cross-family).
  let lastActed: Instant
  /// A prompt found more than this late is missed, and a fired one this old expires.
  let lateLimitMs: Int64

  init(store: DispatchStore, settings: ScheduleSettings, zone: TimeZone, now: Instant) throws {
    self.store = store
    self.settings = settings
    self.zone = zone
    self.now = now
    content = try PromptContent(store: store, expiryMinutes: settings.expiryMinutes)
    focus = try FocusFilter.current(in: store)
    lastActed = try PromptLifecycle.lastActed(in: store)
    lateLimitMs = settings.expiryMilliseconds
  }

  /// The plan of every day that can hold a prompt due in (lastCheck, now]: the prompts the
  /// focus allows, and those it holds.
  func plan(from lastCheck: Instant, calendars: CalendarCache) throws -> (
    allowed: [PlannedPrompt], held: [PlannedPrompt]
  ) {
    let planner = try store.prompts.planner(settings, zone: zone, calendars: calendars).planner
    // A window crossing midnight belongs to the day before; a day after covers the next prompt.
    let first = LocalDate(lastCheck, in: zone).adding(days: -1)
    let last = LocalDate(now, in: zone).adding(days: 1)
    let prompts = planner.plan(from: first, days: last.dayNumber - first.dayNumber + 1)
    guard let focus else { return (prompts, []) }
    return (prompts.filter(focus.allows), prompts.filter { !focus.allows($0) })
  }

  /// A log record for a planned prompt, in the zone it was planned in.
  func record(for prompt: PlannedPrompt, state: PromptRecord.State) -> PromptRecord {
    PromptRecord(
      identifier: prompt.identifier, source: prompt.source.rawValue,
      promptGroupID: prompt.promptGroupID, parentIdentifier: prompt.parentIdentifier,
      due: prompt.date, timeZoneIdentifier: zone.identifier,
      utcOffsetSeconds: zone.secondsFromGMT(for: prompt.date.date), state: state)
  }
}
