import DispatchCore
import DispatchSupport

/// The sensor-context members of a `V2Report` (docs/formats/dispatch-v2.md#context-fields).
extension V2Exporter {
  /// Adds the context's members to a report object; absent readings are left out.
  static func addContext(_ context: SensorContext, to object: inout JSONObjectBuilder) {
    object.set("battery", context.battery)
    object.set("altitudeMeters", context.altitudeMeters)
    // Unknown connection raws are kept verbatim (docs/formats/dispatch-v2.md#unknown-values).
    object.set("connection", context.connection)
    if let audio = context.audio {
      object.set(
        "audio", .object([("avg", .double(audio.average)), ("peak", .double(audio.peak))]))
    }
    if let location = context.location { object.set("location", locationValue(location)) }
    if let weather = context.weather { object.set("weather", weatherValue(weather)) }
    object.setNonEmpty("photos", context.photos.map(photoValue))
    // Readings keep their stored order: Dispatch sorts them by type when the report is built,
    // not when it is exported (docs/formats/dispatch-v2.md#health-readings).
    object.setNonEmpty("health", context.health.map(healthValue))
    if let focus = context.focus {
      var value = JSONObjectBuilder()
      value.set("label", focus.label)
      value.set("isFocused", focus.isFocused)
      object.set("focus", value.value)
    }
    if let media = context.media { object.set("media", mediaValue(media)) }
    object.setNonEmpty("stateOfMindSampleIDs", context.stateOfMindSampleIDs.map(JSONValue.string))
    // The model keeps device state and motion flat; the JSON groups them and leaves a group
    // out when every field is nil (docs/formats/dispatch-v2.md#context-fields).
    if let state = context.deviceState {
      var value = JSONObjectBuilder()
      value.set("isLowPowerMode", state.isLowPowerMode)
      value.set("screenBrightness", state.screenBrightness)
      value.set("interfaceStyle", state.interfaceStyle)
      value.set("audioOutputRoute", state.audioOutputRoute)
      object.setNonEmpty("deviceState", value)
    }
    if let motion = context.motion {
      var value = JSONObjectBuilder()
      value.set("motionActivity", motion.activity)
      value.set("barometricPressureKPa", motion.barometricPressureKPa)
      object.setNonEmpty("motion", value)
    }
  }

  /// A `LocationSnapshot`: every field optional, the placemark nested
  /// (docs/formats/dispatch-v2.md#context-fields).
  static func locationValue(_ location: LocationSnapshot) -> JSONValue {
    var object = JSONObjectBuilder()
    object.set("latitude", location.latitude)
    object.set("longitude", location.longitude)
    object.set("altitude", location.altitude)
    object.set("horizontalAccuracy", location.horizontalAccuracy)
    object.set("verticalAccuracy", location.verticalAccuracy)
    object.set("speed", location.speed)
    object.set("speedAccuracy", location.speedAccuracy)
    object.set("course", location.course)
    object.set("courseAccuracy", location.courseAccuracy)
    object.set("floorLevel", location.floorLevel)
    object.set("isSimulatedBySoftware", location.isSimulatedBySoftware)
    object.set("isProducedByAccessory", location.isProducedByAccessory)
    object.set("trueHeading", location.trueHeading)
    object.set("magneticHeading", location.magneticHeading)
    object.set("headingAccuracy", location.headingAccuracy)
    object.set("timestamp", location.timestamp?.iso8601)
    if let placemark = location.placemark {
      var place = JSONObjectBuilder()
      place.set("name", placemark.name)
      place.set("thoroughfare", placemark.thoroughfare)
      place.set("subThoroughfare", placemark.subThoroughfare)
      place.set("locality", placemark.locality)
      place.set("subLocality", placemark.subLocality)
      place.set("administrativeArea", placemark.administrativeArea)
      place.set("subAdministrativeArea", placemark.subAdministrativeArea)
      place.set("postalCode", placemark.postalCode)
      place.set("country", placemark.country)
      // A placemark with no fields is still a present (empty) object in Dispatch's model.
      object.set("placemark", place.value)
    }
    return object.value
  }

  /// A `WeatherObservation` with Dispatch's field names
  /// (docs/formats/dispatch-v2.md#context-fields).
  static func weatherValue(_ weather: WeatherObservation) -> JSONValue {
    var object = JSONObjectBuilder()
    object.set("tempF", weather.tempF)
    object.set("tempC", weather.tempC)
    object.set("condition", weather.condition)
    object.set("relativeHumidity", weather.relativeHumidity)
    object.set("windMPH", weather.windMPH)
    object.set("windKPH", weather.windKPH)
    object.set("windGustMPH", weather.windGustMPH)
    object.set("windGustKPH", weather.windGustKPH)
    object.set("windDirection", weather.windDirection)
    object.set("windDegrees", weather.windDegrees)
    object.set("pressureIn", weather.pressureIn)
    object.set("pressureMb", weather.pressureMb)
    object.set("visibilityMi", weather.visibilityMi)
    object.set("visibilityKM", weather.visibilityKM)
    object.set("feelslikeF", weather.feelslikeF)
    object.set("feelslikeC", weather.feelslikeC)
    object.set("dewpointC", weather.dewpointC)
    object.set("precipTodayIn", weather.precipTodayIn)
    object.set("precipTodayMetric", weather.precipTodayMetric)
    object.set("uv", weather.uv)
    object.set("stationID", weather.stationID)
    return object.value
  }

  /// A photo reference; note Dispatch's key spelling `assetUrl`
  /// (docs/formats/dispatch-v2.md#context-fields).
  static func photoValue(_ photo: Photo) -> JSONValue {
    var object = JSONObjectBuilder()
    object.set("uniqueIdentifier", photo.id)
    object.set("assetUrl", photo.assetURL)
    object.set("pixelWidth", photo.pixelWidth)
    object.set("pixelHeight", photo.pixelHeight)
    object.set("dateTime", photo.dateTime?.iso8601)
    object.set("latitude", photo.latitude)
    object.set("longitude", photo.longitude)
    return object.value
  }

  /// A health reading `{type, value, unit, startDate?, endDate?}`
  /// (docs/formats/dispatch-v2.md#health-readings).
  static func healthValue(_ reading: HealthReading) -> JSONValue {
    var object = JSONObjectBuilder()
    object.set("type", reading.type)
    object.set("value", reading.value)
    object.set("unit", reading.unit)
    object.set("startDate", reading.startDate?.iso8601)
    object.set("endDate", reading.endDate?.iso8601)
    return object.value
  }

  /// Now-playing media; `source` and `playbackState` are written as raw values
  /// (docs/formats/dispatch-v2.md#context-fields, docs/formats/dispatch-v2.md#unknown-values).
  static func mediaValue(_ media: MediaInfo) -> JSONValue {
    var object = JSONObjectBuilder()
    object.set("source", media.source)
    object.set("title", media.title)
    object.set("artist", media.artist)
    object.set("album", media.album)
    object.set("playbackState", media.playbackState)
    object.set("spotifyTrackURI", media.spotifyTrackURI)
    object.set("appleMusicStoreID", media.appleMusicStoreID)
    return object.value
  }
}
