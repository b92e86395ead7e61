import DispatchKit
import Foundation
import Testing

/// Fixture bytes and byte fuzzing shared by the import parser suites.
enum ImportTestSupport {
  struct Missing: Error, CustomStringConvertible {
    let path: String
    var description: String { "fixture \(path) is not in the test bundle" }
  }

  /// The bytes of `Fixtures/<relativePath>` from the copied resource folder.
  static func fixture(_ relativePath: String) throws -> [UInt8] {
    let full = "Fixtures/" + relativePath
    guard let base = Bundle.module.resourceURL,
      let data = FileManager.default.contents(atPath: base.appendingPathComponent(full).path)
    else { throw Missing(path: full) }
    return [UInt8](data)
  }

  /// `count` deterministic mutations of `seed` (flips, deletions, insertions, truncations,
  /// splices of structural bytes), each handed to `body`.
  static func fuzz(_ seed: [UInt8], count: Int, rngSeed: UInt64, _ body: ([UInt8]) -> Void) {
    var rng = SplitMix64(seed: rngSeed)
    let structural = Array("{}[]\",:\n\r\\0-9eE.".utf8) + [0xFF, 0xC3, 0x00]
    for _ in 0..<count {
      var bytes = seed
      for _ in 0..<Int.random(in: 1...8, using: &rng) {
        guard !bytes.isEmpty else { break }
        let at = Int.random(in: 0..<bytes.count, using: &rng)
        switch Int.random(in: 0..<5, using: &rng) {
        case 0: bytes[at] ^= UInt8.random(in: 1...255, using: &rng)
        case 1: bytes.remove(at: at)
        case 2: bytes.insert(structural[Int.random(in: 0..<structural.count, using: &rng)], at: at)
        case 3: bytes.removeSubrange(at...)
        default: bytes[at] = structural[Int.random(in: 0..<structural.count, using: &rng)]
        }
      }
      body(bytes)
    }
  }
}

/// Dispatch v2 JSON import (docs/formats/dispatch-v2.md#the-dispatch-v2-json-format,
/// docs/formats/dispatch-v2.md#importing, docs/formats/dispatch-v2.md#unknown-values).
struct V2ImportTests {
  static func parse(_ json: String) throws(ImportError) -> ImportBatch {
    try V2Import.parse(Array(json.utf8), path: "inline.json")
  }

  static func fixture() throws -> ImportBatch {
    try V2Import.parse(
      try ImportTestSupport.fixture("dispatch-v2/small-export.json"), path: "small-export.json")
  }

  /// A minimal valid report with `extra` members.
  static func report(_ id: String, extra: String = "") -> String {
    """
    {"uniqueIdentifier":"\(id)","date":"2016-02-11T23:08:54.000Z","timeZone":"GMT-0400",\
    "kind":"regular","trigger":"manual","isBackdated":false,"isDraft":false,\
    "wasInBackground":false\(extra.isEmpty ? "" : "," + extra)}
    """
  }

  @Test func `the small export gives the manifest's counts`() throws {
    let batch = try Self.fixture()
    #expect(batch.format == .dispatchV2)
    #expect(batch.reports.count == 6)
    #expect(batch.questions.count == 14)
    #expect(batch.reports.flatMap(\.responses).count == 23)
    #expect(batch.promptGroups.count == 6)
    #expect(batch.people.count == 4)
    #expect(batch.skipped == 0)
    #expect(batch.problems.isEmpty)
    #expect(!batch.mergesByInstant)
    #expect(batch.questions.allSatisfy { $0.hasSourceID && $0.typeSource == .stated })
    let defaultIDs = Set(DefaultQuestions.all.map(\.id))
    #expect(batch.questions.filter { defaultIDs.contains($0.question.id) }.count == 7)
    #expect(batch.questions.filter { !$0.question.isEnabled }.count == 1)
  }

