import DispatchCore
import DispatchStorage
import Foundation

/// What `dispatch plan` asks: days to plan and what-if overrides of the stored settings, which
/// change nothing in the store (issue "3 · Scheduling and delivery").
public struct PlanRequest: Sendable {
  /// The first day; nil means today in the plan's zone.
  public var firstDay: LocalDate?
  public var days = 1
  public var timeZoneIdentifier: String?
  public var seeding: PlanSeeding?
  public var distribution: PromptDistribution?
  public var promptsPerDay: Int?
  public var window: AwakeWindow?

  public init() {}
}

/// A plan and what it was made from.
public struct PlanResult: Sendable {
  public var settings: ScheduleSettings
  public var zone: TimeZone
  public var firstDay: LocalDate
  public var days: Int
  public var prompts: [PlannedPrompt]
  /// Problems reading the calendar setting's files (skipped events, unreadable files).
  public var calendarNotes: [String] = []
  /// The focus in force: the prompts it holds back are left out.
  public var focus: FocusFilter?
}

extension PromptsView {
  /// Plans the requested days from the stored settings and groups with the overrides applied.
  ///
  /// - Throws: ``DispatchError`` `.invalidValue` when the overrides or the stored settings
  ///   cannot be met (zero-length window, more prompts than fit: the message names the
  ///   maximum), `.unknownReference` for an unknown zone.
  public func plan(_ request: PlanRequest, now: Instant) throws -> PlanResult {
    var settings = try ScheduleSettings.load(from: store)
    if let zone = request.timeZoneIdentifier {
      guard ZoneLookup.zone(zone) != nil else {
        throw DispatchError(
          .unknownReference,
          "'\(zone)' is not a known time zone; use an IANA name like America/New_York")
      }
      settings.timeZoneIdentifier = zone
    }
    if let seeding = request.seeding { settings.seeding = seeding }
    if let distribution = request.distribution { settings.distribution = distribution }
    if let count = request.promptsPerDay {
      settings.promptsPerDay = count
      settings.randomPromptsEnabled = true
    }
    if let window = request.window { settings.window = window }
    if let problem = settings.problem() { throw DispatchError(.invalidValue, problem) }
    let zone = settings.zone
    let (planner, notes) = try planner(settings, zone: zone)
    let first = request.firstDay ?? LocalDate(now, in: zone)
    let focus = try FocusFilter.current(in: store)
    var prompts = planner.plan(from: first, days: request.days)
    if let focus { prompts = prompts.filter(focus.allows) }
    return PlanResult(
      settings: settings, zone: zone, firstDay: first, days: request.days, prompts: prompts,
      calendarNotes: notes, focus: focus)
  }
}
