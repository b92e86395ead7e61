import DispatchCore
import DispatchSupport

extension Report {
  /// The report as printed by `dispatch reports list --json`: instants in ISO-8601 UTC with
  /// milliseconds, the local wall-clock time with its offset, responses and sensor context.
  public var jsonValue: JSONValue {
    var object = JSONObjectBuilder()
    object.set("id", id)
    object.set("date", date.iso8601)
    object.set(
      "localTime",
      localTime.iso8601(fraction: false, zone: offsetDesignator(seconds: utcOffsetSeconds)))
    object.set("timeZone", timeZoneIdentifier)
    object.set("utcOffset", utcOffsetSeconds)
    object.set("kind", kind.rawValue)
    object.set("trigger", trigger.rawValue)
    object.set("isDraft", isDraft)
    object.set("promptGroupID", promptGroupID)
    object.set("responses", .array(responses.map(\.jsonValue)))
    let contextValue = context.jsonValue
    if case .object(let members) = contextValue, !members.isEmpty {
      object.set("context", contextValue)
    }
    return object.value
  }
}

extension Response {
  /// One answer: the prompt, whether it was skipped, and its payloads.
  public var jsonValue: JSONValue {
    var object = JSONObjectBuilder()
    object.set("id", id)
    object.set("questionID", questionID)
    object.set("prompt", questionPrompt)
    object.set("skipped", isSkipped)
    if let tokens { object.set("tokens", .array(tokens.map { .string($0.text) })) }
    if let options { object.set("options", .array(options.map { .string($0) })) }
    if let location {
      object.set("location", location.text)
      if let latitude = location.location?.latitude, let longitude = location.location?.longitude {
        object.set("coordinates", .array([.double(latitude), .double(longitude)]))
      }
    }
    object.set("number", number)
    if let notes { object.set("notes", .array(notes.map { .string($0.text) })) }
    if let time {
      object.set("time", time.clockText)
      if time.dayOffset != 0 { object.set("dayOffset", time.dayOffset) }
    }
    return object.value
  }
}

extension SensorContext {
  /// The captured context; absent readings are left out.
  public var jsonValue: JSONValue {
    var object = JSONObjectBuilder()
    object.set("battery", battery)
    if let connection {
      object.set("connection", connectionType?.displayName ?? String(connection))
    }
    object.set("altitudeMeters", altitudeMeters)
    if let audio {
      object.set(
        "audio", .object([("avg", .double(audio.average)), ("peak", .double(audio.peak))]))
    }
    if let location {
      var place = JSONObjectBuilder()
      place.set("latitude", location.latitude)
      place.set("longitude", location.longitude)
      place.set("name", location.placemark?.name)
      place.set("locality", location.placemark?.locality)
      place.set("country", location.placemark?.country)
      object.set("location", place.value)
    }
    if let weather {
      var conditions = JSONObjectBuilder()
      conditions.set("condition", weather.condition)
      conditions.set("tempC", weather.tempC)
      conditions.set("tempF", weather.tempF)
      conditions.set("relativeHumidity", weather.relativeHumidity)
      conditions.set("windKPH", weather.windKPH)
      object.set("weather", conditions.value)
    }
    if !photos.isEmpty { object.set("photoCount", photos.count) }
    if !health.isEmpty {
      object.set(
        "health",
        .array(
          health.map {
            .object([
              ("type", .string($0.type)), ("value", .double($0.value)), ("unit", .string($0.unit)),
            ])
          }))
    }
    if let focus, focus.isFocused { object.set("focus", focus.label ?? "On") }
    if let media {
      var playing = JSONObjectBuilder()
      playing.set("source", media.source)
      playing.set("title", media.title)
      playing.set("artist", media.artist)
      object.set("media", playing.value)
    }
    return object.value
  }
}
