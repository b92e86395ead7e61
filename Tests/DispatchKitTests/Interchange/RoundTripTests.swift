import DispatchKit
import Foundation
import Testing

/// v2 round trips and the import semantics of docs/formats/dispatch-v2.md#importing, on our own
/// fixtures: `dispatch-v2/small-export.json` and `reporter/synthetic-2x-export.json`.
struct RoundTripTests {
  /// Every `…Imported` counter of the summary (docs/import-export.md#the-import-summary).
  static let importedCounters = ImportSummary.counterNames.filter { $0.hasSuffix("Imported") }

  /// A fresh in-memory store with a pinned clock and IDs.
  static func freshStore() throws -> DispatchStore {
    try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 1_783_510_722_810)),
        ids: SequentialIDGenerator()))
  }

  /// The v2 export of `store` with `provenance`.
  static func v2(_ store: DispatchStore, _ provenance: ExportProvenance) throws -> [UInt8] {
    guard case .file(let bytes) = try store.export(.v2, provenance: provenance) else {
      Issue.record("v2 export wrote files, not one file")
      return []
    }
    return bytes
  }

  /// Imports v2 `bytes` into a fresh store and exports it again with `provenance`.
  static func reexport(_ bytes: [UInt8], _ provenance: ExportProvenance) throws -> [UInt8] {
    let store = try freshStore()
    let summary = try store.imports.importBatches([
      try V2Import.parse(bytes, path: "round-trip.json")
    ])
    #expect(summary["skipped"] == 0)
    #expect(summary.problems.isEmpty)
    return try v2(store, provenance)
  }

  /// A pinned provenance, as a backup would write it.
  static let stamp = ExportProvenance(
    createdAt: Instant(milliseconds: 1_783_510_722_810), deviceModel: "x86_64",
    deviceName: "bench")

  /// The top-level `createdAt`, `sourceDeviceModel` and `sourceDeviceName` of a v2 file.
  static func provenance(of bytes: [UInt8]) throws -> ExportProvenance {
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    let createdAt = try #require(object["createdAt"] as? String)
    return ExportProvenance(
      createdAt: try #require(Instant.parseISO8601(createdAt)?.instant),
      deviceModel: object["sourceDeviceModel"] as? String,
      deviceName: object["sourceDeviceName"] as? String)
  }

  /// Records an issue showing the first difference when two exports are not the same bytes
  /// (rather than `#expect(a == b)`, which would print both arrays).
  static func expectSame(
    _ lhs: [UInt8], _ rhs: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    if lhs != rhs {
      Issue.record("\(firstDifference(lhs, rhs))", sourceLocation: sourceLocation)
    }
  }

  /// Shows where two byte strings first differ, for failure messages.
  static func firstDifference(_ lhs: [UInt8], _ rhs: [UInt8]) -> String {
    let index =
      (0..<min(lhs.count, rhs.count)).first { lhs[$0] != rhs[$0] } ?? min(lhs.count, rhs.count)
    func around(_ bytes: [UInt8]) -> String {
      let start = max(0, index - 120)
      return String(decoding: bytes[start..<min(bytes.count, index + 120)], as: UTF8.self)
    }
    return "sizes \(lhs.count) / \(rhs.count), first difference at byte \(index):\n"
      + around(lhs) + "\n--- versus ---\n" + around(rhs)
  }

  static func reporterFixture() throws -> ImportBatch {
    try ReporterJSONImport.parse(
      try ReporterJSONFixtures.bytes("synthetic-2x-export.json"),
      path: "synthetic-2x-export.json", defaultTimeZone: "UTC")
  }

  // MARK: - small-export.json

  @Test func `small-export.json imported and exported with its own provenance is byte-identical`()
    throws
  {
    let fixture = try ImportTestSupport.fixture("dispatch-v2/small-export.json")
    let provenance = try Self.provenance(of: fixture)
    let first = try Self.reexport(fixture, provenance)
    Self.expectSame(first, fixture)
    let second = try Self.reexport(first, provenance)
    Self.expectSame(second, first)
  }

  @Test func `a v2 re-export differs only in the top-level provenance`() throws {
    let fixture = try ImportTestSupport.fixture("dispatch-v2/small-export.json")
    let restamped = try Self.reexport(fixture, Self.stamp)
    #expect(restamped != fixture)
    var top = try #require(
      try JSONSerialization.jsonObject(with: Data(restamped)) as? [String: Any])
    var original = try #require(
      try JSONSerialization.jsonObject(with: Data(fixture)) as? [String: Any])
    #expect(top["createdAt"] as? String != original["createdAt"] as? String)
    #expect(top["sourceDeviceModel"] as? String == "x86_64")
    for key in ["createdAt", "sourceDeviceModel", "sourceDeviceName"] {
      top[key] = nil
      original[key] = nil
    }
    #expect(NSDictionary(dictionary: top).isEqual(to: original))
    // With the original's provenance back, the bytes are the fixture's again.
    let back = try Self.reexport(restamped, try Self.provenance(of: fixture))
    Self.expectSame(back, fixture)
  }

  @Test func `re-importing small-export.json twice adds nothing`() throws {
    let fixture = try ImportTestSupport.fixture("dispatch-v2/small-export.json")
    let store = try Self.freshStore()
    let first = try store.imports.importBatches([
      try V2Import.parse(fixture, path: "small-export.json")
    ])
    #expect(first["reportsImported"] == 6)
    #expect(first["questionsImported"] == 14)
    #expect(first["responsesImported"] == 23)
    let total = Self.importedCounters.map { first[$0] }.reduce(0, +)
    for _ in 0..<2 {
      let again = try store.imports.importBatches([
        try V2Import.parse(fixture, path: "small-export.json")
      ])
      for name in Self.importedCounters {
        #expect(again[name] == 0, "\(name) on re-import")
      }
      #expect(again["updated"] == 0)
      #expect(again["unchanged"] == total)
    }
    Self.expectSame(try Self.v2(store, try Self.provenance(of: fixture)), fixture)
  }

  // MARK: - Case 8 on the Reporter 2.x fixture

  @Test func `the Reporter 2.x fixture imports 7 questions, 5 reports and 14 responses`() throws {
    let store = try Self.freshStore()
    let summary = try store.imports.importBatches([try Self.reporterFixture()])
    #expect(summary["reportsImported"] == 5)
    #expect(summary["questionsImported"] == 7)
    #expect(summary["responsesImported"] == 14)
    #expect(summary["skipped"] == 1)
    #expect(summary["updated"] == 0)
    #expect(summary["unchanged"] == 0)
    #expect(try store.reports.list(ReportSelection(includeDrafts: true)).count == 5)
    #expect(try store.questions.list().count == 7)
  }

  @Test func `re-importing the Reporter 2.x fixture twice adds nothing`() throws {
    let store = try Self.freshStore()
    let first = try store.imports.importBatches([try Self.reporterFixture()])
    let total = Self.importedCounters.map { first[$0] }.reduce(0, +)
    #expect(total > 0)
    let before = try Self.v2(store, Self.stamp)
    for _ in 0..<2 {
      let again = try store.imports.importBatches([try Self.reporterFixture()])
      for name in Self.importedCounters {
        #expect(again[name] == 0, "\(name) on re-import")
      }
      #expect(again["updated"] == 0)
      #expect(again["unchanged"] == total)
      #expect(!again.changedAnything)
    }
    #expect(try store.reports.list(ReportSelection(includeDrafts: true)).count == 5)
    #expect(try store.questions.list().count == 7)
    let after = try Self.v2(store, Self.stamp)
    Self.expectSame(after, before)
  }

  // MARK: - Case 11

  /// reporter → v2 → fresh store → v2, three generations; returns the first two exports.
  static func reporterRoundTrip(_ bytes: [UInt8]) throws -> (first: [UInt8], second: [UInt8]) {
    let store = try freshStore()
    _ = try store.imports.importBatches([
      try ReporterJSONImport.parse(bytes, path: "reporter.json", defaultTimeZone: "UTC")
    ])
    let first = try v2(store, stamp)
    return (first, try reexport(first, stamp))
  }

  /// Reporter's own `default-question-N` question IDs are kept verbatim
  /// (docs/formats/dispatch-v2.md#deterministic-ids) and must survive a v2 round trip, although v2
  /// maps Dispatch's legacy IDs of the same shape (docs/formats/dispatch-v2.md#default-questions):
  /// Reporter's `default-question-3` is "What are you doing?", Dispatch's is "Where are you?".
  @Test func `Reporter 2.x to v2 to a fresh store to v2 is byte-identical`() throws {
    let fixture = try ReporterJSONFixtures.bytes("synthetic-2x-export.json")
    let (first, second) = try Self.reporterRoundTrip(fixture)
    Self.expectSame(second, first)
    Self.expectSame(try Self.reexport(second, Self.stamp), second)
    #expect(String(decoding: first, as: UTF8.self).contains("\"default-question-3\""))
  }

  @Test func `a Reporter history as v2 leaves Dispatch's default questions alone`() throws {
    let (first, _) = try Self.reporterRoundTrip(
      try ReporterJSONFixtures.bytes("synthetic-2x-export.json"))
    let store = try Self.freshStore()
    try store.questions.seedDefaultQuestionsIfEmpty()
    let summary = try store.imports.importBatches([
      try V2Import.parse(first, path: "reporter-v2.json")
    ])
    #expect(summary["updated"] == 0)
    #expect(summary["questionsImported"] == 7)
    let stored = Dictionary(
      try store.questions.list().map { ($0.id, $0.prompt) }, uniquingKeysWith: { lhs, _ in lhs })
    for question in DefaultQuestions.all {
      #expect(stored[question.id] == question.prompt, "\(question.id)")
    }
    #expect(stored.count == DefaultQuestions.all.count + 7)
  }

  @Test func `with other question IDs, Reporter 2.x to v2 to v2 is byte-identical`() throws {
    let fixture = try ReporterJSONFixtures.bytes("synthetic-2x-export.json")
    let renamed = Array(
      String(decoding: fixture, as: UTF8.self)
        .replacingOccurrences(of: "default-question-", with: "reporter-question-").utf8)
    let (first, second) = try Self.reporterRoundTrip(renamed)
    Self.expectSame(second, first)
    let third = try Self.reexport(second, Self.stamp)
    Self.expectSame(third, second)
    #expect(String(decoding: first, as: UTF8.self).contains("\"reporter-question-3\""))
  }

  @Test func `a date of 1_700_000_000.123456 s rounds to milliseconds, then round-trips`() throws {
    // Reporter's numeric dates count seconds since 2001-01-01T00:00:00Z.
    let sinceReference = 1_700_000_000.123456 - 978_307_200
    let json = ReporterJSONFixtures.file(
      snapshots: [
        ReporterJSONFixtures.snapshot(
          date: "\(sinceReference)",
          responses: [#"{"questionPrompt": "Are you working?", "answeredOptions": ["Yes"]}"#])
      ])
    let store = try Self.freshStore()
    _ = try store.imports.importBatches([try ReporterJSONFixtures.parse(json, zone: "UTC")])
    let report = try #require(try store.reports.list(ReportSelection(includeDrafts: true)).first)
    #expect(report.date.milliseconds == 1_700_000_000_123)
    let first = try Self.v2(store, Self.stamp)
    #expect(String(decoding: first, as: UTF8.self).contains("\"2023-11-14T22:13:20.123Z\""))
    let second = try Self.reexport(first, Self.stamp)
    Self.expectSame(second, first)
  }

  @Test func `schemaVersion 3 is refused as unsupported`() throws {
    let bytes = Array(#"{"schemaVersion":3,"questions":[],"reports":[]}"#.utf8)
    #expect(V2Import.recognizes(bytes))
    do {
      _ = try V2Import.parse(bytes, path: "v3.json")
      Issue.record("a schemaVersion 3 file was accepted")
    } catch {
      #expect(error.kind == .unrecognized)
      #expect(error.reason == "unsupported schemaVersion 3")
    }
    // The same through the file reader `dispatch import` uses.
    let directory = try TemporaryDirectory()
    let path = directory.file("v3.json")
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    do {
      _ = try ImportSources.read([path], defaultTimeZone: "UTC")
      Issue.record("a schemaVersion 3 file was accepted")
    } catch {
      #expect(error.kind == .unrecognized)
      #expect(error.description == path + ": unsupported schemaVersion 3")
    }
  }

}

/// The streaming v2 writer against the one-piece exporter.
struct V2StreamingTests {
  @Test(arguments: [(true, 2_000), (false, 2_000), (true, 1), (true, 2)])
  func `streaming a store gives the one-piece exporter's bytes`(withReports: Bool, pageSize: Int)
    throws
  {
    let store = try RoundTripTests.freshStore()
    if withReports {
      let fixture = try ImportTestSupport.fixture("dispatch-v2/small-export.json")
      _ = try store.imports.importBatches([try V2Import.parse(fixture, path: "small-export.json")])
    }
    let provenance = ExportProvenance(
      createdAt: Instant(milliseconds: 1_700_000_000_123), deviceModel: "x86_64")
    var streamed = ""
    // Pages of one or two reports: every page boundary is written as the one-piece encoder
    // writes the array.
    try store.exportV2(provenance: provenance, pageSize: pageSize) { streamed += $0 }
    let whole = V2Exporter.string(
      questions: try store.questions.list(),
      reports: try store.reports.list(ReportSelection(includeDrafts: true)),
      promptGroups: try store.prompts.promptGroups(), people: try store.people.list(),
      createdAt: provenance.createdAt, sourceDeviceModel: provenance.deviceModel)
    #expect(streamed == whole)
    #expect(withReports || streamed.contains("\"reports\" : [\n\n  ]"))
  }
}
