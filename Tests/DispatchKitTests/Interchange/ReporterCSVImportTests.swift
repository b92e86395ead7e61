import DispatchKit
import Testing

/// Reporter CSV import (docs/formats/reporter.md#reporter-csv,
/// docs/import-export.md#how-imports-merge; docs/test-fixtures.md#reporter-exportcsv).
struct ReporterCSVImportTests {
  static let header = ReporterCSVImport.fixedColumns.joined(separator: ",")

  static func parse(_ text: String) throws(ImportError) -> ImportBatch {
    try ReporterCSVImport.parse(Array(text.utf8), path: "inline.csv")
  }

  /// A row at 2014-03-13T18:58:35Z, 14:58:35 local, with `tail` after the fixed columns.
  static func row(
    gmt: String = "2014-03-13T18:58:35Z", local: String = "\"March 13, 2014 02:58:35pm\"",
    sensors: String = "40.5,-74.25,Overcast,2,-41.5,Quiet,812", tail: String = ""
  ) -> String {
    [gmt, local, sensors].joined(separator: ",") + tail
  }

  static func fixture() throws -> ImportBatch {
    try ReporterCSVImport.parse(
      try ImportTestSupport.fixture("reporter/reporter-export.csv"), path: "reporter-export.csv")
  }

  @Test func `the fixture gives the manifest's counts`() throws {
    let batch = try Self.fixture()
    #expect(batch.format == .reporterCSV)
    #expect(batch.mergesByInstant)
    #expect(batch.reports.count == 25)
    #expect(batch.questions.count == 12)
    #expect(batch.reports.flatMap(\.responses).count == 94)
    #expect(batch.questions.filter(\.typeSource.isInferred).count == 12)
    #expect(batch.skipped == 0 && batch.problems.isEmpty)
    #expect(batch.questions.allSatisfy { !$0.hasSourceID && $0.typeSource == .inferredFromCSV })
    #expect(batch.reports.filter { $0.context.location == nil }.count == 1)
    #expect(batch.reports.filter { $0.context.health.isEmpty }.count == 4)
    #expect(batch.reports.flatMap(\.context.photos).count == 3)
    #expect(Set(batch.reports.map(\.timeZoneIdentifier)) == ["GMT-0400", "GMT-0500", "GMT-0600"])
  }

