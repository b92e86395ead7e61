import DispatchKit
import Foundation
import Testing

/// Field by field mapping of Reporter JSON (docs/formats/reporter.md#dates,
/// docs/formats/reporter.md#snapshot-fields).
struct ReporterJSONMappingTests {
  typealias F = ReporterJSONFixtures

  @Test func `an offset with or without a colon gives the same instant and zone`() throws {
    for date in ["\"2016-02-11T19:08:54-0400\"", "\"2016-02-11T19:08:54-04:00\""] {
      let report = try #require(
        try F.parse(F.file(snapshots: [F.snapshot(date: date)])).reports.first)
      #expect(report.date.iso8601Seconds == "2016-02-11T23:08:54Z")
      #expect(report.utcOffsetSeconds == -14_400)
      #expect(report.timeZoneIdentifier == "GMT-0400")
    }
  }

  @Test func `a numeric legacy date counts from 2001 and is read in the default zone`() throws {
    let batch = try F.parse(F.file(snapshots: [F.snapshot(date: "415092465.0")]))
    let report = try #require(batch.reports.first)
    // 2001-01-01T00:00:00Z + 415 092 465 s (docs/formats/reporter.md#dates) is 26 February.
    #expect(report.date.iso8601Seconds == "2014-02-26T07:27:45Z")
    #expect(report.date.milliseconds == (978_307_200 + 415_092_465) * 1000)
    #expect(report.timeZoneIdentifier == "America/Chicago")
    #expect(report.utcOffsetSeconds == -21_600)
    #expect(report.id == ImportIdentity.reporterSnapshot(at: report.date))
    // The same instant in another default zone keeps its ID: IDs come from the UTC instant.
    let utc = try F.parse(F.file(snapshots: [F.snapshot(date: "415092465.0")]), zone: "UTC")
    #expect(utc.reports.first?.utcOffsetSeconds == 0)
    #expect(utc.reports.first?.id == report.id)
  }

  @Test func `bare-string tokens and the singular textResponse get deterministic IDs`() throws {
    let batch = try F.parse(
      F.file(snapshots: [
        F.snapshot(
          date: "415092465.0",
          responses: [
            #"{"questionPrompt": "What are you doing?", "tokens": ["Working"]}"#,
            #"{"questionPrompt": "What did you learn today?", "textResponse": "Old format"}"#,
          ])
      ]))
    let report = try #require(batch.reports.first)
    let tokens = try #require(report.responses.first)
    let responseID = ImportIdentity.reporterResponse(
      snapshotID: report.id, prompt: "What are you doing?")
    #expect(tokens.id == responseID)
    #expect(
      tokens.tokens == [
        TokenValue(
          id: ImportIdentity.reporterToken(responseID: responseID, index: 0, text: "Working"),
          text: "Working")
      ])
    let note = try #require(report.responses.last)
    #expect(note.notes?.map(\.text) == ["Old format"])
    #expect(batch.questions.map(\.question.type) == [.tokens, .note])
  }

  @Test func `impetus codes map to kind and trigger and are kept raw`() throws {
    let cases: [(Int?, ReportKind, ReportTrigger)] = [
      (0, .regular, .manual), (1, .regular, .manual), (2, .regular, .notification),
      (3, .sleep, .manual), (4, .wake, .wake), (9, .regular, .manual), (nil, .regular, .manual),
    ]
    for (impetus, kind, trigger) in cases {
      let extra =
        impetus.map { "\"reportImpetus\": \($0), \"sectionIdentifier\": \"1-2016-2-11\"" } ?? ""
      let report = try #require(
        try F.parse(F.file(snapshots: [F.snapshot(extra: extra)])).reports.first)
      #expect(report.kind == kind)
      #expect(report.trigger == trigger)
      #expect(report.legacyImpetus == impetus)
      #expect(report.legacySectionIdentifier == (impetus == nil ? nil : "1-2016-2-11"))
    }
  }

  @Test func `scalars, flags, steps, audio and a bare altitude map onto the context`() throws {
    let extra = #"""
      "battery": 1, "connection": 1, "draft": 1, "background": 0, "steps": 481,
      "audio": {"avg": -43.57, "peak": -34}, "altitude": 12.5, "dwellStatus": 0, "sync": 0
      """#
    let report = try #require(
      try F.parse(F.file(snapshots: [F.snapshot(extra: extra)])).reports.first)
    #expect(report.context.battery == 1)
    #expect(report.context.connectionType == .wifi)
    #expect(report.isDraft && !report.wasInBackground)
    #expect(report.context.health == [HealthReading(type: "steps", value: 481, unit: "count")])
    #expect(report.context.audio == AudioLevel(average: -43.57, peak: -34))
    #expect(report.context.altitudeMeters == 12.5)
  }

  @Test func `the altitude object falls back to the location altitude`() throws {
    let extra = #""altitude": {"gpsAltitudeFromLocation": 24.5, "floorsAscended": 3}"#
    let report = try #require(
      try F.parse(F.file(snapshots: [F.snapshot(extra: extra)])).reports.first)
    #expect(report.context.altitudeMeters == 24.5)
    #expect(
      report.context.health == [HealthReading(type: "flightsAscended", value: 3, unit: "count")])
  }

  @Test func `location, placemark without region, and weather with its condition`() throws {
    let extra = #"""
      "location": {"latitude": 40.5, "longitude": -74.25, "speed": -1, "timestamp": 415092400,
        "placemark": {"locality": "Riverton", "postalCode": "06085", "region": "<+40.7,-73.9> radius 87"}},
      "weather": {"weather": "Mostly Cloudy", "tempF": 68, "relativeHumidity": "86%",
        "latitude": 1, "longitude": 2, "stationID": "KNYNEWYO71"}
      """#
    let report = try #require(
      try F.parse(F.file(snapshots: [F.snapshot(extra: extra)])).reports.first)
    let location = try #require(report.context.location)
    #expect(location.latitude == 40.5 && location.longitude == -74.25 && location.speed == -1)
    #expect(location.timestamp?.iso8601Seconds == "2014-02-26T07:26:40Z")
    #expect(location.placemark == Placemark(locality: "Riverton", postalCode: "06085"))
    #expect(report.context.weather?.condition == "Mostly Cloudy")
    #expect(report.context.weather?.tempF == 68)
    #expect(report.context.weather?.relativeHumidity == "86%")
    #expect(report.context.weather?.stationID == "KNYNEWYO71")
  }

  @Test func `responses join questions by exact prompt, the first of duplicates winning`() throws {
    let batch = try F.parse(
      F.file(
        snapshots: [
          F.snapshot(responses: [
            #"{"questionPrompt": "Are you working?", "answeredOptions": ["Yes"]}"#,
            #"{"questionPrompt": "are you working?", "answeredOptions": ["No"]}"#,
          ])
        ],
        questions: [
          #"{"prompt": "Are you working?", "uniqueIdentifier": "q-a", "questionType": 2}"#,
          #"{"prompt": "Are you working?", "uniqueIdentifier": "q-b", "questionType": 2}"#,
        ]))
    let responses = F.responses(batch)
    #expect(responses.first?.questionID == "q-a")
    // A prompt differing only in case is another question: an orphan, hence disabled.
    let orphan = try #require(F.question(batch, "are you working?"))
    #expect(responses.last?.questionID == orphan.question.id)
    #expect(!orphan.question.isEnabled && orphan.question.sortOrder == 2)
    #expect(batch.questions.map(\.question.id).prefix(2) == ["q-a", "q-b"])
  }

  @Test func `the courtesy wrapper of several report sets is read as one file`() throws {
    let inner = F.file(
      snapshots: [F.snapshot(responses: [#"{"questionPrompt": "Where are you?"}"#])],
      questions: [F.question("Where are you?")])
    let second = F.file(snapshots: [F.snapshot(date: "\"2016-02-12T08:00:00Z\"")])
    let batch = try F.parse("{\"reports\": [\(inner), \(second)]}")
    #expect(batch.reports.count == 2)
    #expect(batch.questions.map(\.question.prompt) == ["Where are you?"])
    #expect(batch.reports.last?.timeZoneIdentifier == "GMT")
  }
}
