import DispatchKit
import Foundation
import Testing

/// Whole files that are not Reporter JSON are refused; bad records are skipped and bad parts
/// dropped, each with its location (docs/formats/reporter.md#leniency).
struct ReporterJSONMalformedTests {
  typealias F = ReporterJSONFixtures

  func refusal(_ bytes: [UInt8]) -> ImportError? {
    do {
      _ = try ReporterJSONImport.parse(bytes, path: "bad.json", defaultTimeZone: "UTC")
      return nil
    } catch {
      return error
    }
  }

  @Test func `files that are not Reporter JSON are refused with a one-line reason`() {
    let inputs: [[UInt8]] = [
      [], Array("  \n".utf8), Array("[]".utf8), Array("{\"snapshots\": [{\"date\": 1".utf8),
      [0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x7D], Array("%PDF-1.7\n%\u{E2}\u{E3}\n1 0 obj\n".utf8),
      [0x25, 0x50, 0x44, 0x46, 0x2D, 0x31, 0x2E, 0x34, 0x0A, 0x25, 0xE2, 0xE3, 0xCF, 0xD3],
      Array("{\"questions\": []}".utf8), Array("{\"snapshots\": 3}".utf8),
      Array("{\"snapshots\": [], \"questions\": \"none\"}".utf8),
      Array("{\"schemaVersion\": 2, \"snapshots\": []}".utf8), Array("\"snapshots\"".utf8),
      Array("{\"reports\": [{\"questions\": []}]}".utf8),
    ]
    for input in inputs {
      let error = refusal(input)
      #expect(error?.kind == .unrecognized, "\(input.prefix(20))")
      #expect(error?.file == "bad.json")
      #expect(error.map { !$0.reason.isEmpty && !$0.reason.contains("\n") } == true)
      #expect(!ReporterJSONImport.recognizes(input))
    }
    #expect(refusal([])?.reason == "the file is empty")
    #expect(refusal([0x7B, 0xFF, 0x7D])?.reason.contains("UTF-8") == true)
  }

  @Test func `an empty export and a byte-order mark are fine`() throws {
    let batch = try F.parse("\u{FEFF}{\"snapshots\": []}")
    #expect(batch.reports.isEmpty && batch.questions.isEmpty && batch.skipped == 0)
  }

  @Test func `a snapshot with a nested date among good ones is skipped and counted`() throws {
    let batch = try F.parse(
      F.file(snapshots: [
        F.snapshot(), F.snapshot(date: #"{"nested": true}"#, extra: #""uniqueIdentifier": "S2""#),
      ]))
    #expect(batch.reports.count == 1)
    #expect(batch.skipped == 1)
    #expect(
      batch.problems == [
        ImportProblem(
          file: "inline.json", record: 2, id: "S2", field: "date", reason: "the date cannot be read"
        )
      ])
  }

  @Test func `a question missing its prompt is skipped and counted`() throws {
    let batch = try F.parse(
      F.file(snapshots: [], questions: [F.question("Are you working?"), #"{"questionType": 2}"#]))
    #expect(batch.questions.count == 1)
    #expect(batch.skipped == 1)
    #expect(batch.problems.first?.record == 2)
    #expect(batch.problems.first?.field == "prompt")
  }

  @Test func `snapshot fields of the wrong type skip the snapshot`() throws {
    let bad = [
      #""battery": "0.38""#, #""reportImpetus": "2""#, #""connection": true"#,
      #""steps": [1]"#, #""draft": "no""#, #""uniqueIdentifier": 7"#,
      #""sectionIdentifier": 1"#, #""reportImpetus": 2.5"#,
    ]
    for extra in bad {
      let batch = try F.parse(
        F.file(snapshots: [F.snapshot(), F.snapshot(date: "1.0", extra: extra)]))
      #expect(batch.reports.count == 1, "\(extra)")
      #expect(batch.skipped == 1, "\(extra)")
      #expect(batch.problems.first?.record == 2)
    }
    let dates = ["true", "\"yesterday\"", "\"2016-02-30T10:00:00Z\"", "1e14", "null"]
    for date in dates {
      let batch = try F.parse(F.file(snapshots: [F.snapshot(date: date)]))
      #expect(batch.reports.isEmpty && batch.skipped == 1, "\(date)")
    }
  }

  @Test func `bad parts are dropped and the snapshot kept`() throws {
    let extra = #"""
      "uniqueIdentifier": "S1", "audio": {"avg": -40}, "location": {"latitude": 40},
      "weather": "sunny", "altitude": {"pressure": "high"},
      "photoSet": {"photos": [{"pixelWidth": "wide"}, 3, {"assetUrl": "a", "latitude": 0, "longitude": 0}]}
      """#
    let responses = [
      #"{"questionPrompt": "Fine", "tokens": ["a"]}"#,
      #"{"tokens": ["no prompt"]}"#,
      #"{"questionPrompt": "Bad tokens", "tokens": [1, 2]}"#,
      #"{"questionPrompt": "Bad options", "answeredOptions": "Yes"}"#,
      #"{"questionPrompt": "Bool number", "numericResponse": true}"#,
      #""just text""#,
      #"{"questionPrompt": "Number", "numericResponse": 3}"#,
    ]
    let batch = try F.parse(F.file(snapshots: [F.snapshot(responses: responses, extra: extra)]))
    let report = try #require(batch.reports.first)
    #expect(batch.skipped == 0)
    #expect(report.context.audio == nil && report.context.location == nil)
    #expect(report.context.weather == nil && report.context.health.isEmpty)
    #expect(report.context.photos.count == 1)
    #expect(report.context.photos.first?.latitude == nil)
    #expect(report.responses.map(\.questionPrompt) == ["Fine", "Number"])
    #expect(report.responses.last?.number == "3")
    #expect(batch.problems.count == 11)
    #expect(batch.problems.allSatisfy { $0.record == 1 && $0.id == "S1" })
    #expect(
      Set(batch.problems.compactMap(\.field)).isSuperset(of: [
        "audio", "location", "weather", "responses[2].questionPrompt",
      ]))
  }

  @Test func `a repeated snapshot or a repeated or mistyped question is skipped`() throws {
    let batch = try F.parse(
      F.file(
        snapshots: [F.snapshot(), F.snapshot()],
        questions: [
          F.question("A"), F.question("A"), #"{"prompt": "B", "uniqueIdentifier": "x"}"#,
          #"{"prompt": "C", "uniqueIdentifier": "x"}"#, #"{"prompt": "D", "questionType": 12}"#,
          #"{"prompt": "E", "placeholderString": 3}"#, #"{"prompt": "F", "questionType": "2"}"#,
          #"{"prompt": "G", "questionType": 7}"#,
        ]))
    #expect(batch.reports.count == 1)
    #expect(batch.questions.map(\.question.prompt) == ["A", "B", "G"])
    #expect(batch.skipped == 6)
    #expect(batch.problems.map(\.record) == [2, 4, 5, 6, 7, 2])
  }
}
