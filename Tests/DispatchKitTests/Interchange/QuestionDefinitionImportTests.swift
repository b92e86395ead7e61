import DispatchKit
import Testing

/// Question-definition import, JSON and CSV (docs/formats/exports.md#question-definitions,
/// docs/catalog.md#validation, docs/catalog.md#prompt-identity).
struct QuestionDefinitionImportTests {
  static func json(_ text: String) throws(ImportError) -> ImportBatch {
    try QuestionDefinitionImport.parseJSON(Array(text.utf8), path: "q.json")
  }

  static func csv(_ text: String) throws(ImportError) -> ImportBatch {
    try QuestionDefinitionImport.parseCSV(Array(text.utf8), path: "q.csv")
  }

  static let header =
    "prompt,type,choices,reportKinds,enabled,sortOrder,placeholder,inputStyle,defaultAnswer,"
    + "inputMin,inputMax,inputStep,visualization,stateOfMindKind,allowsMultipleSelection"

  @Test func `JSON entries take Dispatch's decoding defaults and deterministic IDs`() throws {
    let batch = try Self.json(
      #"{"questions":[{"prompt":"  Mood?  ","type":"multipleChoice","choices":["Up","Down"]},"#
        + #"{"prompt":"Cups","type":"number","inputStyle":"stepper","inputMin":0,"inputStep":1,"#
        + #""defaultAnswer":"0","enabled":false,"sortOrder":3,"reportKinds":["wake"]}]}"#)
    #expect(batch.format == .questionsJSON && batch.problems.isEmpty)
    let mood = try #require(batch.questions.first)
    #expect(!mood.hasSourceID && mood.typeSource == .stated)
    #expect(
      mood.question.prompt == "Mood?" && mood.question.isEnabled && mood.question.sortOrder == 0)
    #expect(mood.question.reportKinds == [.regular] && mood.question.choices == ["Up", "Down"])
    #expect(mood.question.id == ImportIdentity.make("questions|mood"))
    let cups = try #require(batch.questions.last?.question)
    #expect(cups.inputStyle == .stepper && cups.inputMinimum == 0 && cups.defaultAnswer == "0")
    #expect(!cups.isEnabled && cups.sortOrder == 3 && cups.reportKinds == [.wake])
    let again = try Self.json(#"[{"prompt":"mood","type":"tokens"}]"#)
    #expect(again.questions.first?.question.id == mood.question.id)
  }

  @Test func `every error of a row is in one problem`() throws {
    let batch = try Self.json(
      #"[{"prompt":" ","type":"tokens","choices":["a"],"inputStyle":"dial","defaultAnswer":"1"},"#
        + #"{"prompt":"P","type":"multipleChoice","choices":["a","A"]},"#
        + #"{"prompt":"T","type":"hologram"},{"prompt":"U"},{"prompt":"V","type":"note","enabled":"yes"}]"#
    )
    #expect(batch.questions.isEmpty && batch.skipped == 5)
    let reasons = batch.problems.map(\.reason)
    #expect(
      reasons[0]
        == "the prompt is empty; only multiple choice has choices; only number questions have an "
        + "input style; only number questions have a default answer")
    #expect(reasons[1] == "choices repeat")
    #expect(reasons[2] == "unknown type 'hologram'")
    #expect(batch.problems[3].field == "type" && batch.problems[4].field == "enabled")
    #expect(batch.problems.map(\.record) == [1, 2, 3, 4, 5])
  }

  @Test func `length limits follow the catalog validation`() throws {
    let long = String(repeating: "x", count: 201)
    let batch = try Self.json(
      #"[{"prompt":"\#(long)","type":"tokens"},{"prompt":"P","type":"tokens","placeholder":"\#(long)"},"#
        + #"{"prompt":"Q","type":"multipleChoice","choices":["a","\#(long)"]}]"#)
    #expect(
      batch.problems.map(\.reason) == [
        "the prompt is longer than 200 characters", "the placeholder is longer than 100 characters",
        "a choice is longer than 60 characters",
      ])
  }

  @Test(arguments: [
    ("What’s up?", "what's up"), ("  Are   you\tOK?!… ", "are you ok"), ("e\u{301}té‽ ", "été"),
    ("“Quoted”.", "\"quoted\""), ("Ünïcode", "ünïcode"),
  ])
  func `prompts normalize as CatalogDedupe does`(prompt: String, normalized: String) {
    #expect(QuestionDefinitionImport.normalizedPrompt(prompt) == normalized)
  }

