import DispatchKit

/// Hand-built records for the exporter tests.
enum ExportFixtures {
  /// 2016-02-11T23:08:54Z, the date of Reporter's `snap-1` (docs/formats/exports.md#reports-csv).
  static let snap1Date = Instant(milliseconds: 1_455_232_134_000)

  /// The seven question kinds of the Reporter fixture, in survey order.
  static var snap1Questions: [Question] {
    [
      Question(id: "q-tokens", prompt: "What are you doing?", type: .tokens, sortOrder: 0),
      Question(
        id: "q-multi", prompt: "How busy are you?", type: .multipleChoice, sortOrder: 1,
        choices: ["Low", "High"]),
      Question(id: "q-yesno", prompt: "Are you working?", type: .yesNo, sortOrder: 2),
      Question(id: "q-location", prompt: "Where are you?", type: .location, sortOrder: 3),
      Question(id: "q-people", prompt: "Who are you with?", type: .people, sortOrder: 4),
      Question(id: "q-number", prompt: "How many coffees?", type: .number, sortOrder: 5),
      Question(id: "q-note", prompt: "What did you learn?", type: .note, sortOrder: 6),
    ]
  }

  /// A report built like `snap-1` from the values of the reference row of
  /// docs/formats/exports.md#reports-csv.
  static var snap1: Report {
    var weather = WeatherObservation()
    weather.condition = "Mostly Cloudy"
    weather.tempF = 68.7
    let context = SensorContext(
      battery: 0.96, connection: 0, altitudeMeters: 12.5,
      audio: AudioLevel(average: -43.57, peak: -34),
      location: LocationSnapshot(
        latitude: 40.0001, longitude: -75.0001, placemark: Placemark(locality: "Riverton")),
      weather: weather, health: [HealthReading(type: "steps", value: 481, unit: "count")])
    return Report(
      id: "snap-1", date: snap1Date, timeZoneIdentifier: "GMT-0400", utcOffsetSeconds: -14_400,
      legacyImpetus: 0, legacySectionIdentifier: "1-2016-2-11", context: context,
      responses: [
        Response(
          id: "r-1a", questionID: "q-tokens", questionPrompt: "What are you doing?",
          tokens: [TokenValue(id: "t-1", text: "Working"), TokenValue(id: "t-2", text: "Coding")]),
        Response(
          id: "r-1b", questionID: "q-multi", questionPrompt: "How busy are you?",
          options: ["Low"]),
        Response(
          id: "r-1c", questionID: "q-yesno", questionPrompt: "Are you working?",
          options: ["Yes"]),
        Response(id: "r-1d", questionID: "q-location", questionPrompt: "Where are you?"),
        Response(id: "r-1e", questionID: "q-people", questionPrompt: "Who are you with?"),
        Response(
          id: "r-1f", questionID: "q-number", questionPrompt: "How many coffees?", number: "3"),
        Response(
          id: "r-1g", questionID: "q-note", questionPrompt: "What did you learn?",
          notes: [TokenValue(id: "n-1", text: "Commas, and \"quotes\" happen")]),
      ])
  }

  /// A report with only the required fields, in UTC.
  static func bare(
    _ id: String, at milliseconds: Int64, zone: String = "GMT", offset: Int = 0,
    kind: ReportKind = .regular, responses: [Response] = []
  ) -> Report {
    Report(
      id: id, date: Instant(milliseconds: milliseconds), timeZoneIdentifier: zone,
      utcOffsetSeconds: offset, kind: kind, responses: responses)
  }

  /// 2023-11-14T22:13:20Z.
  static let novemberFourteenth: Int64 = 1_700_000_000_000
}
