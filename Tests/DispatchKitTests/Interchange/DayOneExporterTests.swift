import DispatchKit
import Testing

/// Day One's JSON import format (docs/formats/exports.md#day-one).
struct DayOneExporterTests {
  /// A regular report two days after a wake report, with answers and sensor readings.
  static var regular: Report {
    var weather = WeatherObservation()
    weather.condition = "Sunny"
    weather.tempF = 71.6
    weather.tempC = 22
    return Report(
      id: "later", date: Instant(milliseconds: 1_700_100_000_000), timeZoneIdentifier: "GMT",
      utcOffsetSeconds: 0,
      context: SensorContext(
        battery: 0.8, connection: 1, altitudeMeters: 12.4,
        audio: AudioLevel(average: -43.57, peak: -34),
        location: LocationSnapshot(
          latitude: 40.5, longitude: -75.25,
          placemark: Placemark(name: "", locality: "Riverton", administrativeArea: "NJ")),
        weather: weather, photos: [Photo(id: "p1")],
        health: [HealthReading(type: "steps", value: 481, unit: "count")],
        focus: FocusState(label: nil, isFocused: true),
        media: MediaInfo(source: "spotify", title: "Song", artist: "Band", playbackState: 1)),
      responses: [
        Response(
          id: "r1", questionID: "q-doing", questionPrompt: "What are you doing?",
          tokens: [TokenValue(id: "t1", text: "Working"), TokenValue(id: "t2", text: "Coding")]),
        Response(
          id: "r2", questionID: "q-bed", questionPrompt: "When did you fall asleep?",
          time: TimeAnswer(minutes: 1_380, dayOffset: -1)),
        Response(id: "r3", questionID: "q-skip", questionPrompt: "Anything else?"),
        Response(
          id: "r4", questionID: "q-notes", questionPrompt: "Notes?",
          notes: [TokenValue(id: "n1", text: "one"), TokenValue(id: "n2", text: "two")]),
      ])
  }

  /// A wake report where every question was skipped and nothing was sensed.
  static var skipped: Report {
    ExportFixtures.bare(
      "earlier", at: ExportFixtures.novemberFourteenth, kind: .wake,
      responses: [Response(id: "r", questionID: "q", questionPrompt: "Slept?")])
  }

  @Test func `entries run oldest first with Day One's fields`() {
    let json = DayOneExporter.string(reports: [Self.regular, Self.skipped])
    #expect(
      json.hasPrefix(
        "{\n  \"entries\" : [\n    {\n      \"creationDate\" : \"2023-11-14T22:13:20Z\""))
    #expect(json.contains("\"creationDate\" : \"2023-11-16T02:00:00Z\""))
    #expect(json.hasSuffix("  \"metadata\" : {\n    \"version\" : \"1.0\"\n  }\n}"))
    let earlier = DayOneExporter.entryValue(Self.skipped)
    let later = DayOneExporter.entryValue(Self.regular)
    #expect(V2ExporterTests.member(earlier, "tags") == .array([.string("wake")]))
    #expect(V2ExporterTests.member(later, "tags") == nil)
    #expect(V2ExporterTests.keys(earlier) == ["creationDate", "tags", "text", "timeZone"])
    #expect(
      V2ExporterTests.member(later, "location")
        == .object([
          ("latitude", .double(40.5)), ("longitude", .double(-75.25)),
          ("placeName", .string("Riverton")),
        ]))
    #expect(
      V2ExporterTests.member(later, "weather")
        == .object([
          ("conditionsDescription", .string("Sunny")), ("temperatureCelsius", .double(22)),
        ]))
  }

  @Test func `text has sorted answer sections, a rule and the sensor bullets`() {
    let expected = """
      ## Notes?

      one

      two

      ## What are you doing?

      Working, Coding

      ## When did you fall asleep?

      23:00 (yesterday)

      ---

      ### Sensors
      - Place: Riverton, NJ
      - Weather: Sunny, 72°F
      - Altitude: 12 m
      - Sound: 42.9 dB avg
      - Steps: 481
      - Battery: 80%
      - Focus: On
      - Connection: Wi-Fi
      - Media: Song — Band, via Spotify
      - Photos: 1
      """
    #expect(DayOneExporter.text(Self.regular) == expected)
  }

  @Test func `an all-skipped report has no sections and no sensors`() {
    let text = DayOneExporter.text(Self.skipped)
    #expect(!text.contains("##"))
    #expect(!text.contains("Sensors"))
    #expect(text.isEmpty)
  }

  @Test func `sensors without answers have no rule`() {
    var report = Self.skipped
    report.context.battery = 0.5
    #expect(DayOneExporter.text(report) == "### Sensors\n- Battery: 50%")
  }

  @Test(arguments: [
    (MediaInfo(source: "appleMusic", title: "Song", playbackState: 1), "Song, via Apple Music"),
    (MediaInfo(source: "spotify", playbackState: 1), "Media playing, via Spotify"),
    (MediaInfo(source: "otherAudio", playbackState: 1), "Audio playing"),
    (MediaInfo(source: "otherAudio", artist: "Band", playbackState: 2), "Band"),
  ])
  func `media lines name the player`(media: MediaInfo, line: String) {
    var report = Self.skipped
    report.context.media = media
    #expect(DayOneExporter.text(report) == "### Sensors\n- Media: " + line)
  }
}
