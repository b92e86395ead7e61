import DispatchKit
import Testing

/// One Markdown file per report (docs/formats/exports.md#markdown).
struct MarkdownExporterTests {
  @Test func `file names use the report's own zone`() {
    let report = ExportFixtures.bare(
      "rep", at: ExportFixtures.novemberFourteenth, zone: "America/Los_Angeles", offset: -28_800)
    #expect(MarkdownExporter.files(reports: [report]).map(\.fileName) == ["2023-11-14 1413.md"])
  }

  @Test func `an unknown zone falls back to the stored offset`() {
    let report = ExportFixtures.bare(
      "rep", at: ExportFixtures.novemberFourteenth, zone: "Mars/Olympus_Mons", offset: 3_600)
    #expect(MarkdownExporter.baseName(report) == "2023-11-14 2313")
  }

  @Test func `reports in the same minute get numbered suffixes in date and ID order`() {
    let start = ExportFixtures.novemberFourteenth
    let reports = [
      ExportFixtures.bare("c", at: start + 39_000), ExportFixtures.bare("b", at: start),
      ExportFixtures.bare("a", at: start), ExportFixtures.bare("d", at: start + 60_000),
    ]
    let files = MarkdownExporter.files(reports: reports)
    #expect(
      files.map(\.fileName) == [
        "2023-11-14 2213.md", "2023-11-14 2213 2.md", "2023-11-14 2213 3.md",
        "2023-11-14 2214.md",
      ])
    #expect(
      files.map { $0.contents.contains("date: 2023-11-14T22:13:59Z") } == [
        false, false, true, false,
      ])
  }

  @Test func `a report writes front matter in Dispatch's key order, then the answers`() {
    var weather = WeatherObservation()
    weather.condition = "Rain: heavy"
    weather.tempF = 51
    let report = Report(
      id: "rep", date: Instant(milliseconds: ExportFixtures.novemberFourteenth),
      timeZoneIdentifier: "GMT", utcOffsetSeconds: 0, kind: .wake,
      context: SensorContext(
        battery: 0.8, connection: 1, altitudeMeters: 12.5,
        audio: AudioLevel(average: -43.57, peak: -34),
        location: LocationSnapshot(
          latitude: 40.5, longitude: -75, placemark: Placemark(locality: "Riverton")),
        weather: weather, photos: [Photo(id: "p1"), Photo(id: "p2")],
        health: [HealthReading(type: "steps", value: 481, unit: "count")]),
      responses: [
        Response(
          id: "r2", questionID: "q-with", questionPrompt: "Who are you with?",
          tokens: [
            TokenValue(id: "t1", text: "Ada Lovelace"), TokenValue(id: "t2", text: "#1 fan"),
          ]),
        Response(
          id: "r1", questionID: "q-doing", questionPrompt: "What are you doing?",
          tokens: [TokenValue(id: "t3", text: "Working")]),
        Response(id: "r3", questionID: "q-skip", questionPrompt: "Anything else?"),
        Response(
          id: "r4", questionID: "q-note", questionPrompt: "Notes?",
          notes: [TokenValue(id: "n1", text: "first"), TokenValue(id: "n2", text: "second")]),
      ])
    let expected = """
      ---
      date: 2023-11-14T22:13:20Z
      timezone: GMT
      kind: wake
      weather: "Rain: heavy"
      temperature_f: 51
      altitude_m: 12.5
      audio_db: 42.9
      battery: 0.8
      steps: 481
      latitude: 40.5
      longitude: -75
      place: Riverton
      photos: 2
      connection: Wi-Fi
      what-are-you-doing:
        - Working
      who-are-you-with:
        - Ada Lovelace
        - "#1 fan"
      ---

      ## Notes?

      first

      second

      ## What are you doing?

      Working

      ## Who are you with?

      Ada Lovelace, #1 fan

      """
    #expect(MarkdownExporter.contents(report) == expected)
  }

  @Test func `trailing whitespace of the last answer is trimmed to one newline`() {
    let report = ExportFixtures.bare(
      "rep", at: 0,
      responses: [
        Response(
          id: "r", questionID: "q", questionPrompt: "Notes?",
          notes: [TokenValue(id: "n", text: "end  \n\n")])
      ])
    #expect(MarkdownExporter.contents(report).hasSuffix("---\n\n## Notes?\n\nend\n"))
  }

  @Test func `a bare report is front matter only, ending in one newline`() {
    let report = ExportFixtures.bare("rep", at: 0, zone: "Europe/Lisbon", offset: 3_600)
    #expect(
      MarkdownExporter.contents(report)
        == "---\ndate: 1970-01-01T00:00:00Z\ntimezone: Europe/Lisbon\n---\n")
  }

  @Test(arguments: [
    ("plain words", "plain words"),
    ("", "\"\""),
    ("Rain: heavy", "\"Rain: heavy\""),
    ("say \"hi\"", "\"say \\\"hi\\\"\""),
    ("#tag", "\"#tag\""),
    ("a # comment", "\"a # comment\""),
    ("line\nbreak", "\"line\\nbreak\""),
    ("back\\slash", "\"back\\\\slash\""),
    (" leading", "\" leading\""),
    ("trailing ", "\"trailing \""),
    ("-dash", "\"-dash\""), ("?q", "\"?q\""), ("[a]", "\"[a]\""), ("]b", "\"]b\""),
    ("{c}", "\"{c}\""), ("}d", "\"}d\""), ("&anchor", "\"&anchor\""), ("*alias", "\"*alias\""),
    ("!tag", "\"!tag\""), ("|pipe", "\"|pipe\""), (">fold", "\">fold\""), ("%pct", "\"%pct\""),
    ("@at", "\"@at\""), ("`tick", "\"`tick\""), ("'single", "\"'single\""),
    ("mid-dash it's 50%", "mid-dash it's 50%"),
    // Beyond Dispatch's rule: a CR or tab would corrupt the line unquoted.
    ("cr\rhere", "\"cr\\rhere\""), ("tab\there", "\"tab\\there\""),
  ])
  func `YAML values are quoted when plain would change their meaning`(value: String, yaml: String) {
    #expect(YAMLScalar.quoted(value) == yaml)
  }

  @Test(arguments: [
    ("Who are you with?", "who-are-you-with"),
    ("  How many coffees did you have today?!", "how-many-coffees-did-you-have-today"),
    ("Room temperature (°F)?", "room-temperature-f"),
    ("Café — olé", "café-olé"),
    ("Step 2: go", "step-2-go"),
    ("???", "answer"),
  ])
  func `prompts slug to lowercase dash-separated keys`(prompt: String, slug: String) {
    #expect(MarkdownExporter.slug(prompt) == slug)
  }
}
