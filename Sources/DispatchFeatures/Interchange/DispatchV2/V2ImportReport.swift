import DispatchCore

/// Reports, their sensor context and responses (docs/formats/dispatch-v2.md#context-fields,
/// docs/formats/dispatch-v2.md#responses).
extension V2RecordReader {
  /// A `V2Report`. `kind` is kept raw (docs/formats/dispatch-v2.md#importing); a `trigger` this
  /// version does not know reads as `.manual`, as Dispatch's lenient decoder does
  /// (docs/formats/dispatch-v2.md#unknown-values).
  static func report(_ object: V2Fields, notes: inout V2Notes) throws(V2RecordError) -> Report {
    let date = try object.date("date")
    let zone = try object.string("timeZone")
    var offset = 0
    if let known = ZoneLookup.offset(zone, at: date) {
      offset = known
    } else {
      notes.append(
        ("timeZone", "unknown time zone \(V2Fields.quote(zone)), local times read in UTC"))
    }
    let triggerRaw = try object.string("trigger")
    let trigger = ReportTrigger(rawValue: triggerRaw)
    return Report(
      id: try object.string("uniqueIdentifier"), date: date, timeZoneIdentifier: zone,
      utcOffsetSeconds: offset, kind: ReportKind(rawValue: try object.string("kind")),
      trigger: ReportTrigger.known.contains(trigger) ? trigger : .manual,
      isDraft: try object.bool("isDraft"), isBackdated: try object.bool("isBackdated"),
      wasInBackground: try object.bool("wasInBackground"),
      promptGroupID: try object.optionalString("promptGroupID"),
      legacyImpetus: try object.optionalInt("legacyImpetus"),
      legacySectionIdentifier: try object.optionalString("legacySectionIdentifier"),
      sourceDeviceModel: try object.optionalString("sourceDeviceModel"),
      sourceDeviceName: try object.optionalString("sourceDeviceName"),
      context: try context(object),
      responses: try object.optionalObjects("responses", response) ?? [])
  }

  /// The sensor context; `deviceState` and `motion` are grouped in JSON, flat in the app.
  static func context(_ object: V2Fields) throws(V2RecordError) -> SensorContext {
    var context = SensorContext(
      battery: try object.optionalDouble("battery"),
      connection: try object.optionalInt("connection"),
      altitudeMeters: try object.optionalDouble("altitudeMeters"),
      location: try object.optionalObject("location").map(location),
      weather: try object.optionalObject("weather").map(weather),
      photos: try object.optionalObjects("photos", photo) ?? [],
      health: try object.optionalObjects("health", health) ?? [],
      stateOfMindSampleIDs: try object.optionalStrings("stateOfMindSampleIDs") ?? [])
    if let audio = try object.optionalObject("audio") {
      context.audio = AudioLevel(average: try audio.double("avg"), peak: try audio.double("peak"))
    }
    if let focus = try object.optionalObject("focus") {
      context.focus = FocusState(
        label: try focus.optionalString("label"), isFocused: try focus.bool("isFocused"))
    }
    if let media = try object.optionalObject("media") {
      context.media = MediaInfo(
        source: try media.string("source"), title: try media.optionalString("title"),
        artist: try media.optionalString("artist"), album: try media.optionalString("album"),
        playbackState: try media.int("playbackState"),
        spotifyTrackURI: try media.optionalString("spotifyTrackURI"),
        appleMusicStoreID: try media.optionalString("appleMusicStoreID"))
    }
    if let device = try object.optionalObject("deviceState") {
      let state = DeviceState(
        isLowPowerMode: try device.optionalBool("isLowPowerMode"),
        screenBrightness: try device.optionalDouble("screenBrightness"),
        interfaceStyle: try device.optionalString("interfaceStyle"),
        audioOutputRoute: try device.optionalString("audioOutputRoute"))
      context.deviceState = state.isEmpty ? nil : state
    }
    if let motion = try object.optionalObject("motion") {
      let state = MotionState(
        activity: try motion.optionalString("motionActivity"),
        barometricPressureKPa: try motion.optionalDouble("barometricPressureKPa"))
      context.motion = state.isEmpty ? nil : state
    }
    return context
  }

