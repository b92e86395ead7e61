import DispatchKit
import Foundation
import Testing

/// Dispatch's v2 export: encoding rules, omission rules and orders
/// (docs/formats/dispatch-v2.md).
struct V2ExporterTests {
  /// The members of an object value, or nil.
  static func members(_ value: JSONValue) -> [(String, JSONValue)]? {
    guard case .object(let members) = value else { return nil }
    return members
  }

  /// The keys of an object value, sorted.
  static func keys(_ value: JSONValue) -> [String] {
    (members(value) ?? []).map(\.0).sorted()
  }

  /// The member `key` of an object value.
  static func member(_ value: JSONValue, _ key: String) -> JSONValue? {
    members(value)?.first { $0.0 == key }?.1
  }

  @Test func `the hand-built store exports as the golden file`() {
    let text = V2Exporter.string(
      questions: V2ExportStore.questions, reports: V2ExportStore.reports,
      promptGroups: V2ExportStore.promptGroups, people: V2ExportStore.people,
      createdAt: Instant(milliseconds: 1_780_000_000_000), sourceDeviceModel: "x86_64",
      sourceDeviceName: "Linux")
    GoldenFile.expectMatches(text, suite: "V2ExporterTests", name: "hand-built-store.json")
    #expect(
      V2Exporter.data(
        questions: V2ExportStore.questions, reports: V2ExportStore.reports,
        promptGroups: V2ExportStore.promptGroups, people: V2ExportStore.people,
        createdAt: Instant(milliseconds: 1_780_000_000_000), sourceDeviceModel: "x86_64",
        sourceDeviceName: "Linux") == Array(text.utf8))
  }

  @Test func `a question with no optional fields writes only the required keys`() {
    let question = Question(id: "q", prompt: "Doing?", type: .tokens)
    #expect(
      Self.keys(V2Exporter.questionValue(question)) == [
        "isEnabled", "prompt", "questionType", "reportKinds", "sortOrder", "uniqueIdentifier",
      ])
    var typed = Question(id: "q", prompt: "Count?", type: .number, inputStyle: .textField)
    typed.choices = []
    // Plain typing is stored as nil upstream, so it is never written
    // (docs/formats/dispatch-v2.md#number-input-styles).
    #expect(Self.member(V2Exporter.questionValue(typed), "inputStyle") == nil)
  }

  @Test func `an empty store writes the required keys only`() {
    let text = V2Exporter.string(questions: [], reports: [])
    #expect(
      Self.keys(V2Exporter.document(questions: [], reports: [])) == [
        "questions", "reports", "schemaVersion",
      ])
    #expect(text.hasPrefix("{\n  \"questions\" : ["))
    #expect(text.hasSuffix("\"schemaVersion\" : 2\n}"))
  }

  @Test func `a report without responses or context writes the required keys only`() {
    let report = ExportFixtures.bare("rep", at: 0)
    #expect(
      Self.keys(V2Exporter.reportValue(report)) == [
        "date", "isBackdated", "isDraft", "kind", "timeZone", "trigger", "uniqueIdentifier",
        "wasInBackground",
      ])
    var empty = report
    empty.context = SensorContext(
      deviceState: DeviceState(), motion: MotionState(), stateOfMindSampleIDs: [])
    // Empty device-state and motion groups are left out, like nil ones
    // (docs/formats/dispatch-v2.md#omitted-values).
    #expect(Self.keys(V2Exporter.reportValue(empty)) == Self.keys(V2Exporter.reportValue(report)))
  }

  @Test func `empty token, option and note lists are written, a skip writes no payload`() {
    let report = ExportFixtures.bare(
      "rep", at: 0,
      responses: [
        Response(id: "r1", questionID: "q1", questionPrompt: "A", tokens: []),
        Response(id: "r2", questionID: "q2", questionPrompt: "B", options: []),
        Response(id: "r3", questionID: "q3", questionPrompt: "C", notes: []),
        Response(id: "r4", questionID: nil, questionPrompt: "D"),
      ])
    guard case .array(let responses) = Self.member(V2Exporter.reportValue(report), "responses")
    else {
      Issue.record("no responses")
      return
    }
    #expect(
      responses.map(Self.keys) == [
        ["questionIdentifier", "questionPrompt", "tokens", "uniqueIdentifier"],
        ["answeredOptions", "questionIdentifier", "questionPrompt", "uniqueIdentifier"],
        ["questionIdentifier", "questionPrompt", "textResponses", "uniqueIdentifier"],
        ["questionPrompt", "uniqueIdentifier"],
      ])
    #expect(Self.member(responses[0], "tokens") == .array([]))
  }

  @Test(arguments: [
    (TimeAnswer(minutes: 540), "{\n  \"minutes\" : 540\n}"),
    (
      TimeAnswer(minutes: 1_410, dayOffset: -1), "{\n  \"dayOffset\" : -1,\n  \"minutes\" : 1410\n}"
    ),
  ])
  func `a time answer omits a zero day offset`(time: TimeAnswer, json: String) {
    let response = Response(id: "r", questionID: "q", questionPrompt: "When?", time: time)
    let report = ExportFixtures.bare("rep", at: 0, responses: [response])
    guard case .array(let responses) = Self.member(V2Exporter.reportValue(report), "responses"),
      let first = responses.first, let value = Self.member(first, "timeResponse")
    else {
      Issue.record("no time response")
      return
    }
    #expect(JSONWriter.string(value, style: .dispatchV2) == json)
  }

  @Test func `records are ordered as Dispatch orders them`() {
    let document = V2Exporter.document(
      questions: V2ExportStore.questions, reports: V2ExportStore.reports,
      promptGroups: V2ExportStore.promptGroups, people: V2ExportStore.people)
    func ids(_ key: String) -> [String] {
      guard case .array(let items) = Self.member(document, key) else { return [] }
      return items.compactMap {
        guard case .string(let id) = Self.member($0, "uniqueIdentifier") else { return nil }
        return id
      }
    }
    #expect(ids("questions") == ["q-bed", "q-count", "q-mood", "q-scale"])
    #expect(ids("reports") == ["rep-a", "rep-c", "rep-b"])
    #expect(ids("promptGroups") == ["group-daily", "group-beacon", "group-place"])
    #expect(ids("people") == ["p-0", "p-1", "p-2"])
    let report = V2Exporter.reportValue(V2ExportStore.reports[0])
    guard case .array(let responses) = Self.member(report, "responses") else { return }
    #expect(
      responses.compactMap { Self.member($0, "uniqueIdentifier") }
        == (0...6).map { .string("resp-\($0)") })
  }

  @Test(arguments: [
    (-34.0, "-34"), (0.96, "0.96"), (1e20, "1e+20"), (12.5, "12.5"), (100, "100"),
    (1e-5, "1e-05"), (999_999_999_999_999, "999999999999999"),
  ])
  func `numbers print as Foundation's encoder prints them`(value: Double, text: String) {
    #expect(JSONWriter.string(.double(value), style: .dispatchV2) == text)
  }
}

extension V2ExporterTests {
  /// The real-shaped fixture, rebuilt by hand and exported with its own stamp, must come out
  /// byte for byte: key spacing, escaping, number and date forms, orders and omissions.
  @Test func `the small-export fixture re-exports byte for byte`() throws {
    let url = try #require(
      Bundle.module.url(
        forResource: "small-export", withExtension: "json", subdirectory: "Fixtures/dispatch-v2"))
    let fixture = String(decoding: try Data(contentsOf: url), as: UTF8.self)
    // Records are passed shuffled so the export's own sorting is exercised too.
    let text = V2Exporter.string(
      questions: SmallExportDefinitions.questions.reversed(),
      reports: SmallExportReports.reports.reversed(),
      promptGroups: SmallExportDefinitions.promptGroups.reversed(),
      people: SmallExportDefinitions.people,
      createdAt: SmallExportReports.at("2026-07-09T14:32:05.000Z"),
      sourceDeviceModel: "iPhone17,1", sourceDeviceName: "iPhone")
    #expect(
      text == fixture,
      Comment(rawValue: GoldenFile.firstDifference(expected: fixture, actual: text)))
  }
}