  @Test func `the small export's reports keep every field`() throws {
    let batch = try Self.fixture()
    let reports = batch.reports
    #expect(
      reports.map(\.kind.rawValue).sorted() == [
        "regular", "regular", "regular", "regular", "sleep", "wake",
      ])
    #expect(
      reports.filter { $0.timeZoneIdentifier == "GMT-0400" }.map(\.utcOffsetSeconds) == [-14_400])
    #expect(reports.filter(\.isBackdated).count == 1)
    #expect(reports.filter(\.wasInBackground).count == 1)
    #expect(reports.compactMap(\.legacyImpetus).count == 1)
    #expect(reports.flatMap(\.context.health).count == 16)
    #expect(reports.flatMap(\.context.photos).count == 1)
    #expect(reports.contains { $0.context.focus != nil && $0.context.motion != nil })
    #expect(reports.contains { $0.context.media != nil && $0.context.deviceState == nil })
    #expect(reports.contains { !$0.context.stateOfMindSampleIDs.isEmpty })
    #expect(reports.contains { $0.sourceDeviceModel != nil })
    let first = try #require(reports.first { $0.id == "9C2E5B14-A7F3-4D06-B8E1-5D4C3A2B1F90" })
    #expect(first.date.iso8601 == "2026-07-06T14:03:27.512Z")
    #expect(first.context.location?.placemark != nil)
    #expect(first.context.weather?.condition != nil)
    let responses = reports.flatMap(\.responses)
    #expect(responses.filter { $0.questionID == nil }.count == 1)
    #expect(responses.filter(\.isSkipped).count == 2)
    #expect(responses.filter { $0.number != nil }.count == 6)
    #expect(responses.filter { $0.options != nil }.count == 5)
    #expect(responses.filter { $0.tokens != nil }.count == 5)
    #expect(responses.filter { $0.location != nil }.count == 2)
    #expect(responses.filter { $0.notes != nil }.count == 1)
    #expect(
      Set(responses.compactMap(\.time)) == [
        TimeAnswer(minutes: 1395, dayOffset: -1), TimeAnswer(minutes: 75),
      ])
  }

  @Test func `the small export's groups and people keep every field`() throws {
    let batch = try Self.fixture()
    let known = Set(batch.questions.map(\.question.id))
    #expect(batch.promptGroups.flatMap(\.questionIDs).filter { !known.contains($0) }.count == 1)
    #expect(batch.promptGroups.contains { $0.scheduledTimes == ["21:30", "22:45"] })
    #expect(
      batch.promptGroups.contains {
        $0.placeRegion?.radius == 150 && $0.monitorDirection == "arrival"
      })
    #expect(batch.promptGroups.contains { $0.calendarTitleFilter == "Stand-up" && !$0.isEnabled })
    #expect(batch.people.filter { !$0.alternateNames.isEmpty }.count == 3)
    #expect(batch.people.flatMap(\.alternateNames).count == 4)
  }

  @Test func `the small export re-exports byte for byte, so every field was read`() throws {
    let bytes = try ImportTestSupport.fixture("dispatch-v2/small-export.json")
    let batch = try V2Import.parse(bytes, path: "small-export.json")
    let top = try #require(
      try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    let createdAt = (top["createdAt"] as? String).flatMap(Instant.parseISO8601)?.instant
    let text = V2Exporter.string(
      questions: batch.questions.map(\.question), reports: batch.reports,
      promptGroups: batch.promptGroups, people: batch.people, createdAt: createdAt,
      sourceDeviceModel: top["sourceDeviceModel"] as? String,
      sourceDeviceName: top["sourceDeviceName"] as? String)
    #expect(text == String(decoding: bytes, as: UTF8.self))
  }

  @Test func `unknown triggers read as manual and known ones are kept`() throws {
    let batch = try Self.parse(
      """
      {"schemaVersion":2,"questions":[],"reports":[
      \(Self.report("t").replacingOccurrences(of: "manual", with: "teleportArrival")),
      \(Self.report("h").replacingOccurrences(of: "manual", with: "hologram")),
      \(Self.report("p").replacingOccurrences(of: "manual", with: "placeArrival"))]}
      """)
    #expect(batch.reports.map(\.trigger) == [.manual, .manual, .placeArrival])
    #expect(batch.skipped == 0)
  }

  @Test func `legacy default-question IDs are remapped everywhere`() throws {
    let batch = try Self.parse(
      """
      {"schemaVersion":2,
       "questions":[{"uniqueIdentifier":"default-question-1","prompt":"Are you working?",
         "questionType":2,"sortOrder":1,"isEnabled":true,"reportKinds":["regular"]}],
       "reports":[\(Self.report("r", extra: #""responses":[{"uniqueIdentifier":"x","questionPrompt":"Are you working?","questionIdentifier":"default-question-1","answeredOptions":["Yes"]}]"#))],
       "promptGroups":[{"uniqueIdentifier":"g","name":"Home","scheduleKind":"placeTrigger",
         "isEnabled":true,"sortOrder":0,"questionIDs":["default-question-1","default-question-9"],
         "monitorDirection":"orbit","placeRegion":{"latitude":1,"longitude":2,"radius":20}}]}
      """)
    let id = "6BCB574C-57B1-5593-B392-B7608B42FD92"
    #expect(batch.questions.map(\.question.id) == [id])
    #expect(batch.reports.first?.responses.first?.questionID == id)
    #expect(batch.promptGroups.first?.questionIDs == [id, "default-question-9"])
    #expect(batch.promptGroups.first?.monitorDirection == "orbit")
    #expect(batch.promptGroups.first?.placeRegion?.radius == 100)
  }

  @Test func `Reporter's own default-question IDs are not taken for Dispatch's`() throws {
    let batch = try Self.parse(
      """
      {"schemaVersion":2,
       "questions":[{"uniqueIdentifier":"default-question-3","prompt":"What are you doing?",
         "questionType":0,"sortOrder":3,"isEnabled":true,"reportKinds":["regular"]}],
       "reports":[\(Self.report("r", extra: #""responses":[{"uniqueIdentifier":"x","questionPrompt":"What are you doing?","questionIdentifier":"default-question-3","tokens":[]}]"#))],
       "promptGroups":[{"uniqueIdentifier":"g","name":"G","scheduleKind":"dailyAt",
         "isEnabled":true,"sortOrder":0,"questionIDs":["default-question-3"]}]}
      """)
    #expect(batch.questions.map(\.question.id) == ["default-question-3"])
    #expect(batch.reports.first?.responses.first?.questionID == "default-question-3")
    #expect(batch.promptGroups.first?.questionIDs == ["default-question-3"])
  }

  @Test func `unknown kinds and report kinds are kept raw (section 15 item 2)`() throws {
    let batch = try Self.parse(
      """
      {"schemaVersion":2,"questions":[{"uniqueIdentifier":"q","prompt":"P","questionType":0,
        "sortOrder":0,"isEnabled":true,"reportKinds":["regular","nap"]}],
       "reports":[\(Self.report("r").replacingOccurrences(of: "regular", with: "siesta"))]}
      """)
    #expect(batch.questions.first?.question.reportKinds == [.regular, ReportKind(rawValue: "nap")])
    #expect(batch.reports.first?.kind == ReportKind(rawValue: "siesta"))
  }

  @Test func `of two records with one ID the later wins, legacy IDs included`() throws {
    let question =
      #"{"uniqueIdentifier":"ID","prompt":"P","questionType":2,"sortOrder":1,"#
      + #""isEnabled":true,"reportKinds":["regular"]}"#
    let batch = try Self.parse(
      #"{"schemaVersion":2,"questions":["#
        + question.replacingOccurrences(of: "ID", with: "default-question-1") + ","
        + question.replacingOccurrences(of: "ID", with: "6BCB574C-57B1-5593-B392-B7608B42FD92")
        .replacingOccurrences(of: "\"P\"", with: "\"Q\"") + "]}")
    #expect(batch.questions.map(\.question.prompt) == ["Q"])
    #expect(batch.skipped == 1)
    #expect(batch.problems.map(\.record) == [1])
  }

  @Test func `missing questions and reports keys read as empty`() throws {
    let batch = try Self.parse(#"{"schemaVersion":2}"#)
    #expect(batch.questions.isEmpty && batch.reports.isEmpty && batch.problems.isEmpty)
  }

  @Test func `payloads keep their exact form`() throws {
    let batch = try Self.parse(
      """
      {"schemaVersion":2,"reports":[\(Self.report("r", extra: """
      "date":"2016-02-11T23:08:54Z","responses":[
        {"uniqueIdentifier":"a","questionPrompt":"N","numericResponse":"07.50"},
        {"uniqueIdentifier":"b","questionPrompt":"T","tokens":[]},
        {"uniqueIdentifier":"c","questionPrompt":"W","timeResponse":{"minutes":540}},
        {"uniqueIdentifier":"d","questionPrompt":"S"}]
      """).replacingOccurrences(of: #""date":"2016-02-11T23:08:54.000Z","#, with: ""))]}
      """)
    let report = try #require(batch.reports.first)
    #expect(report.date.iso8601 == "2016-02-11T23:08:54.000Z")
    #expect(report.responses.map(\.number) == ["07.50", nil, nil, nil])
    #expect(report.responses[1].tokens == [])
    #expect(!report.responses[1].isSkipped && report.responses[3].isSkipped)
    #expect(report.responses[2].time == TimeAnswer(minutes: 540, dayOffset: 0))
  }

  @Test func `a bad record is skipped with its position and the rest kept`() throws {
    let batch = try Self.parse(
      """
      {"schemaVersion":2,"questions":[7],"reports":[\(Self.report("a")),
      \(Self.report("b").replacingOccurrences(of: "false,\"isDraft\"", with: "\"no\",\"isDraft\"")),
      \(Self.report("c").replacingOccurrences(of: "2016-02-11T23:08:54.000Z", with: "yesterday")),
      \(Self.report("d", extra: #""responses":[{"uniqueIdentifier":"x"}]"#)),
      \(Self.report("e"))]}
      """)
    #expect(batch.reports.map(\.id) == ["a", "e"])
    #expect(batch.skipped == 4)
    let problems = batch.problems.map { "\($0.record) \($0.id ?? "-") \($0.field ?? "-")" }
    #expect(
      problems == ["1 - -", "2 b isBackdated", "3 c date", "4 d responses[0].questionPrompt"])
    #expect(
      batch.problems.allSatisfy { $0.file == "inline.json" && $0.reason.first?.isLowercase == true }
    )
  }

  @Test(arguments: [
    ("", "not valid"), ("{\"schemaVersion\":2,\"reports\":[", "not valid"),
    ("%PDF-1.4\n%\u{e2}\u{e3}", "not valid"), ("[1,2]", "not an object"),
    ("{\"reports\":[]}", "no schemaVersion"), ("{\"schemaVersion\":\"2\"}", "not an integer"),
    ("{\"schemaVersion\":3,\"questions\":[],\"reports\":[]}", "unsupported schemaVersion 3"),
    ("{\"schemaVersion\":2,\"reports\":{}}", "'reports' is not an array"),
  ])
  func `broken files are unrecognized`(text: String, reason: String) {
    #expect {
      try V2Import.parse(Array(text.utf8), path: "f.json")
    } throws: { error in
      guard let error = error as? ImportError else { return false }
      return error.kind == .unrecognized && error.reason.contains(reason) && error.file == "f.json"
    }
  }

  @Test func `invalid UTF-8 is unrecognized`() {
    let bytes =
      Array(#"{"schemaVersion":2,"reports":[""#.utf8) + [0xFF, 0xFE] + Array(#""]}"#.utf8)
    #expect(throws: ImportError.self) { try V2Import.parse(bytes, path: "f") }
    #expect(!V2Import.recognizes(bytes))
  }

  @Test func `recognition needs a top-level schemaVersion`() throws {
    #expect(V2Import.recognizes(try ImportTestSupport.fixture("dispatch-v2/small-export.json")))
    #expect(V2Import.recognizes(Array(" {\"schemaVersion\":9}".utf8)))
    let marked = [0xEF, 0xBB, 0xBF] + Array(#"{"schemaVersion":2}"#.utf8)
    #expect(V2Import.recognizes(marked))
    #expect(try V2Import.parse(marked, path: "bom.json").reports.isEmpty)
    #expect(!V2Import.recognizes(Array("{\"snapshots\":[{\"schemaVersion\":2}]}".utf8)))
    #expect(!V2Import.recognizes(Array("[{\"schemaVersion\":2}]".utf8)))
    #expect(!V2Import.recognizes(try ImportTestSupport.fixture("reporter/reporter-export.csv")))
  }

  @Test func `mutated exports give a batch or an import error, never a crash`() throws {
    let seed = try ImportTestSupport.fixture("dispatch-v2/small-export.json")
    var outcomes = (batches: 0, errors: 0)
    ImportTestSupport.fuzz(seed, count: 3000, rngSeed: 0x5EED_0002) { bytes in
      do {
        _ = try V2Import.parse(bytes, path: "fuzz.json")
        outcomes.batches += 1
      } catch {
        outcomes.errors += 1
      }
    }
    #expect(outcomes.batches + outcomes.errors == 3000)
    // Both paths are exercised: many mutations hit values, many break the syntax.
    #expect(outcomes.batches > 100 && outcomes.errors > 100)
  }
}
