import DispatchCore
import DispatchSupport

extension PromptGroup {
  /// The group as printed by `dispatch groups list --json`: every stored field, schedule
  /// fields only when set, and `schedule`, the schedule in words.
  ///
  /// Field names follow the v2 file's `V2PromptGroup` (docs/formats/dispatch-v2.md#prompt-groups)
  /// except `id`, and `isEnabled` as the model has it.
  public var jsonValue: JSONValue {
    var object = JSONObjectBuilder()
    object.set("id", id)
    object.set("name", name)
    object.set("scheduleKind", scheduleKind)
    object.set("schedule", scheduleDescription)
    object.set("isEnabled", isEnabled)
    object.set("sortOrder", sortOrder)
    object.set("questionIDs", .array(questionIDs.map { .string($0) }))
    object.set("scheduleHours", scheduleHours)
    object.set("scheduleCount", scheduleCount)
    object.set("scheduleDistribution", scheduleDistribution)
    if !scheduledTimes.isEmpty {
      object.set("scheduledTimes", .array(scheduledTimes.map { .string($0) }))
    }
    object.set("calendarMatchKind", calendarMatchKind)
    if !calendarIdentifiers.isEmpty {
      object.set("calendarIdentifiers", .array(calendarIdentifiers.map { .string($0) }))
    }
    object.set("calendarTitleFilter", calendarTitleFilter)
    object.set("monitorDirection", monitorDirection)
    object.set("monitorDelayMinutes", monitorDelayMinutes)
    object.set("monitorCancelsOnContradiction", monitorCancelsOnContradiction)
    if let placeRegion {
      var region = JSONObjectBuilder()
      region.set("latitude", placeRegion.latitude)
      region.set("longitude", placeRegion.longitude)
      region.set("radius", placeRegion.radius)
      region.set("name", placeRegion.name)
      object.set("placeRegion", region.value)
    }
    if let beacon {
      var identity = JSONObjectBuilder()
      identity.set("uuid", beacon.uuid)
      identity.set("major", beacon.major)
      identity.set("minor", beacon.minor)
      identity.set("name", beacon.name)
      object.set("beaconIdentity", identity.value)
    }
    return object.value
  }
}
