import DispatchCore
import DispatchStorage
import Foundation

/// Events that fire event prompt groups on Linux (docs/daemon.md#events-dispatch-trigger):
/// `dispatch trigger KIND`, run by the user or a script (a NetworkManager dispatcher script on
/// joining a known network is an arrival).
public enum EventTriggerKind: String, Sendable, CaseIterable {
  case workoutEnd = "workout-end"
  case arrival
  case departure
  case calendarEnd = "calendar-end"
}

/// Fires the prompt groups an event matches (docs/daemon.md#events-dispatch-trigger).
public enum EventTrigger {
  /// What a trigger did.
  public struct Outcome: Sendable, Equatable {
    /// Prompts delivered now.
    public var fired: [String] = []
    /// Prompts logged to fire later (a group's delay, or a workout that ended while asleep).
    public var pending: [String] = []
    /// Groups that matched but did not fire, with the reason.
    public var skipped: [String] = []
    /// Enabled groups of this kind, whether or not they matched the place.
    public var candidates = 0

    public init() {}
  }

  /// Fires every enabled group that `kind` (at `place`) matches.
  ///
  /// While asleep an arrival, departure or calendar end is ignored, and a workout end waits
  /// until the daemon sees you awake (as in the app). A focus that mutes a group skips it. A
  /// group with a delay is logged as pending and fired by the daemon. One prompt per group
  /// per minute: triggering twice in a minute fires once.
  public static func fire(
    _ kind: EventTriggerKind, place: String?, in store: DispatchStore,
    deliverer: any PromptDeliverer, environment: RunEnvironment
  ) throws -> Outcome {
    let context = try Context(store: store, deliverer: deliverer, environment: environment)
    var outcome = Outcome()
    for group in try store.prompts.promptGroups() where group.isEnabled && accepts(group, kind) {
      outcome.candidates += 1
      guard matches(group, place: place) else { continue }
      try context.prompt(group, for: kind, at: context.now, into: &outcome)
    }
    return outcome
  }

  /// Fires the workout-end groups for workouts an import brought, once per workout (the
  /// prompt is named by the workout's end): a workout whose prompt is still due — its end plus
  /// the group's delay, no longer ago than the expiry — prompts now or when the delay is over.
  /// Older workouts (a history imported) prompt nothing and are not listed.
  public static func fireWorkoutEnds(
    _ ends: [Instant], in store: DispatchStore, deliverer: any PromptDeliverer,
    environment: RunEnvironment
  ) throws -> Outcome {
    let context = try Context(store: store, deliverer: deliverer, environment: environment)
    var outcome = Outcome()
    let groups = try store.prompts.promptGroups().filter {
      $0.isEnabled && accepts($0, .workoutEnd)
    }
    outcome.candidates = groups.count
    for end in Set(ends).sorted() where end <= context.now {
      for group in groups {
        let due = end.adding(seconds: context.delaySeconds(group))
        guard context.now.milliseconds - due.milliseconds <= context.lateLimitMs else { continue }
        try context.prompt(group, for: .workoutEnd, at: end, into: &outcome)
      }
    }
    return outcome
  }

  /// What every event prompt is made with.
  private struct Context {
    let store: DispatchStore
    let deliverer: any PromptDeliverer
    let now: Instant
    let settings: ScheduleSettings
    let zone: TimeZone
    let awake: Bool
    let focus: FocusFilter?
    let content: PromptContent
    var lateLimitMs: Int64 { settings.expiryMilliseconds }

    init(store: DispatchStore, deliverer: any PromptDeliverer, environment: RunEnvironment) throws {
      self.store = store
      self.deliverer = deliverer
      now = environment.now()
      settings = try ScheduleSettings.load(from: store)
      zone = settings.zone
      awake = try store.settings.isAwake()
      focus = try FocusFilter.current(in: store)
      content = try PromptContent(store: store, expiryMinutes: settings.expiryMinutes)
    }

    func delaySeconds(_ group: PromptGroup) -> Int64 {
      Int64(max(0, group.monitorDelayMinutes ?? 0)) * 60
    }

    /// Prompts `group` for an event at `moment` (now, or when a workout ended): the prompt is
    /// named by that minute, due after the group's delay; fired now when due, else pending.
    func prompt(
      _ group: PromptGroup, for kind: EventTriggerKind, at moment: Instant,
      into outcome: inout Outcome
    ) throws {
      let identifier =
        "gprompt-\(group.id)-"
        + PromptStamp.text(moment, zone: zone, compatible: settings.seeding == .compatible)
      if try store.prompts.promptRecord(identifier) != nil {
        outcome.skipped.append("\(group.name): already prompted this minute")
        return
      }
      let probe = PlannedPrompt(
        date: now, source: .event, promptGroupID: group.id, identifier: identifier,
        day: LocalDate(now, in: zone))
      if let focus, !focus.allows(probe) {
        outcome.skipped.append("\(group.name): muted by the focus '\(focus.name)'")
        return
      }
      let due = moment.adding(seconds: delaySeconds(group))
      let waitsForWake = !awake && kind == .workoutEnd
      if !awake && !waitsForWake {
        outcome.skipped.append("\(group.name): asleep")
        return
      }
      var record = PromptRecord(
        identifier: identifier, source: PlannedPrompt.Source.event.rawValue,
        promptGroupID: group.id, due: due,
        timeZoneIdentifier: zone.identifier, utcOffsetSeconds: zone.secondsFromGMT(for: due.date),
        state: .pending)
      if due > now || waitsForWake {
        try store.prompts.recordPrompt(record, event: "planned", detail: "\(kind.rawValue)")
        outcome.pending.append(identifier)
        return
      }
      let notification = content.notification(
        identifier: identifier, source: .event, groupID: group.id, parent: nil)
      do {
        record.delivery = try deliverer.deliver(notification)
        record.state = .fired
        record.firedAt = now
        try store.prompts.recordPrompt(record, event: "fired", detail: kind.rawValue)
        outcome.fired.append(identifier)
      } catch {
        record.state = .missed
        record.closedAt = now
        try store.prompts.recordPrompt(record, event: "missed", detail: "delivery failed: \(error)")
        outcome.skipped.append("\(group.name): delivery failed: \(error)")
      }
    }
  }

  private static func accepts(_ group: PromptGroup, _ kind: EventTriggerKind) -> Bool {
    switch kind {
    case .workoutEnd: return group.scheduleKind == "workoutEnd"
    case .calendarEnd: return group.scheduleKind == "calendarEventEnd"
    case .arrival:
      return group.scheduleKind == "visitArrival"
        || (group.scheduleKind == "placeTrigger"
          && (group.monitorDirection ?? "arrival") == "arrival")
    case .departure:
      return group.scheduleKind == "placeTrigger" && group.monitorDirection == "departure"
    }
  }

  /// A group naming a place fires only for that place (case and accents ignored); a group
  /// without one fires for every place.
  private static func matches(_ group: PromptGroup, place: String?) -> Bool {
    guard let name = group.placeRegion?.name, !name.isEmpty else { return true }
    guard let place else { return false }
    return name.compare(place, options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame
  }
}
