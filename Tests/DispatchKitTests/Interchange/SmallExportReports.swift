import DispatchKit

/// The six reports of `Fixtures/dispatch-v2/small-export.json`, rebuilt by hand.
enum SmallExportReports {
  typealias IDs = SmallExportDefinitions

  /// The instant of an ISO-8601 text from the fixture (the epoch if it does not parse, which
  /// the byte comparison would then show).
  static func at(_ text: String) -> Instant {
    Instant.parseISO8601(text)?.instant ?? Instant(milliseconds: 0)
  }

  /// A token of the fixture's `7E4B2A91-…-C2D3E4F5A6NN` series.
  static func token(_ number: String, _ text: String) -> TokenValue {
    TokenValue(id: "7E4B2A91-5C6D-4E8F-A0B1-C2D3E4F5A6" + number, text: text)
  }

  /// The Eastbrook placemark with its street parts.
  static func placemark(_ number: String, _ street: String, district: String) -> Placemark {
    Placemark(
      name: number + " " + street, thoroughfare: street, subThoroughfare: number,
      locality: "Eastbrook", subLocality: district, administrativeArea: "NJ",
      subAdministrativeArea: "Hollis County", postalCode: "07091", country: "United States")
  }

  static var reports: [Report] {
    [foundry, wake, millPond, larkspur, bedtime, lisbon]
  }

  static var foundry: Report {
    var weather = WeatherObservation()
    weather.condition = "Mostly Cloudy"
    weather.dewpointC = 5
    weather.feelslikeC = 11
    weather.feelslikeF = 51.8
    weather.precipTodayIn = 0
    weather.precipTodayMetric = 0
    weather.pressureIn = 30.05
    weather.pressureMb = 1018
    weather.relativeHumidity = "62%"
    weather.stationID = "KNJEASTB12"
    weather.tempC = 11
    weather.tempF = 51.8
    weather.uv = 2
    weather.visibilityKM = 16.1
    weather.visibilityMi = 10
    weather.windDegrees = 250
    weather.windDirection = "WSW"
    weather.windKPH = 13.7
    weather.windMPH = 8.5
    let context = SensorContext(
      battery: 0.57, connection: 1, altitudeMeters: 34.25,
      audio: AudioLevel(average: -44.31, peak: -31.5),
      location: LocationSnapshot(
        latitude: 40.805112, longitude: -74.340187, altitude: 34.25, horizontalAccuracy: 10,
        verticalAccuracy: 6, speed: -1, course: 0, timestamp: at("2016-03-14T19:02:39.000Z"),
        placemark: placemark("300", "Foundry St", district: "Foundry District")),
      weather: weather,
      health: [
        HealthReading(type: "flightsAscended", value: 2, unit: "count"),
        HealthReading(type: "flightsDescended", value: 1, unit: "count"),
        HealthReading(type: "steps", value: 1_466, unit: "count"),
      ])
    let response = "1B6E0A57-2C93-4D18-8F4A-6E0D3B9C2A7"
    return Report(
      id: "0F3A9C62-7B14-4D8E-A5C0-E19B2D7F4A63", date: at("2016-03-14T19:02:41.000Z"),
      timeZoneIdentifier: "GMT-0400", utcOffsetSeconds: -14_400, trigger: .notification,
      legacyImpetus: 2, legacySectionIdentifier: "1-2016-3-14", context: context,
      responses: [
        Response(
          id: response + "3", questionID: IDs.with, questionPrompt: "Who are you with?"),
        Response(
          id: response + "1", questionID: IDs.working, questionPrompt: "Are you working?",
          options: ["Yes"]),
        Response(
          id: response + "2", questionID: IDs.doing, questionPrompt: "What are you doing?",
          tokens: [
            TokenValue(id: "8D3F1C6A-0B2E-4A97-9C58-E47A1D2B6F01", text: "Working"),
            TokenValue(id: "8D3F1C6A-0B2E-4A97-9C58-E47A1D2B6F02", text: "Emails"),
          ]),
      ])
  }

  static var wake: Report {
    let night = (start: at("2026-07-06T03:21:00.000Z"), end: at("2026-07-06T10:30:00.000Z"))
    let context = SensorContext(
      battery: 0.93, connection: 1, audio: AudioLevel(average: -58.2, peak: -47.75),
      health: [
        HealthReading(
          type: "hrvSDNN", value: 48.5, unit: "ms", startDate: at("2026-07-06T08:12:30.000Z"),
          endDate: at("2026-07-06T08:13:30.000Z")),
        HealthReading(type: "restingHeartRate", value: 56, unit: "bpm"),
        HealthReading(
          type: "sleepCore", value: 14_820, unit: "s", startDate: night.start,
          endDate: night.end),
        HealthReading(
          type: "sleepDeep", value: 3_960, unit: "s", startDate: night.start, endDate: night.end),
        HealthReading(
          type: "sleepREM", value: 5_400, unit: "s", startDate: night.start, endDate: night.end),
      ],
      deviceState: DeviceState(
        isLowPowerMode: false, screenBrightness: 0.31, interfaceStyle: "dark"))
    let response = "2C7F1B68-3DA4-4E29-9A5B-7F1E4C0D3B8"
    return Report(
      id: "6A1D4E83-C2B7-4F90-9E15-3B8A7C0D2F41", date: at("2026-07-06T10:41:07.000Z"),
      timeZoneIdentifier: "America/New_York", utcOffsetSeconds: -14_400, kind: .wake,
      trigger: .wake, context: context,
      responses: [
        Response(
          id: response + "1", questionID: IDs.sleep, questionPrompt: "How did you sleep?",
          options: ["OK"]),
        Response(
          id: response + "2", questionID: IDs.fellAsleep,
          questionPrompt: "What time did you fall asleep?",
          time: TimeAnswer(minutes: 1_395, dayOffset: -1)),
        Response(
          id: response + "3", questionID: IDs.energy, questionPrompt: "Energy level?",
          number: "6.5"),
        Response(
          id: response + "4", questionID: IDs.minutesAsleep, questionPrompt: "Minutes of sleep?",
          number: "446"),
      ])
  }
}
