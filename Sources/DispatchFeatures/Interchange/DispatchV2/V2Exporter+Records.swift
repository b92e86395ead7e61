import DispatchCore
import DispatchSupport

/// Responses, prompt groups and people as v2 objects (docs/formats/dispatch-v2.md#responses,
/// docs/formats/dispatch-v2.md#prompt-groups, docs/formats/dispatch-v2.md#people).
extension V2Exporter {
  /// One `V2Response`. A skipped question has no payload key at all
  /// (docs/formats/dispatch-v2.md#responses).
  ///
  /// `tokens`, `answeredOptions` and `textResponses` are written as stored, so an empty list
  /// survives as `[]` (docs/formats/dispatch-v2.md#omitted-values).
  static func responseValue(_ response: Response) -> JSONValue {
    var object = JSONObjectBuilder()
    object.set("uniqueIdentifier", response.id)
    object.set("questionPrompt", response.questionPrompt)
    object.set("questionIdentifier", response.questionID)
    if let tokens = response.tokens { object.set("tokens", .array(tokens.map(tokenValue))) }
    if let options = response.options {
      object.set("answeredOptions", .array(options.map(JSONValue.string)))
    }
    if let answer = response.location {
      var value = JSONObjectBuilder()
      value.set("text", answer.text)
      value.set("foursquareVenueId", answer.venueID)
      if let location = answer.location { value.set("location", locationValue(location)) }
      object.set("locationResponse", value.value)
    }
    object.set("numericResponse", response.number)
    if let notes = response.notes { object.set("textResponses", .array(notes.map(tokenValue))) }
    if let time = response.time {
      var value = JSONObjectBuilder()
      value.set("minutes", time.minutes)
      // `dayOffset` is omitted when 0 and read back as 0 when missing
      // (docs/formats/dispatch-v2.md#responses).
      if time.dayOffset != 0 { value.set("dayOffset", time.dayOffset) }
      object.set("timeResponse", value.value)
    }
    return object.value
  }

  /// A `TokenValue` `{uniqueIdentifier, text}`.
  static func tokenValue(_ token: TokenValue) -> JSONValue {
    .object([("uniqueIdentifier", .string(token.id)), ("text", .string(token.text))])
  }

  /// One `V2PromptGroup`; schedule fields are written raw so unknown values survive
  /// (docs/formats/dispatch-v2.md#prompt-groups).
  static func promptGroupValue(_ group: PromptGroup) -> JSONValue {
    var object = JSONObjectBuilder()
    object.set("uniqueIdentifier", group.id)
    object.set("name", group.name)
    object.set("scheduleKind", group.scheduleKind)
    object.set("isEnabled", group.isEnabled)
    object.set("sortOrder", group.sortOrder)
    object.setNonEmpty("questionIDs", group.questionIDs.map(JSONValue.string))
    object.set("scheduleHours", group.scheduleHours)
    object.set("scheduleCount", group.scheduleCount)
    object.set("scheduleDistribution", group.scheduleDistribution)
    object.setNonEmpty("scheduledTimes", group.scheduledTimes.map(JSONValue.string))
    object.set("calendarMatchKind", group.calendarMatchKind)
    object.setNonEmpty("calendarIdentifiers", group.calendarIdentifiers.map(JSONValue.string))
    object.set("calendarTitleFilter", group.calendarTitleFilter)
    object.set("monitorDirection", group.monitorDirection)
    object.set("monitorDelayMinutes", group.monitorDelayMinutes)
    object.set("monitorCancelsOnContradiction", group.monitorCancelsOnContradiction)
    if let region = group.placeRegion {
      var value = JSONObjectBuilder()
      value.set("latitude", region.latitude)
      value.set("longitude", region.longitude)
      value.set("radius", region.radius)
      value.set("name", region.name)
      object.set("placeRegion", value.value)
    }
    if let beacon = group.beacon {
      var value = JSONObjectBuilder()
      value.set("uuid", beacon.uuid)
      value.set("major", beacon.major)
      // A minor without a major means nothing and Dispatch drops it
      // (docs/formats/dispatch-v2.md#prompt-groups).
      if beacon.major != nil { value.set("minor", beacon.minor) }
      value.set("name", beacon.name)
      object.set("beaconIdentity", value.value)
    }
    return object.value
  }

  /// One `V2Person`; usage counts are rebuilt on import, so they are not written
  /// (docs/formats/dispatch-v2.md#people).
  static func personValue(_ person: Person) -> JSONValue {
    var object = JSONObjectBuilder()
    object.set("uniqueIdentifier", person.id)
    object.set("displayName", person.displayName)
    object.setNonEmpty("alternateNames", person.alternateNames.map(JSONValue.string))
    return object.value
  }
}
