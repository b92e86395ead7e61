import DispatchKit

/// Reports shared by the store tests.
enum ReportFixtures {
  /// A report with every context field set and one response of every payload kind.
  ///
  /// Response IDs sort in list order because the store returns a report's responses by ID,
  /// as Dispatch's v2 export orders them (docs/formats/dispatch-v2.md#record-order).
  static var everything: Report {
    Report(
      id: "8C7D4E5F-0000-4000-8000-00000000FULL", date: Instant(milliseconds: 1_783_510_722_810),
      timeZoneIdentifier: "Europe/Paris", utcOffsetSeconds: 7_200, kind: .wake,
      trigger: .notification, isDraft: false, isBackdated: true, wasInBackground: true,
      promptGroupID: "group-1", legacyImpetus: 3, legacySectionIdentifier: "2026-07-08",
      sourceDeviceModel: "ThinkPad", sourceDeviceName: "work laptop", context: context,
      responses: responses)
  }

  static var context: SensorContext {
    var weather = WeatherObservation()
    weather.tempF = 71.6
    weather.tempC = 22
    weather.condition = "Partly Cloudy"
    weather.relativeHumidity = "60%"
    weather.windMPH = 5.6
    weather.windKPH = 9
    weather.windGustMPH = 11.2
    weather.windGustKPH = 18
    weather.windDirection = "NW"
    weather.windDegrees = 315
    weather.pressureIn = 30.01
    weather.pressureMb = 1016
    weather.visibilityMi = 6.2
    weather.visibilityKM = 10
    weather.feelslikeF = 70
    weather.feelslikeC = 21.1
    weather.dewpointC = 13.5
    weather.precipTodayIn = 0.02
    weather.precipTodayMetric = 0.5
    weather.uv = 6
    weather.stationID = "LFPB"
    return SensorContext(
      battery: 0.42, connection: 4, altitudeMeters: 35.5,
      audio: AudioLevel(average: -42.25, peak: -12.5), location: snapshot, weather: weather,
      photos: [
        Photo(
          id: "photo-2", assetURL: "file:///photos/2.jpg", pixelWidth: 4032, pixelHeight: 3024,
          dateTime: Instant(milliseconds: 1_783_510_000_000), latitude: 48.8566,
          longitude: 2.3522),
        Photo(id: "photo-1"),
      ],
      health: [
        HealthReading(
          type: "steps", value: 5_321, unit: "count",
          startDate: Instant(milliseconds: 1_783_468_800_000),
          endDate: Instant(milliseconds: 1_783_510_722_810)),
        HealthReading(type: "heartRate", value: 61.5, unit: "count/min"),
      ],
      focus: FocusState(label: "Work", isFocused: true),
      media: MediaInfo(
        source: "spotify", title: "Song", artist: "Artist", album: "Album", playbackState: 1,
        spotifyTrackURI: "spotify:track:123", appleMusicStoreID: "456"),
      deviceState: DeviceState(
        isLowPowerMode: false, screenBrightness: 0.8, interfaceStyle: "dark",
        audioOutputRoute: "Headphones"),
      motion: MotionState(activity: "walking", barometricPressureKPa: 101.3),
      stateOfMindSampleIDs: ["mind-b", "mind-a"])
  }

  static var snapshot: LocationSnapshot {
    LocationSnapshot(
      latitude: 48.8566, longitude: 2.3522, altitude: 35.5, horizontalAccuracy: 5,
      verticalAccuracy: 3, speed: 1.2, speedAccuracy: 0.5, course: 90, courseAccuracy: 10,
      floorLevel: 2, isSimulatedBySoftware: false, isProducedByAccessory: true,
      trueHeading: 91, magneticHeading: 89.5, headingAccuracy: 4,
      timestamp: Instant(milliseconds: 1_783_510_720_000),
      placemark: Placemark(
        name: "Café de Flore", thoroughfare: "Boulevard Saint-Germain", subThoroughfare: "172",
        locality: "Paris", subLocality: "6e", administrativeArea: "Île-de-France",
        subAdministrativeArea: "Paris", postalCode: "75006", country: "France"))
  }

  static var responses: [Response] {
    [
      Response(
        id: "r1-tokens", questionID: "q-doing", questionPrompt: "What are you doing?",
        tokens: [TokenValue(id: "t2", text: "writing"), TokenValue(id: "t1", text: "coffee")]),
      Response(
        id: "r2-options", questionID: "q-sleep", questionPrompt: "How did you sleep?",
        options: ["OK", "Great"]),
      Response(
        id: "r3-location", questionID: "q-where", questionPrompt: "Where are you?",
        location: LocationAnswer(text: "Café de Flore", venueID: "venue-9", location: snapshot)),
      Response(
        id: "r4-number", questionID: "q-coffees",
        questionPrompt: "How many coffees did you have today?", number: "2.50"),
      Response(
        id: "r5-notes", questionID: nil, questionPrompt: "What did you learn today?",
        notes: [TokenValue(id: "n1", text: "line one\nline two"), TokenValue(id: "n2", text: "")]),
      Response(
        id: "r6-time", questionID: "q-bed", questionPrompt: "When did you go to bed?",
        time: TimeAnswer(minutes: 1_410, dayOffset: -1)),
      Response(id: "r7-skip", questionID: "q-with", questionPrompt: "Who are you with?"),
      Response(
        id: "r8-empty-tokens", questionID: "q-doing-2", questionPrompt: "What else?",
        tokens: []),
      Response(
        id: "r9-place-only", questionID: "q-where", questionPrompt: "Where are you?",
        location: LocationAnswer(text: "Home")),
    ]
  }

  /// Reports whose IDs share prefixes, for lookups by prefix.
  static var prefixed: [Report] {
    [
      "7A1B2C3D-0000-4000-8000-000000000001", "7A1B0000-0000-4000-8000-000000000009",
      "7A1C0000-0000-4000-8000-000000000002", "D8AF0000-0000-4000-8000-000000000003",
    ].enumerated().map { index, id in
      Report(
        id: id, date: Instant(milliseconds: Int64(index) * 1_000), timeZoneIdentifier: "UTC",
        utcOffsetSeconds: 0)
    }
  }
}