  @Test func `the fixture's columns get the inferred types`() throws {
    let types = try Self.fixture().questions.map {
      "\($0.question.prompt) \($0.question.type.caseName)"
    }
    #expect(
      types == [
        "Where are you? location", "Who are you with? people", "What are you doing? tokens",
        "Are you working? yesNo", "How did you sleep? multipleChoice",
        "How many minutes of sleep did you get? number", "How do you feel? tokens",
        "How many coffees did you have today? number", "What did you learn today? note",
        "Did you exercise today? yesNo", "Are you in front of a screen? tokens",
        "What book are you reading? tokens",
      ])
    let sleep = try #require(
      try Self.fixture().questions.first { $0.question.prompt == "How did you sleep?" })
    #expect(sleep.question.choices == ["OK", "Great", "Poorly"])
  }

  @Test func `the CSV agrees with the JSON export of the same snapshots`() throws {
    let csv = try Self.fixture()
    let json = try ReporterJSONImport.parse(
      try ImportTestSupport.fixture("reporter/v1x-export.json"), path: "v1x-export.json",
      defaultTimeZone: "America/New_York")
    let reports = Dictionary(uniqueKeysWithValues: json.reports.map { ($0.id, $0) })
    for report in csv.reports {
      let twin = try #require(reports[report.id])
      #expect(report.timeZoneIdentifier == twin.timeZoneIdentifier)
      #expect(report.utcOffsetSeconds == twin.utcOffsetSeconds)
      #expect(report.context.photos.count == twin.context.photos.count)
      let responses = Dictionary(uniqueKeysWithValues: twin.responses.map { ($0.id, $0) })
      for response in report.responses {
        let match = try #require(responses[response.id])
        if let options = match.options, let tokens = response.tokens {
          // A multi-select column has commas, so the CSV rules read it as tokens
          // (docs/formats/reporter.md#csv-column-types); the merge lets the JSON's options win
          // (docs/import-export.md#how-imports-merge).
          #expect(tokens.map(\.text) == options)
        } else {
          let tokenIDs: Set<String> = Set((response.tokens ?? []).map(\.id))
          let twinTokenIDs: Set<String> = Set((match.tokens ?? []).map(\.id))
          #expect(tokenIDs == twinTokenIDs)
          #expect(response.options == match.options)
        }
        #expect(response.notes == match.notes)
        #expect(response.number == match.number)
      }
    }
    let ids = Set(json.questions.map(\.question.id))
    #expect(csv.questions.allSatisfy { ids.contains($0.question.id) })
  }

  @Test func `a row maps to a report with deterministic IDs`() throws {
    let batch = try Self.parse(
      Self.header + ",Who are you with?,Note\n"
        + Self.row(tail: ",\"Ann,Bo\",\"Two\nlines\"") + "\n")
    let report = try #require(batch.reports.first)
    let instant = try #require(Instant.parseISO8601("2014-03-13T18:58:35Z")).instant
    #expect(report.id == ImportIdentity.reporterSnapshot(at: instant))
    #expect(report.date == instant)
    #expect(report.utcOffsetSeconds == -14_400 && report.timeZoneIdentifier == "GMT-0400")
    #expect(report.kind == .regular && report.trigger == .manual)
    #expect(report.context.location == LocationSnapshot(latitude: 40.5, longitude: -74.25))
    #expect(report.context.weather?.condition == "Overcast")
    #expect(report.context.audio == AudioLevel(average: -41.5, peak: -41.5))
    #expect(report.context.health == [HealthReading(type: "steps", value: 812, unit: "count")])
    #expect(
      report.context.photos.map(\.id) == [
        ImportIdentity.make(report.id + "|photo|0"), ImportIdentity.make(report.id + "|photo|1"),
      ])
    let people = try #require(report.responses.first)
    let responseID = ImportIdentity.reporterResponse(
      snapshotID: report.id, prompt: "Who are you with?")
    #expect(people.id == responseID)
    #expect(people.tokens?.map(\.text) == ["Ann", "Bo"])
    #expect(
      people.tokens?.last?.id
        == ImportIdentity.reporterToken(responseID: responseID, index: 1, text: "Bo"))
    #expect(report.responses.last?.notes?.map(\.text) == ["Two\nlines"])
    #expect(
      batch.questions.first?.question.id
        == ImportIdentity.reporterQuestion(prompt: "Who are you with?"))
  }

  @Test func `steps of -1 and empty cells give nothing`() throws {
    let batch = try Self.parse(
      Self.header + ",Q\n" + Self.row(sensors: ",,,0,,,-1", tail: ",") + "\n")
    let report = try #require(batch.reports.first)
    #expect(report.context == SensorContext())
    #expect(report.responses.isEmpty)
  }

  @Test(arguments: [
    ("Q", ["1", "2.5", "-3"], QuestionType.number), ("Q", ["Yes", "No", "yes"], .yesNo),
    ("Who were you with?", ["Ann", "Bo"], .people), ("Where?", ["Home", "Work"], .location),
    ("Q", ["one\ntwo"], .note), ("Q", [String(repeating: "long words ", count: 4)], .note),
    ("Q", ["a", "b", "a"], .multipleChoice), ("Q", ["a", "b"], .tokens),
    ("Where?", ["Home,Work"], .tokens), ("Q", ["a", "b", "c", "d", "e", "f", "g"], .tokens),
    ("Q", [], .tokens), ("Q", ["nan", "inf"], .tokens),
  ])
  func `one inference rule each, first match wins`(
    prompt: String, cells: [String], type: QuestionType
  ) {
    #expect(ReporterCSVInference.infer(prompt: prompt, cells: cells + [""]).type == type)
  }

  @Test(arguments: [
    ("March 13, 2014 02:58:35pm", "2014-03-13T14:58:35"),
    ("March 7, 2014 12:47:05pm", "2014-03-07T12:47:05"),
    ("March 7, 2014 12:05:00am", "2014-03-07T00:05:00"),
    ("Dec 31, 1999 11:59:59 PM", "1999-12-31T23:59:59"),
    ("February 29, 2016 01:00:00am", "2016-02-29T01:00:00"),
    ("March 7, 2014 17:05:00", "2014-03-07T17:05:00"),
  ])
  func `local times parse, 12 am and 12 pm included`(text: String, expected: String) throws {
    let seconds = try #require(ReporterLocalTime.wallSeconds(text))
    #expect(
      CivilTime(milliseconds: seconds * 1000, offsetSeconds: 0).iso8601(fraction: false, zone: "")
        == expected)
  }

  @Test(arguments: [
    "March 7 2014 01:00:00am", "Smarch 7, 2014 01:00:00am", "February 30, 2014 01:00:00am",
    "March 7, 2014 13:00:00pm", "March 7, 2014 00:00:00am", "March 7, 2014 1:00am", "",
  ])
  func `malformed local times are refused`(text: String) {
    #expect(ReporterLocalTime.wallSeconds(text) == nil)
  }

  @Test func `offsets round to the minute and name fixed zones`() throws {
    let instant = try #require(Instant.parseISO8601("2014-03-13T18:58:35Z")).instant
    let local = try #require(ReporterLocalTime.wallSeconds("March 13, 2014 11:59:06pm"))
    #expect(ReporterLocalTime.offsetSeconds(local: local, instant: instant) == 5 * 3600 + 60)
    #expect(ReporterLocalTime.zoneIdentifier(offsetSeconds: 19_800) == "GMT+0530")
    #expect(ReporterLocalTime.zoneIdentifier(offsetSeconds: -14_400) == "GMT-0400")
    #expect(ReporterLocalTime.zoneIdentifier(offsetSeconds: 0) == "GMT")
  }

  @Test func `bad rows are skipped with their row numbers`() throws {
    let batch = try Self.parse(
      [
        Self.header + ",Q", Self.row(tail: ",a"), Self.row(tail: ""),
        Self.row(gmt: "2014-13-13T18:58:35Z", tail: ",b"), Self.row(local: "soon", tail: ",c"),
        Self.row(gmt: "2014-03-13T18:58:35Z", tail: ",again"),
        Self.row(gmt: "2014-03-13T19:58:35Z", sensors: "x,1,,0,,,0", tail: ",d"),
      ].joined(separator: "\n"))
    #expect(batch.reports.count == 2)
    #expect(batch.skipped == 4)
    let located = batch.problems.map { "\($0.record) \($0.field ?? "-")" }
    #expect(
      located == [
        "2 -", "3 Timestamp of Report (GMT)", "4 Timestamp of Report (Local Time)",
        "5 Timestamp of Report (GMT)", "6 Latitude", "6 Latitude",
      ])
    #expect(batch.reports.last?.context.location == nil)
  }

  @Test(arguments: [
    ("", "column 1"), ("%PDF-1.4\n1 0 obj", "column 1"),
    ("Timestamp of Report (GMT),Latitude\n", "column 2"),
    ("Timestamp of Report (GMT)\n\"open", "never closed"),
  ])
  func `broken files are unrecognized`(text: String, reason: String) {
    #expect {
      try Self.parse(text)
    } throws: { error in
      (error as? ImportError).map { $0.kind == .unrecognized && $0.reason.contains(reason) }
        ?? false
    }
  }

  @Test func `invalid UTF-8 is unrecognized with its location`() {
    let bytes = Array((Self.header + ",Q\n" + Self.row(tail: ",")).utf8) + [0xFF]
    #expect {
      try ReporterCSVImport.parse(bytes, path: "x.csv")
    } throws: { error in
      (error as? ImportError)?.reason.contains("row 1, field 10: invalid UTF-8") ?? false
    }
  }

  @Test func `recognition needs Reporter's first header column`() throws {
    #expect(
      ReporterCSVImport.recognizes(try ImportTestSupport.fixture("reporter/reporter-export.csv")))
    #expect(ReporterCSVImport.recognizes([0xEF, 0xBB, 0xBF] + Array(Self.header.utf8)))
    #expect(!ReporterCSVImport.recognizes(Array("prompt,type\n".utf8)))
    #expect(
      !ReporterCSVImport.recognizes(try ImportTestSupport.fixture("dispatch-v2/small-export.json")))
  }

  @Test func `mutated exports give a batch or an import error, never a crash`() throws {
    let seed = try ImportTestSupport.fixture("reporter/reporter-export.csv")
    var outcomes = (batches: 0, errors: 0)
    ImportTestSupport.fuzz(seed, count: 3000, rngSeed: 0x5EED_0003) { bytes in
      do throws(ImportError) {
        let batch = try ReporterCSVImport.parse(bytes, path: "fuzz.csv")
        // What a batch holds is consistent: every answer names a question of the batch (by
        // prompt: a CSV has no question IDs), and every skipped row was reported with its place.
        let prompts = Set(batch.questions.map(\.question.prompt))
        let answers = batch.reports.flatMap(\.responses)
        #expect(answers.allSatisfy { prompts.contains($0.questionPrompt) })
        #expect(batch.skipped <= batch.problems.count)
        #expect(batch.problems.allSatisfy { $0.file == "fuzz.csv" && $0.record >= 1 })
        outcomes.batches += 1
      } catch {
        #expect(error.kind == .unrecognized)
        #expect(error.file == "fuzz.csv" && !error.reason.isEmpty)
        outcomes.errors += 1
      }
    }
    // Both outcomes occur, so the mutations reach the row reader and not only the header check.
    #expect(outcomes.batches > 100 && outcomes.errors > 100)
  }

}
