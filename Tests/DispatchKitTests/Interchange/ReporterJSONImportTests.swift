import DispatchKit
import Foundation
import Testing

/// The Reporter fixtures import with the counts docs/test-fixtures.md#expected-import-summaries
/// gives for a tolerant importer (docs/formats/dispatch-v2.md#deterministic-ids;
/// docs/formats/reporter.md#reporters-export-formats, docs/formats/reporter.md#leniency).
struct ReporterJSONImportTests {
  typealias F = ReporterJSONFixtures

  @Test func `the 1.x export gives 25 reports, 12 questions and 101 responses`() throws {
    let batch = try ReporterJSONImport.parse(
      try F.bytes("v1x-export.json"), path: "v1x-export.json", defaultTimeZone: "UTC")
    #expect(batch.format == .reporterJSON)
    #expect(batch.reports.count == 25)
    #expect(batch.questions.count == 12)
    #expect(F.responses(batch).count == 101)
    #expect(F.responses(batch).filter(\.isSkipped).count == 6)
    #expect(batch.skipped == 0)
    #expect(batch.problems.isEmpty)
    // No question carries a type or an ID in 1.x: all twelve are inferred and prompt-keyed.
    #expect(batch.questions.allSatisfy { $0.typeSource == .inferredFromJSON && !$0.hasSourceID })
    #expect(
      batch.questions.allSatisfy {
        $0.question.id == ImportIdentity.reporterQuestion(prompt: $0.question.prompt)
      })
  }

  @Test func `the 1.x export infers every type of the manifest table`() throws {
    let batch = try ReporterJSONImport.parse(
      try F.bytes("v1x-export.json"), path: "v1x-export.json", defaultTimeZone: "UTC")
    let expected: [(String, QuestionType)] = [
      ("Where are you?", .location), ("Who are you with?", .people),
      ("What are you doing?", .tokens), ("Are you working?", .yesNo),
      ("How did you sleep?", .multipleChoice), ("How many minutes of sleep did you get?", .number),
      ("How do you feel?", .multipleChoice), ("How many coffees did you have today?", .number),
      ("What did you learn today?", .note), ("Did you exercise today?", .yesNo),
      ("Are you in front of a screen?", .tokens), ("What book are you reading?", .tokens),
    ]
    for (position, (prompt, type)) in expected.enumerated() {
      let question = try #require(F.question(batch, prompt))
      #expect(question.question.type == type, "\(prompt)")
      #expect(question.question.sortOrder == position, "\(prompt)")
    }
    #expect(F.question(batch, "How did you sleep?")?.question.choices == ["OK", "Great", "Poorly"])
    #expect(
      F.question(batch, "How do you feel?")?.question.choices == [
        "Focused", "Calm", "Content", "Tired", "Anxious", "Sleepy", "Energized", "Happy",
        "Nervous",
      ])
    #expect(F.question(batch, "How do you feel?")?.question.allowsMultipleSelection == true)
    #expect(F.question(batch, "How did you sleep?")?.question.allowsMultipleSelection == false)
    #expect(F.question(batch, "Who are you with?")?.question.placeholder == "No one")
    // The orphan prompt is a disabled question; the eleven listed ones are enabled.
    #expect(F.question(batch, "What book are you reading?")?.question.isEnabled == false)
    #expect(batch.questions.filter(\.question.isEnabled).count == 11)
  }

  @Test func `the 1.x export maps kinds, triggers, zones and sensors`() throws {
    let batch = try ReporterJSONImport.parse(
      try F.bytes("v1x-export.json"), path: "v1x-export.json", defaultTimeZone: "UTC")
    func count<T: Hashable>(_ key: (Report) -> T) -> [T: Int] {
      batch.reports.reduce(into: [:]) { $0[key($1), default: 0] += 1 }
    }
    #expect(count(\.kind) == [.regular: 18, .sleep: 3, .wake: 4])
    #expect(count(\.trigger) == [.manual: 8, .notification: 13, .wake: 4])
    #expect(count(\.timeZoneIdentifier) == ["GMT-0400": 10, "GMT-0500": 14, "GMT-0600": 1])
    #expect(batch.reports.allSatisfy { $0.legacySectionIdentifier?.hasPrefix("1-2014-3-") == true })
    // Steps −1 means no data: four snapshots get no reading.
    #expect(batch.reports.filter { $0.context.health.isEmpty }.count == 4)
    #expect(batch.reports.filter { $0.context.location == nil }.count == 1)
    #expect(batch.reports.filter { $0.context.battery == 1 }.count == 3)
    let photos = batch.reports.flatMap(\.context.photos)
    #expect(photos.count == 3)
    // EXIF longitudes are unsigned with a `W` ref; the photo without GPS has no position.
    #expect(photos.filter { ($0.longitude ?? 0) < 0 }.count == 2)
    #expect(photos.filter { $0.latitude == nil }.count == 1)
    // The DST change: elapsed sleep is 377 minutes although the wall clocks differ by 437.
    let sleep = try #require(
      batch.reports.first { $0.kind == .sleep && $0.date.iso8601Seconds.hasPrefix("2014-03-09") })
    let wake = try #require(
      batch.reports.first { $0.kind == .wake && $0.date.iso8601Seconds.hasPrefix("2014-03-09") })
    #expect((wake.date.milliseconds - sleep.date.milliseconds) / 60_000 == 377)
    let tokens = F.responses(batch).compactMap(\.tokens).flatMap { $0 }
    #expect(tokens.contains { $0.text == "Nadia 🌻" })
    #expect(F.responses(batch).contains { $0.number == "" })
    // Every response is joined to a question of the same file.
    let ids = Set(batch.questions.map(\.question.id))
    #expect(F.responses(batch).allSatisfy { $0.questionID.map(ids.contains) == true })
  }

  @Test func `the 2.x export keeps IDs and stated types and skips the dateless snapshot`() throws {
    let batch = try ReporterJSONImport.parse(
      try F.bytes("synthetic-2x-export.json"), path: "synthetic-2x-export.json",
      defaultTimeZone: "UTC")
    #expect(batch.questions.count == 7)
    #expect(batch.reports.count == 5)
    #expect(F.responses(batch).count == 14)
    #expect(batch.skipped == 1)
    let problem = try #require(batch.problems.first)
    #expect(problem.record == 6)
    #expect(problem.id == "E7A1D2C4-5B36-4F80-9A1E-2C3D4B5A6F76")
    #expect(problem.field == "date")
    #expect(batch.questions.map(\.question.type.rawValue) == [0, 1, 2, 3, 4, 5, 6])
    #expect(batch.questions.allSatisfy { $0.typeSource == .stated && $0.hasSourceID })
    // Reporter's own default-question-N IDs stay verbatim
    // (docs/formats/dispatch-v2.md#deterministic-ids).
    #expect(F.question(batch, "What are you doing?")?.question.id == "default-question-3")
    // Stated multiple choice still gets its options back from the answers.
    #expect(F.question(batch, "How did you sleep?")?.question.choices == ["Poorly"])
    let first = try #require(batch.reports.first)
    #expect(first.id == "E7A1D2C4-5B36-4F80-9A1E-2C3D4B5A6F71")
    #expect(first.trigger == .notification)
    #expect(first.timeZoneIdentifier == "GMT-0700")
    #expect(first.context.altitudeMeters == 21.84412384033203)
    #expect(
      first.context.health.map(\.type) == [
        "steps", "flightsAscended", "flightsDescended", "pressure", "adjustedPressure",
      ])
    #expect(first.context.weather?.condition == "Mostly Cloudy")
    #expect(first.context.location?.placemark?.locality == "San Francisco")
    #expect(first.context.photos.first?.longitude == -122.42109)
    #expect(first.responses.first?.id == "F0A1B2C3-D4E5-4F60-8172-93A4B5C6D701")
    #expect(first.responses.first?.questionID == "default-question-2")
    #expect(batch.reports[2].kind == .regular && batch.reports[2].legacyImpetus == 1)
    #expect(batch.reports[3].kind == .wake && batch.reports[3].context.battery == 1)
    // Only some altitude keys: no metres, two floors and one pressure reading.
    #expect(batch.reports[4].context.altitudeMeters == nil)
    #expect(batch.reports[4].context.health.count == 4)
  }

  @Test func `the legacy day files give 12 reports, 37 responses and 7 questions`() throws {
    let batches = try ReporterJSONImport.parse(
      files: try F.dayFiles(), defaultTimeZone: F.legacyZone)
    #expect(batches.map(\.path) == F.dayFileNames)
    #expect(batches.map(\.reports.count) == [4, 4, 4])
    #expect(batches.map { F.responses($0).count } == [13, 12, 12])
    #expect(batches.map(\.questions.count) == [6, 6, 7])
    #expect(batches.allSatisfy { $0.skipped == 0 && $0.problems.isEmpty })
    // The oldest file has no list at all: its questions are enabled, not disabled.
    #expect(batches.allSatisfy { $0.questions.allSatisfy(\.question.isEnabled) })
    let all = batches.flatMap(\.questions)
    #expect(Set(all.map(\.question.id)).count == 7)
    let expected: [String: QuestionType] = [
      "How did you sleep?": .multipleChoice, "What are you doing?": .tokens,
      "Where are you?": .location, "Who are you with?": .people, "Are you working?": .yesNo,
      "What did you learn today?": .note, "How many coffees did you have today?": .number,
    ]
    for question in all {
      #expect(question.question.type == expected[question.question.prompt])
      #expect(question.typeSource == .inferredFromJSON)
    }
    #expect(
      all.first { $0.question.prompt == "How did you sleep?" }?.question.choices == [
        "Great", "OK", "Poorly",
      ])
    let reports = batches.flatMap(\.reports)
    #expect(
      reports.allSatisfy { $0.kind == .regular && $0.trigger == .manual && $0.legacyImpetus == nil }
    )
    #expect(
      reports.allSatisfy { $0.timeZoneIdentifier == F.legacyZone && $0.utcOffsetSeconds == -21_600 }
    )
    #expect(reports.filter { $0.context.location == nil && $0.context.weather == nil }.count == 1)
    #expect(reports.flatMap(\.context.photos).count == 1)
    let responses = reports.flatMap(\.responses)
    #expect(responses.filter { $0.notes?.count == 1 }.count == 3)
    #expect(responses.filter { $0.tokens != nil }.count == 15)
  }

  @Test func `day files parsed together give the same question ID for a prompt every day`() throws {
    let batches = try ReporterJSONImport.parse(
      files: try F.dayFiles(), defaultTimeZone: F.legacyZone)
    for prompt in ["Where are you?", "Who are you with?", "How did you sleep?"] {
      let ids = batches.compactMap { F.question($0, prompt)?.question.id }
      #expect(ids.count == 3)
      #expect(Set(ids) == [ImportIdentity.reporterQuestion(prompt: prompt)])
    }
    // Alone, one day file gives the same IDs as the folder import.
    let alone = try ReporterJSONImport.parse(
      try F.bytes("legacy-day-files/" + F.dayFileNames[1]), path: F.dayFileNames[1],
      defaultTimeZone: F.legacyZone)
    #expect(alone.reports.map(\.id) == batches[1].reports.map(\.id))
    #expect(alone.questions.map(\.question.id) == batches[1].questions.map(\.question.id))
  }

  @Test func `parsing the same bytes twice gives identical batches, IDs included`() throws {
    for name in ["v1x-export.json", "synthetic-2x-export.json"] {
      let bytes = try F.bytes(name)
      let first = try ReporterJSONImport.parse(bytes, path: name, defaultTimeZone: "UTC")
      let second = try ReporterJSONImport.parse(bytes, path: name, defaultTimeZone: "UTC")
      #expect(first.questions == second.questions)
      #expect(first.reports == second.reports)
      #expect(first.problems == second.problems)
      #expect(first.skipped == second.skipped)
    }
    let first = try ReporterJSONImport.parse(files: try F.dayFiles(), defaultTimeZone: "UTC")
    let second = try ReporterJSONImport.parse(files: try F.dayFiles(), defaultTimeZone: "UTC")
    #expect(first.map(\.reports) == second.map(\.reports))
    #expect(first.map(\.questions) == second.map(\.questions))
  }

  @Test func `the fixtures are recognized and the Reporter CSV is not`() throws {
    #expect(ReporterJSONImport.recognizes(try F.bytes("v1x-export.json")))
    #expect(ReporterJSONImport.recognizes(try F.bytes("synthetic-2x-export.json")))
    #expect(try F.dayFiles().allSatisfy { ReporterJSONImport.recognizes($0.bytes) })
    #expect(!ReporterJSONImport.recognizes(try F.bytes("reporter-export.csv")))
  }
}
