import DispatchKit

/// The last four reports of `small-export.json`.
extension SmallExportReports {
  static var millPond: Report {
    var weather = WeatherObservation()
    weather.condition = "Partly Cloudy"
    weather.dewpointC = 19.5
    weather.feelslikeC = 31.1
    weather.feelslikeF = 88
    weather.pressureIn = 29.97
    weather.pressureMb = 1015
    weather.relativeHumidity = "58%"
    weather.tempC = 29
    weather.tempF = 84.2
    weather.uv = 7
    weather.visibilityKM = 15.3
    weather.visibilityMi = 9.5
    weather.windDegrees = 225
    weather.windDirection = "SW"
    weather.windGustKPH = 22.5
    weather.windGustMPH = 14
    weather.windKPH = 10
    weather.windMPH = 6.2
    let context = SensorContext(
      battery: 0.71, connection: 5, altitudeMeters: 38.5,
      audio: AudioLevel(average: -36.04, peak: -22.5),
      location: LocationSnapshot(
        latitude: 40.818902, longitude: -74.355081, altitude: 38.5, horizontalAccuracy: 12.5,
        verticalAccuracy: 4.75, speed: 0, speedAccuracy: 0.5, course: -1, courseAccuracy: -1,
        floorLevel: 1, isSimulatedBySoftware: false, isProducedByAccessory: false,
        timestamp: at("2026-07-06T14:03:25.000Z"),
        placemark: placemark("7", "Mill Pond Rd", district: "Millbrook Heights")),
      weather: weather,
      photos: [
        Photo(
          id: "D5E6F7A8-B9C0-4D1E-8F2A-3B4C5D6E7F80",
          assetURL: "ph://4C1B8E2D-6A3F-4E90-B7D5-1F2A3C4D5E6F/L0/001", pixelWidth: 4_032,
          pixelHeight: 3_024, dateTime: at("2026-07-06T13:40:12.000Z"), latitude: 40.818811,
          longitude: -74.355201)
      ],
      health: [
        HealthReading(
          type: "heartRateAvg", value: 78, unit: "bpm", startDate: at("2026-07-06T13:33:27.000Z"),
          endDate: at("2026-07-06T14:03:27.000Z")),
        HealthReading(type: "heartRateLatest", value: 81, unit: "bpm"),
        HealthReading(type: "steps", value: 2_310, unit: "count"),
      ],
      focus: FocusState(label: "Work", isFocused: true),
      deviceState: DeviceState(
        isLowPowerMode: false, screenBrightness: 0.62, interfaceStyle: "light",
        audioOutputRoute: "Headphones"),
      motion: MotionState(activity: "stationary", barometricPressureKPa: 101.2))
    let response = "3D8A2C79-4EB5-4F3A-AB6C-8A2F5D1E4C9"
    return Report(
      id: "9C2E5B14-A7F3-4D06-B8E1-5D4C3A2B1F90", date: at("2026-07-06T14:03:27.512Z"),
      timeZoneIdentifier: "America/New_York", utcOffsetSeconds: -14_400, trigger: .notification,
      promptGroupID: IDs.groupID(1), sourceDeviceModel: "iPhone17,1", sourceDeviceName: "iPhone",
      context: context,
      responses: [
        Response(
          id: response + "1", questionID: IDs.whereAreYou, questionPrompt: "Where are you?",
          location: LocationAnswer(
            text: "Bellweather Coffee", venueID: "52f1c0a7498e3b6c1d2e4f90",
            location: LocationSnapshot(
              latitude: 40.81883, longitude: -74.35497,
              timestamp: at("2026-05-30T15:11:02.000Z")))),
        Response(
          id: response + "2", questionID: IDs.with, questionPrompt: "Who are you with?",
          tokens: [token("01", "Toby"), token("02", "Lena Okonkwo")]),
        Response(
          id: response + "3", questionID: IDs.doing, questionPrompt: "What are you doing?",
          tokens: [token("03", "Coffee"), token("04", "Planning")]),
        Response(
          id: response + "4", questionID: IDs.working, questionPrompt: "Are you working?",
          options: ["Yes"]),
        Response(
          id: response + "5", questionID: IDs.stressed, questionPrompt: "How stressed are you?",
          number: "2"),
      ])
  }