  /// A `LocationSnapshot`, every field optional.
  static func location(_ object: V2Fields) throws(V2RecordError) -> LocationSnapshot {
    var snapshot = LocationSnapshot(
      latitude: try object.optionalDouble("latitude"),
      longitude: try object.optionalDouble("longitude"),
      altitude: try object.optionalDouble("altitude"),
      horizontalAccuracy: try object.optionalDouble("horizontalAccuracy"),
      verticalAccuracy: try object.optionalDouble("verticalAccuracy"),
      speed: try object.optionalDouble("speed"),
      speedAccuracy: try object.optionalDouble("speedAccuracy"),
      course: try object.optionalDouble("course"),
      courseAccuracy: try object.optionalDouble("courseAccuracy"),
      floorLevel: try object.optionalInt("floorLevel"),
      isSimulatedBySoftware: try object.optionalBool("isSimulatedBySoftware"),
      isProducedByAccessory: try object.optionalBool("isProducedByAccessory"),
      trueHeading: try object.optionalDouble("trueHeading"),
      magneticHeading: try object.optionalDouble("magneticHeading"),
      headingAccuracy: try object.optionalDouble("headingAccuracy"),
      timestamp: try object.optionalDate("timestamp"))
    if let place = try object.optionalObject("placemark") {
      snapshot.placemark = Placemark(
        name: try place.optionalString("name"),
        thoroughfare: try place.optionalString("thoroughfare"),
        subThoroughfare: try place.optionalString("subThoroughfare"),
        locality: try place.optionalString("locality"),
        subLocality: try place.optionalString("subLocality"),
        administrativeArea: try place.optionalString("administrativeArea"),
        subAdministrativeArea: try place.optionalString("subAdministrativeArea"),
        postalCode: try place.optionalString("postalCode"),
        country: try place.optionalString("country"))
    }
    return snapshot
  }

  /// A `WeatherObservation`, every field optional.
  static func weather(_ object: V2Fields) throws(V2RecordError) -> WeatherObservation {
    var weather = WeatherObservation()
    weather.tempF = try object.optionalDouble("tempF")
    weather.tempC = try object.optionalDouble("tempC")
    weather.condition = try object.optionalString("condition")
    weather.relativeHumidity = try object.optionalString("relativeHumidity")
    weather.windMPH = try object.optionalDouble("windMPH")
    weather.windKPH = try object.optionalDouble("windKPH")
    weather.windGustMPH = try object.optionalDouble("windGustMPH")
    weather.windGustKPH = try object.optionalDouble("windGustKPH")
    weather.windDirection = try object.optionalString("windDirection")
    weather.windDegrees = try object.optionalDouble("windDegrees")
    weather.pressureIn = try object.optionalDouble("pressureIn")
    weather.pressureMb = try object.optionalDouble("pressureMb")
    weather.visibilityMi = try object.optionalDouble("visibilityMi")
    weather.visibilityKM = try object.optionalDouble("visibilityKM")
    weather.feelslikeF = try object.optionalDouble("feelslikeF")
    weather.feelslikeC = try object.optionalDouble("feelslikeC")
    weather.dewpointC = try object.optionalDouble("dewpointC")
    weather.precipTodayIn = try object.optionalDouble("precipTodayIn")
    weather.precipTodayMetric = try object.optionalDouble("precipTodayMetric")
    weather.uv = try object.optionalDouble("uv")
    weather.stationID = try object.optionalString("stationID")
    return weather
  }

  static func photo(_ object: V2Fields) throws(V2RecordError) -> Photo {
    Photo(
      id: try object.string("uniqueIdentifier"), assetURL: try object.optionalString("assetUrl"),
      pixelWidth: try object.optionalInt("pixelWidth"),
      pixelHeight: try object.optionalInt("pixelHeight"),
      dateTime: try object.optionalDate("dateTime"),
      latitude: try object.optionalDouble("latitude"),
      longitude: try object.optionalDouble("longitude"))
  }

  static func health(_ object: V2Fields) throws(V2RecordError) -> HealthReading {
    HealthReading(
      type: try object.string("type"), value: try object.double("value"),
      unit: try object.string("unit"), startDate: try object.optionalDate("startDate"),
      endDate: try object.optionalDate("endDate"))
  }

  /// A `V2Response`: payloads are independent optionals and an empty list stays `[]`; no
  /// payload at all is a skip (docs/formats/dispatch-v2.md#responses).
  static func response(_ object: V2Fields) throws(V2RecordError) -> Response {
    var response = Response(
      id: try object.string("uniqueIdentifier"),
      questionID: try object.optionalString("questionIdentifier").map(questionID),
      questionPrompt: try object.string("questionPrompt"),
      tokens: try object.optionalObjects("tokens", token),
      options: try object.optionalStrings("answeredOptions"),
      // Kept as typed: consumers parse it with `Double(_)` (docs/formats/dispatch-v2.md#responses).
      number: try object.optionalString("numericResponse"),
      notes: try object.optionalObjects("textResponses", token))
    if let answer = try object.optionalObject("locationResponse") {
      response.location = LocationAnswer(
        text: try answer.optionalString("text"),
        venueID: try answer.optionalString("foursquareVenueId"),
        location: try answer.optionalObject("location").map(location))
    }
    if let time = try object.optionalObject("timeResponse") {
      response.time = TimeAnswer(
        minutes: try time.int("minutes"), dayOffset: try time.optionalInt("dayOffset") ?? 0)
    }
    return response
  }

  static func token(_ object: V2Fields) throws(V2RecordError) -> TokenValue {
    TokenValue(id: try object.string("uniqueIdentifier"), text: try object.string("text"))
  }
}
