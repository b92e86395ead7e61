import DispatchKit
import Testing

@testable import DispatchStorage

/// Merging parsed batches into a store: identity, precedence and the counters of
/// docs/import-export.md#the-import-summary.
struct ImportMergeTests {
  let store: DispatchStore

  init() throws {
    store = try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 1_700_000_000_000)),
        ids: SequentialIDGenerator()))
  }

  static let instant = Instant(milliseconds: 1_394_736_515_000)  // 2014-03-13T18:48:35Z

  func question(
    _ prompt: String, _ type: QuestionType, id: String? = nil, source: QuestionTypeSource,
    choices: [String] = []
  ) -> ImportedQuestion {
    ImportedQuestion(
      question: Question(
        id: id ?? ImportIdentity.reporterQuestion(prompt: prompt), prompt: prompt, type: type,
        choices: choices),
      hasSourceID: id != nil, typeSource: source)
  }

  func report(_ id: String, prompt: String, questionID: String, tokens: [String]) -> Report {
    Report(
      id: id, date: Self.instant, timeZoneIdentifier: "GMT-0400", utcOffsetSeconds: -14_400,
      responses: [
        Response(
          id: id + "-r", questionID: questionID, questionPrompt: prompt,
          tokens: tokens.enumerated().map {
            TokenValue(id: "\(id)-t\($0.offset)", text: $0.element)
          })
      ])
  }

  func batch(
    _ questions: [ImportedQuestion], _ reports: [Report], format: ImportFormat = .reporterJSON,
    byInstant: Bool = false
  ) -> ImportBatch {
    ImportBatch(
      path: "x.json", format: format, questions: questions, reports: reports,
      mergesByInstant: byInstant)
  }

  @Test func `a first import counts everything as imported and seeds no defaults`() throws {
    let doing = question("What are you doing?", .tokens, source: .inferredFromJSON)
    let summary = try store.imports.importBatches([
      batch(
        [doing],
        [
          report(
            "R1", prompt: doing.question.prompt, questionID: doing.question.id, tokens: ["work"])
        ])
    ])
    #expect(summary["questionsImported"] == 1)
    #expect(summary["inferred"] == 1)
    #expect(summary["reportsImported"] == 1)
    #expect(summary["responsesImported"] == 1)
    #expect(try store.questions.list().count == 1)
  }

  @Test func `re-importing changes nothing and counts the first run as unchanged`() throws {
    let who = question("Who are you with?", .people, source: .stated)
    let input = [
      batch(
        [who],
        [
          report(
            "R1", prompt: who.question.prompt, questionID: who.question.id, tokens: ["Ana", "Bo"])
        ])
    ]
    let first = try store.imports.importBatches(input)
    let dump = try store.database.rows("SELECT * FROM reports")
    let second = try store.imports.importBatches(input)
    let firstTotal = ImportSummary.counterNames.filter { $0.hasSuffix("Imported") }
      .reduce(0) { $0 + first[$1] }
    #expect(first["peopleImported"] == 2)
    #expect(second["unchanged"] == firstTotal)
    #expect(
      ImportSummary.counterNames.filter { $0.hasSuffix("Imported") }.allSatisfy { second[$0] == 0 })
    #expect(second["updated"] == 0)
    #expect(try store.database.rows("SELECT * FROM reports") == dump)
  }

  @Test func `a question without an ID merges with the stored question of the same prompt`() throws
  {
    try store.questions.seedDefaultQuestionsIfEmpty()
    let doing = question("What are you doing?", .tokens, source: .inferredFromJSON)
    let summary = try store.imports.importBatches([
      batch(
        [doing],
        [report("R1", prompt: doing.question.prompt, questionID: doing.question.id, tokens: ["x"])])
    ])
    #expect(summary["questionsImported"] == 0)
    #expect(try store.questions.list().count == 7)
    let filed = try #require(try store.reports.list().first)
    #expect(filed.responses.first?.questionID == DefaultQuestions.id(slug: "what-are-you-doing"))
  }

  @Test func `a stated type replaces an inferred one, JSON inference replaces CSV inference`()
    throws
  {
    let prompt = "Energy?"
    _ = try store.imports.importBatches([
      batch([question(prompt, .tokens, source: .inferredFromCSV)], [])
    ])
    _ = try store.imports.importBatches([
      batch([question(prompt, .note, source: .inferredFromJSON)], [])
    ])
    #expect(try store.questions.list().first?.type == .note)
    _ = try store.imports.importBatches([
      batch([question(prompt, .tokens, source: .inferredFromCSV)], [])
    ])
    #expect(try store.questions.list().first?.type == .note)
    let summary = try store.imports.importBatches([
      batch([question(prompt, .multipleChoice, source: .stated, choices: ["Low", "High"])], [])
    ])
    #expect(try store.questions.list().first?.type == .multipleChoice)
    #expect(summary["updated"] == 1)
  }

  @Test
  func `a CSV report completes the JSON report of the same instant without removing anything`()
    throws
  {
    let doing = question("What are you doing?", .tokens, source: .inferredFromJSON)
    let place = question("Where are you?", .location, source: .inferredFromCSV)
    var json = report(
      "JSON", prompt: doing.question.prompt, questionID: doing.question.id, tokens: ["work"])
    json.context.battery = 0.5
    _ = try store.imports.importBatches([batch([doing], [json])])
    var csv = report(
      "CSV", prompt: doing.question.prompt, questionID: doing.question.id, tokens: ["other"])
    csv.responses.append(
      Response(
        id: "CSV-p", questionID: place.question.id, questionPrompt: place.question.prompt,
        location: LocationAnswer(text: "Home")))
    csv.context.battery = 0.9
    csv.context.health = [HealthReading(type: "steps", value: 10, unit: "count")]
    let summary = try store.imports.importBatches([
      batch([place], [csv], format: .reporterCSV, byInstant: true)
    ])
    let merged = try #require(try store.reports.list().first)
    #expect(try store.reports.list().count == 1)
    #expect(merged.id == "JSON")
    #expect(merged.context.battery == 0.5)
    #expect(merged.context.health.map(\.type) == ["steps"])
    #expect(merged.responses.map(\.questionPrompt) == ["What are you doing?", "Where are you?"])
    #expect(merged.responses.first?.tokens?.map(\.text) == ["work"])
    #expect(summary["reportsImported"] == 0)
    #expect(summary["responsesImported"] == 1)
    #expect(summary["updated"] == 1)
  }

  @Test func `v2 people merge with registry people of the same name`() throws {
    // An alternate name keeps an unanswered person through the vocabulary rebuild.
    let ana = Person(id: "P-1", displayName: "José García", alternateNames: ["Pepito"])
    _ = try store.imports.importBatches([
      ImportBatch(path: "a.json", format: .dispatchV2, people: [ana])
    ])
    let again = Person(id: "P-2", displayName: "jose garcia", alternateNames: ["Pepe"])
    let summary = try store.imports.importBatches([
      ImportBatch(path: "b.json", format: .dispatchV2, people: [again])
    ])
    let people = try store.people.list()
    #expect(people.map(\.id) == ["P-1"])
    #expect(people.first?.alternateNames == ["Pepito", "Pepe"])
    #expect(summary["peopleImported"] == 0)
    #expect(summary["updated"] == 1)
  }

  @Test func `the summary JSON has every counter, in order, and the problems`() {
    var summary = ImportSummary()
    summary.files = [("a.csv", .reporterCSV)]
    summary["skipped"] = 2
    summary.problems = [
      ImportProblem(file: "a.csv", record: 3, field: "Timestamp", reason: "bad date")
    ]
    guard case .object(let members) = summary.jsonValue else {
      Issue.record("not an object")
      return
    }
    #expect(members.map(\.0) == ["files"] + ImportSummary.counterNames + ["problems"])
    let text = JSONWriter.string(summary.jsonValue, style: .compact)
    #expect(text.contains(#""skipped":2"#))
    #expect(
      text.contains(
        #"{"file":"a.csv","record":3,"id":null,"field":"Timestamp","reason":"bad date"}"#))
  }

  @Test func `reports beyond one merge page import once and re-import as unchanged`() throws {
    let doing = question("What are you doing?", .tokens, source: .inferredFromJSON)
    // Two and a half pages, with the same instant for all: matching by ID, not by position.
    let reports = (0..<2_500).map {
      report("R\($0)", prompt: doing.question.prompt, questionID: doing.question.id, tokens: ["x"])
    }
    let first = try store.imports.importBatches([batch([doing], reports)])
    #expect(first["reportsImported"] == 2_500)
    #expect(first["responsesImported"] == 2_500)
    let again = try store.imports.importBatches([batch([doing], reports)])
    #expect(again["reportsImported"] == 0)
    #expect(again["updated"] == 0)
    #expect(again["unchanged"] == 1 + 2 * 2_500)
    #expect(try store.maintenance.counts().reports == 2_500)
  }
}