  static var larkspur: Report {
    let context = SensorContext(
      battery: 0.48, connection: 1,
      location: LocationSnapshot(
        latitude: 40.812351, longitude: -74.361722, horizontalAccuracy: 35,
        timestamp: at("2026-07-06T21:29:41.000Z"),
        placemark: placemark("18", "Larkspur Ln", district: "Millbrook Heights")),
      media: MediaInfo(
        source: "spotify", title: "Lanterns Over Alder Street", artist: "The Wexford Quartet",
        album: "Night Shift Radio", playbackState: 1,
        spotifyTrackURI: "spotify:track:0a1B2c3D4e5F6g7H8i9J0k"))
    let response = "4E9B3D8A-5FC6-4A4B-BC7D-9B3A6E2F5DA"
    return Report(
      id: "B4F7A2D9-1E6C-4B38-9D05-6C8E1A3F2B57", date: at("2026-07-06T21:30:00.250Z"),
      timeZoneIdentifier: "America/New_York", utcOffsetSeconds: -14_400,
      trigger: .visitArrival, wasInBackground: true, promptGroupID: IDs.groupID(4),
      context: context,
      responses: [
        Response(
          id: response + "1", questionID: IDs.whereAreYou, questionPrompt: "Where are you?",
          location: LocationAnswer(text: "Home")),
        Response(id: response + "2", questionID: IDs.with, questionPrompt: "Who are you with?"),
        Response(
          id: response + "3", questionID: IDs.doing, questionPrompt: "What are you doing?",
          tokens: [token("05", "Cooking")]),
        Response(
          id: response + "4", questionID: IDs.anxious,
          questionPrompt: "Are you feeling anxious?", options: ["No"]),
      ])
  }

  static var bedtime: Report {
    let context = SensorContext(
      battery: 0.22, connection: 1,
      health: [
        HealthReading(type: "activity.exercise", value: 34, unit: "min"),
        HealthReading(type: "activity.exerciseGoal", value: 30, unit: "min"),
        HealthReading(type: "activity.move", value: 512, unit: "kcal"),
        HealthReading(type: "activity.moveGoal", value: 500, unit: "kcal"),
        HealthReading(type: "caffeine", value: 190, unit: "mg"),
      ],
      stateOfMindSampleIDs: ["91C3E7A2-4F8B-4D16-B5E9-2A7C0F3D8E64"])
    let response = "5F0C4E9B-6AD7-4B5C-8D8E-AC4B7F3A6EB"
    let lesson =
      "Stepper inputs beat sliders for counts — fewer mis-taps.\n"
      + "Ask Lena about the / vs \\ path bug."
    return Report(
      id: "C8A3E6F1-2B9D-4C57-A1E4-7D9F2B4C6E13", date: at("2026-07-07T03:18:44.000Z"),
      timeZoneIdentifier: "America/New_York", utcOffsetSeconds: -14_400, kind: .sleep,
      isBackdated: true, context: context,
      responses: [
        Response(
          id: response + "1", questionID: IDs.coffees,
          questionPrompt: "How many coffees did you have today?", number: "3"),
        Response(
          id: response + "2", questionID: IDs.anxious,
          questionPrompt: "Are you feeling anxious?", options: ["Yes"]),
        Response(
          id: response + "3", questionID: IDs.water, questionPrompt: "Glasses of water today?",
          number: "7"),
        Response(
          id: response + "4", questionID: IDs.learn, questionPrompt: "What did you learn today?",
          notes: [token("06", lesson)]),
      ])
  }

  static var lisbon: Report {
    let response = "6A1D5F0C-7BE8-4C6D-9E9F-BD5C8A4B7FC"
    return Report(
      id: "E2D5B8A4-3C1F-4E6A-9B7D-0F2E4A6C8B35", date: at("2026-07-08T12:05:09.000Z"),
      timeZoneIdentifier: "Europe/Lisbon", utcOffsetSeconds: 3_600, trigger: .widget,
      sourceDeviceModel: "iPhone17,1",
      context: SensorContext(
        battery: 0.66, connection: 4, audio: AudioLevel(average: -29.5, peak: -12)),
      responses: [
        Response(
          id: response + "1", questionID: IDs.stressed, questionPrompt: "How stressed are you?",
          number: "4"),
        // Joined by prompt only, as Reporter-era answers are.
        Response(
          id: response + "2", questionID: nil, questionPrompt: "What are you doing?",
          tokens: [token("07", "Travelling"), token("08", "Reading")]),
        Response(
          id: response + "3", questionID: IDs.fellAsleep,
          questionPrompt: "What time did you fall asleep?", time: TimeAnswer(minutes: 75)),
      ])
  }
}