  @Test func `a prompt repeating an earlier row is a duplicate within the import`() throws {
    let batch = try Self.json(
      #"[{"prompt":"How are you?","type":"tokens"},{"prompt":"how  are you","type":"note"}]"#)
    #expect(batch.questions.count == 1 && batch.skipped == 1)
    #expect(batch.problems.first?.reason == "duplicate within import: the same prompt as record 1")
  }

  @Test func `CSV rows read JSON arrays in cells and the first of a repeated column`() throws {
    let batch = try Self.csv(
      Self.header + ",prompt\n"
        + "Mood?,multipleChoice,\"[\"\"Up\"\",\"\"Down\"\"]\",\"[\"\"sleep\"\"]\",false,2,,,,,,,proportion,,true,Ignored\n"
        + "Cups,number,[],,,,None yet,slider,1,0,5,0.5,,,,\n"
        + "Bad,tokens,nope,,,x,,,,,,,,,,\n"
        + "Short,tokens\n")
    #expect(batch.format == .questionsCSV)
    #expect(batch.questions.map(\.question.prompt) == ["Mood?", "Cups"])
    let mood = try #require(batch.questions.first?.question)
    #expect(mood.choices == ["Up", "Down"] && mood.reportKinds == [.sleep] && !mood.isEnabled)
    #expect(mood.sortOrder == 2 && mood.visualization == .proportion)
    #expect(mood.allowsMultipleSelectionSetting == true)
    let cups = try #require(batch.questions.last?.question)
    #expect(cups.inputStyle == .slider && cups.inputStep == 0.5 && cups.placeholder == "None yet")
    #expect(
      cups.reportKinds == [.regular] && cups.isEnabled && cups.allowsMultipleSelectionSetting == nil
    )
    #expect(batch.problems.map { "\($0.record) \($0.field ?? "-")" } == ["3 choices", "4 -"])
  }

  @Test(arguments: [
    "", "{\"questions\":[", "%PDF-1.4\n", "{\"questions\":{}}", "\"prompt\"",
    "{\"schemaVersion\":2}",
  ])
  func `broken JSON files are unrecognized`(text: String) {
    #expect(throws: ImportError.self) { try Self.json(text) }
  }

  @Test(arguments: ["", "%PDF-1.4\n", "name,kind\nx,y\n", "prompt\n\"open"])
  func `broken CSV files are unrecognized`(text: String) {
    #expect(throws: ImportError.self) { try Self.csv(text) }
  }

  @Test func `invalid UTF-8 is unrecognized`() {
    let bytes = Array("prompt,type\n".utf8) + [0xFE] + Array(",tokens\n".utf8)
    #expect(throws: ImportError.self) { try QuestionDefinitionImport.parseCSV(bytes, path: "q") }
    let json = Array("[{\"prompt\":\"".utf8) + [0xFE] + Array("\",\"type\":\"note\"}]".utf8)
    #expect(throws: ImportError.self) { try QuestionDefinitionImport.parseJSON(json, path: "q") }
  }

  @Test func `recognition tells question files from exports`() throws {
    #expect(QuestionDefinitionImport.recognizesJSON(Array(#"{"questions":[]}"#.utf8)))
    #expect(
      QuestionDefinitionImport.recognizesJSON(Array(#" [{"prompt":"P","type":"note"}]"#.utf8)))
    #expect(
      !QuestionDefinitionImport.recognizesJSON(Array(#"{"questions":[],"snapshots":[]}"#.utf8)))
    #expect(
      !QuestionDefinitionImport.recognizesJSON(
        try ImportTestSupport.fixture("dispatch-v2/small-export.json")))
    #expect(
      !QuestionDefinitionImport.recognizesJSON(
        try ImportTestSupport.fixture("reporter/v1x-export.json")))
    #expect(QuestionDefinitionImport.recognizesCSV(Array((Self.header + "\n").utf8)))
    #expect(
      !QuestionDefinitionImport.recognizesCSV(
        try ImportTestSupport.fixture("reporter/reporter-export.csv")))
  }

  @Test func `mutated files give a batch or an import error, never a crash`() {
    let json = Array(
      (#"{"questions":[{"prompt":"Mood?","type":"multipleChoice","choices":["Up","Down"],"#
        + #""reportKinds":["regular"],"enabled":true,"sortOrder":0,"inputMin":1}]}"#).utf8)
    let csv = Array(
      (Self.header + "\nMood?,multipleChoice,\"[\"\"Up\"\",\"\"Down\"\"]\",[],true,0,,,,1,2,1,,,\n")
        .utf8)
    var outcomes = (batches: 0, errors: 0)
    func check(file: String, _ parse: () throws(ImportError) -> ImportBatch) {
      do throws(ImportError) {
        let batch = try parse()
        // Every question read is usable as it stands, and every dropped row was reported.
        #expect(batch.questions.allSatisfy { !$0.question.prompt.isEmpty })
        #expect(batch.skipped <= batch.problems.count)
        #expect(batch.problems.allSatisfy { $0.file == file })
        outcomes.batches += 1
      } catch {
        #expect(error.kind == .unrecognized && error.file == file)
        outcomes.errors += 1
      }
    }
    ImportTestSupport.fuzz(json, count: 2000, rngSeed: 0x5EED_0004) { bytes in
      check(file: "fuzz.json") { () throws(ImportError) in
        try QuestionDefinitionImport.parseJSON(bytes, path: "fuzz.json")
      }
    }
    ImportTestSupport.fuzz(csv, count: 2000, rngSeed: 0x5EED_0005) { bytes in
      check(file: "fuzz.csv") { () throws(ImportError) in
        try QuestionDefinitionImport.parseCSV(bytes, path: "fuzz.csv")
      }
    }
    // Both outcomes occur, so the mutations reach the field checks and not only the parser.
    #expect(outcomes.batches > 100 && outcomes.errors > 100)
  }
}
