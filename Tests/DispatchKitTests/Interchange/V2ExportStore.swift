import DispatchKit

/// A small hand-built store for the v2 golden file: every payload kind, every context
/// structure, both group shapes with nested objects, and people with and without alternates.
/// Records are listed out of order so the golden file also pins the export's sort orders.
enum V2ExportStore {
  static var questions: [Question] {
    [
      Question(
        id: "q-scale", prompt: "How stressed are you?", type: .number, sortOrder: 2,
        inputStyle: .scale, inputMinimum: 1, inputMaximum: 5, inputStep: 1,
        defaultAnswer: "3", visualization: .graph),
      Question(
        id: "q-mood", prompt: "Mood / energy?", type: .multipleChoice, sortOrder: 1,
        reportKinds: [.regular, .wake], placeholder: "Pick one", choices: ["Low", "High"],
        allowsMultipleSelectionSetting: false, stateOfMindKind: "mood"),
      Question(
        id: "q-count", prompt: "Glasses of water?", type: .number, sortOrder: 1,
        isEnabled: false, inputStyle: .textField, inputStep: 0.5),
      Question(id: "q-bed", prompt: "When did you fall asleep?", type: .time, sortOrder: 0),
    ]
  }

  static var reports: [Report] {
    var weather = WeatherObservation()
    weather.tempC = 21.5
    weather.condition = "Light Rain"
    weather.relativeHumidity = "81%"
    weather.windDirection = "SSW"
    weather.uv = 0
    let full = SensorContext(
      battery: 0.5, connection: 9, altitudeMeters: -3.25,
      audio: AudioLevel(average: -60, peak: -41.75),
      location: LocationSnapshot(
        latitude: 51.5007, longitude: -0.1246, horizontalAccuracy: 65, floorLevel: 0,
        isSimulatedBySoftware: true, timestamp: Instant(milliseconds: 1_783_510_700_001),
        placemark: Placemark(name: "Westminster", locality: "London", country: "UK")),
      weather: weather,
      photos: [
        Photo(id: "photo-b", assetURL: "file:///home/me/Pictures/b.jpg", pixelWidth: 640),
        Photo(id: "photo-a", dateTime: Instant(milliseconds: 1_783_510_000_000)),
      ],
      health: [
        HealthReading(type: "steps", value: 1e20, unit: "count"),
        HealthReading(
          type: "sleepDeep", value: 3_960, unit: "s",
          startDate: Instant(milliseconds: 1_783_480_000_000),
          endDate: Instant(milliseconds: 1_783_483_960_000)),
      ],
      focus: FocusState(label: nil, isFocused: false),
      media: MediaInfo(source: "otherAudio", playbackState: 2),
      deviceState: DeviceState(audioOutputRoute: "Speaker"),
      motion: MotionState(activity: "walking"),
      stateOfMindSampleIDs: ["som-1"])
    return [
      Report(
        id: "rep-b", date: Instant(milliseconds: 1_783_510_722_810),
        timeZoneIdentifier: "Europe/London", utcOffsetSeconds: 3_600, kind: .wake,
        trigger: ReportTrigger(rawValue: "teleport"), isDraft: true, isBackdated: true,
        wasInBackground: true, promptGroupID: "group-place", legacyImpetus: 4,
        legacySectionIdentifier: "1-2026-7-8", sourceDeviceModel: "x86_64",
        sourceDeviceName: "Linux", context: full,
        responses: [
          Response(
            id: "resp-3", questionID: "q-bed", questionPrompt: "When did you fall asleep?",
            time: TimeAnswer(minutes: 1_395, dayOffset: -1)),
          Response(
            id: "resp-1", questionID: "q-mood", questionPrompt: "Mood / energy?",
            options: ["High"]),
          Response(
            id: "resp-2", questionID: nil, questionPrompt: "Where are you?",
            location: LocationAnswer(
              text: "Big Ben", venueID: "4ac518cef964a520",
              location: LocationSnapshot(
                latitude: 51.5007, longitude: -0.1246))),
          Response(
            id: "resp-4", questionID: "q-scale", questionPrompt: "How stressed are you?",
            number: "2.0"),
          Response(
            id: "resp-5", questionID: "q-notes", questionPrompt: "Notes?",
            notes: [TokenValue(id: "note-1", text: "a \"quoted\" line\nand a\\path/")]),
          Response(
            id: "resp-6", questionID: "q-with", questionPrompt: "Who are you with?",
            tokens: [TokenValue(id: "tok-1", text: "Ada"), TokenValue(id: "tok-2", text: "Bo")]),
          Response(id: "resp-0", questionID: "q-skip", questionPrompt: "Skipped?"),
        ]),
      // Same instant as the next one: the ID breaks the tie.
      ExportFixtures.bare("rep-c", at: 1_700_000_000_123, zone: "GMT-0400", offset: -14_400),
      ExportFixtures.bare(
        "rep-a", at: 1_700_000_000_123, zone: "America/New_York", offset: -18_000,
        responses: [
          Response(
            id: "r-a", questionID: "q-bed", questionPrompt: "When did you fall asleep?",
            time: TimeAnswer(minutes: 540))
        ]),
    ]
  }

  static var promptGroups: [PromptGroup] {
    [
      PromptGroup(
        id: "group-place", name: "Arrived", scheduleKind: "placeTrigger", sortOrder: 1,
        questionIDs: ["q-mood", "q-gone"], monitorDirection: "arrival", monitorDelayMinutes: 5,
        monitorCancelsOnContradiction: false,
        placeRegion: PlaceRegion(latitude: 51.5, longitude: -0.12, radius: 150)),
      PromptGroup(
        id: "group-beacon", name: "Desk", scheduleKind: "beaconTrigger", isEnabled: false,
        sortOrder: 1, beacon: BeaconIdentity(uuid: "E2C56DB5", minor: 7, name: "Desk")),
      PromptGroup(
        id: "group-daily", name: "Evening", scheduleKind: "dailyAt", sortOrder: 0,
        questionIDs: ["q-bed"], scheduledTimes: ["21:30"], calendarMatchKind: "calendars",
        calendarIdentifiers: ["cal-1"], calendarTitleFilter: "Stand-up"),
    ]
  }

  static var people: [Person] {
    [
      Person(id: "p-2", displayName: "Zoë", usageCount: 4, questionCount: 1),
      Person(id: "p-1", displayName: "Ada", alternateNames: ["Countess", "A."]),
      Person(id: "p-0", displayName: "Ada"),
    ]
  }
}
