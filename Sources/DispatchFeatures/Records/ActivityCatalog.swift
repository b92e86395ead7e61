import DispatchCore
import DispatchStorage
import Foundation

/// An activity with its definition's name, for listing.
public struct ActivityEntry: Sendable, Equatable {
  /// The instance.
  public var activity: ActivityRecord
  /// Its definition's name.
  public var name: String
  /// The instance's tags followed by the definition's, without duplicates (Introspective's "Tags",
  /// docs/formats/introspective.md#record-types).
  public var tags: [String]
  /// From start to end, or to now while running (Introspective's "Duration", with the sign
  /// fixed: never end − start reversed).
  public var duration: TimeDuration
  /// Stopped shorter than the `activity-auto-ignore` setting, so deleted rather than kept.
  public var discarded = false
}

/// Activity definitions: define, edit, remove, find, list
/// (docs/formats/introspective.md#record-types).
public enum ActivityCatalog {
  /// The definition called `name`, ignoring case and accents; a data error with a suggestion
  /// and a hint to define it otherwise (Siri's "Activity named X does not exist").
  public static func find(_ name: String, in store: DispatchStore) throws -> ActivityDefinition {
    if let definition = try store.records.activityDefinition(named: name) { return definition }
    let names = try store.records.activityDefinitions().map(\.name)
    throw DispatchError(
      .invalidValue,
      "activity '\(name)' does not exist" + RecordText.suggestion(name, in: names)
        + "; define it with 'dispatch activity define \(name)'")
  }

  /// Defines a new activity; refuses a name already in use.
  @discardableResult
  public static func define(
    _ name: String, description: String? = nil, tags: [String] = [], in store: DispatchStore,
    environment: RunEnvironment
  ) throws -> ActivityDefinition {
    guard let name = RecordText.clean(name) else {
      throw DispatchError(.invalidValue, "an activity needs a name")
    }
    if let existing = try store.records.activityDefinition(named: name) {
      throw DispatchError(
        .conflict,
        "activity '\(existing.name)' already exists; change it with "
          + "'dispatch activity edit \(existing.name)'")
    }
    let order = (try store.records.activityDefinitions().map(\.sortOrder).max() ?? -1) + 1
    let definition = ActivityDefinition(
      id: environment.makeID(), name: name, description: RecordText.clean(description),
      tags: RecordText.tags(tags), sortOrder: order)
    try store.records.saveActivityDefinition(definition)
    return definition
  }

  /// Renames a definition or replaces its description or tags; nil leaves a field as it is,
  /// an empty description removes it. Its activities stay.
  @discardableResult
  public static func edit(
    _ name: String, newName: String? = nil, description: String? = nil, tags: [String]? = nil,
    in store: DispatchStore
  ) throws -> ActivityDefinition {
    var definition = try find(name, in: store)
    if let newName {
      guard let cleaned = RecordText.clean(newName) else {
        throw DispatchError(.invalidValue, "an activity needs a name")
      }
      if let other = try store.records.activityDefinition(named: cleaned), other.id != definition.id
      {
        throw DispatchError(.conflict, "activity '\(other.name)' already exists")
      }
      definition.name = cleaned
    }
    if let description { definition.description = RecordText.clean(description) }
    if let tags { definition.tags = RecordText.tags(tags) }
    try store.records.updateActivityDefinition(definition)
    return definition
  }

  /// Removes a definition and every activity of it; returns how many activities went.
  @discardableResult
  public static func remove(_ name: String, in store: DispatchStore) throws -> (
    definition: ActivityDefinition, activities: Int
  ) {
    let definition = try find(name, in: store)
    let count = try instanceCount(of: definition, in: store)
    try store.records.deleteActivityDefinition(id: definition.id)
    return (definition, count)
  }

  /// How many activities a definition has.
  public static func instanceCount(of definition: ActivityDefinition, in store: DispatchStore)
    throws -> Int
  {
    try store.records.activities().filter { $0.definitionID == definition.id }.count
  }

  /// Activities that started in `[from, to)` (only running ones with `runningOnly`), oldest
  /// first, with names and durations measured to the store's clock.
  public static func list(
    runningOnly: Bool = false, from: Instant? = nil, to: Instant? = nil, in store: DispatchStore,
    environment: RunEnvironment
  ) throws -> [ActivityEntry] {
    let definitions = Dictionary(
      try store.records.activityDefinitions().map { ($0.id, $0) },
      uniquingKeysWith: { first, _ in first })
    let activities =
      runningOnly
      ? try store.records.runningActivities().filter { activity in
        from.map { activity.start.instant >= $0 } ?? true
          && to.map { activity.start.instant < $0 } ?? true
      }
      : try store.records.activities(from: from, to: to)
    let now = environment.now()
    return activities.map { activity in
      let definition = definitions[activity.definitionID]
      return ActivityEntry(
        activity: activity, name: definition?.name ?? activity.definitionID,
        tags: RecordText.tags(activity.tags + (definition?.tags ?? [])),
        duration: TimeDuration(seconds: activity.durationSeconds(now: now)))
    }
  }
}
