import DispatchCore
import DispatchStorage
import Foundation

/// Which running activities `activity stop` ends (Introspective's three stop intents,
/// docs/formats/introspective.md#intents).
public enum ActivityStopChoice: Sendable, Equatable {
  /// The most recently started running instance of each name ("Stop Specific Activities").
  case named([String])
  /// Every running activity ("Stop All Activities").
  case all
  /// The running activity with the latest start ("Stop Last Started Activity").
  case last
}

/// Starting and stopping activities (docs/formats/introspective.md#intents), with the documented
/// fixes: `--ago` really subtracts the time, and the reported duration is end − start.
public enum ActivityTracker {
  /// Starts a new instance of each named activity, all at the same start.
  ///
  /// Every name is checked before anything is written, so one unknown name starts nothing.
  /// - Parameters:
  ///   - fromLastStop: start where the most recently ended activity (of any kind) ended, else
  ///     now (StartActivityFromEndOfLast); not together with `time`.
  ///   - again: start even when that activity is already running (the Siri intent asks).
  @discardableResult
  public static func start(
    _ names: [String], time: RecordTimeArgument = RecordTimeArgument(), fromLastStop: Bool = false,
    tags: [String] = [], note: String? = nil, again: Bool = false, in store: DispatchStore,
    environment: RunEnvironment
  ) throws -> [ActivityEntry] {
    guard !names.isEmpty else { throw DispatchError(.invalidValue, "name an activity to start") }
    let definitions = try names.map { try ActivityCatalog.find($0, in: store) }
    if let duplicate = Self.duplicate(definitions) {
      throw DispatchError(.invalidValue, "'\(duplicate)' is named twice")
    }
    let running = try store.records.runningActivities()
    if !again {
      for definition in definitions {
        if let current = running.last(where: { $0.definitionID == definition.id }) {
          throw DispatchError(
            .conflict,
            "'\(definition.name)' is already running since \(current.start.localText); "
              + "add --again to start another, or stop it first")
        }
      }
    }
    let now = environment.now()
    var start = try time.resolve(in: store, environment: environment)
    if fromLastStop {
      guard !time.isGiven else {
        throw DispatchError(.invalidValue, "give --from-last-stop or a time, not both")
      }
      if let last = try store.records.lastEndedActivity(), let end = last.end { start = end }
    }
    var entries: [ActivityEntry] = []
    for definition in definitions {
      let activity = ActivityRecord(
        id: environment.makeID(), definitionID: definition.id, start: start, startSetAt: now,
        note: RecordText.clean(note), tags: RecordText.tags(tags))
      try store.records.saveActivity(activity)
      entries.append(
        ActivityEntry(
          activity: activity, name: definition.name,
          tags: RecordText.tags(activity.tags + definition.tags),
          duration: TimeDuration(seconds: activity.durationSeconds(now: now))))
    }
    return entries
  }

  /// Ends running activities now or at `time`; a note is added to each stopped activity.
  ///
  /// Refuses (and stops nothing) when a named activity is not running, when nothing runs, or
  /// when the stop time is before an activity's start.
  @discardableResult
  public static func stop(
    _ choice: ActivityStopChoice, time: RecordTimeArgument = RecordTimeArgument(),
    note: String? = nil, in store: DispatchStore, environment: RunEnvironment
  ) throws -> [ActivityEntry] {
    let running = try store.records.runningActivities()
    let definitions = Dictionary(
      try store.records.activityDefinitions().map { ($0.id, $0) },
      uniquingKeysWith: { first, _ in first })
    let chosen: [ActivityRecord]
    switch choice {
    case .all:
      chosen = running
    case .last:
      // runningActivities() is oldest start first; ties go to the later-created ID.
      chosen = running.last.map { [$0] } ?? []
    case .named(let names):
      guard !names.isEmpty else {
        throw DispatchError(.invalidValue, "name an activity to stop, or use --all or --last")
      }
      chosen = try names.map { name in
        let definition = try ActivityCatalog.find(name, in: store)
        guard let current = running.last(where: { $0.definitionID == definition.id }) else {
          throw DispatchError(
            .invalidValue,
            "'\(definition.name)' is not running; 'dispatch activity status' shows what is")
        }
        return current
      }
      if Set(chosen.map(\.id)).count != chosen.count {
        throw DispatchError(.invalidValue, "an activity is named twice")
      }
    }
    guard !chosen.isEmpty else {
      throw DispatchError(
        .invalidValue, "no activity is running; start one with 'dispatch activity start NAME'")
    }
    let now = environment.now()
    let end = try time.resolve(in: store, environment: environment)
    for activity in chosen where end.instant < activity.start.instant {
      let name = definitions[activity.definitionID]?.name ?? activity.definitionID
      throw DispatchError(
        .invalidValue,
        "'\(name)' started at \(activity.start.localText), after the stop time \(end.localText)")
    }
    let autoIgnoreSeconds = try ScheduleSettings.load(from: store).activityAutoIgnoreSeconds
    var entries: [ActivityEntry] = []
    for var activity in chosen {
      activity.end = end
      activity.endSetAt = now
      if let note = RecordText.clean(note) {
        activity.note = activity.note.map { $0 + "\n" + note } ?? note
      }
      let seconds = activity.durationSeconds(now: now)
      // Introspective's auto-ignore (docs/formats/introspective.md#settings-and-their-defaults,
      // docs/formats/introspective.md#intents): a stop moments after a start is a mistap.
      let discarded = autoIgnoreSeconds.map { seconds < Double($0) } ?? false
      if discarded {
        try store.records.deleteActivity(id: activity.id)
      } else {
        try store.records.saveActivity(activity)
      }
      let definition = definitions[activity.definitionID]
      entries.append(
        ActivityEntry(
          activity: activity, name: definition?.name ?? activity.definitionID,
          tags: RecordText.tags(activity.tags + (definition?.tags ?? [])),
          duration: TimeDuration(seconds: seconds), discarded: discarded))
    }
    return entries
  }

  /// What is running, oldest start first, with how long each has run.
  public static func status(in store: DispatchStore, environment: RunEnvironment) throws
    -> [ActivityEntry]
  {
    try ActivityCatalog.list(runningOnly: true, in: store, environment: environment)
  }

  private static func duplicate(_ definitions: [ActivityDefinition]) -> String? {
    var seen: Set<String> = []
    return definitions.first { !seen.insert($0.id).inserted }?.name
  }
}
