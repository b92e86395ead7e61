import DispatchKit
import Foundation
import Testing

/// `dispatch import` and `dispatch export` end to end, on the shared fixtures.
@Suite("import and export")
struct ImportCommandTests {
  /// `Tests/DispatchKitTests/Fixtures/<name>` in the source tree.
  static func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("DispatchKitTests/Fixtures/" + name).path
  }

  static func summary(_ result: CLIResult) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
  }

  struct FixtureCase: Sendable, CustomTestStringConvertible {
    let path: String
    let format: String
    let counts: [String: Int]
    var testDescription: String { path }
  }

  /// The expected first-run summaries (docs/test-fixtures.md#expected-import-summaries).
  static let manifest: [FixtureCase] = [
    FixtureCase(
      path: "reporter/legacy-day-files", format: "reporter-json",
      counts: [
        "reportsImported": 12, "questionsImported": 7, "responsesImported": 37,
        "peopleImported": 3, "skipped": 0, "inferred": 7,
      ]),
    FixtureCase(
      path: "reporter/v1x-export.json", format: "reporter-json",
      counts: [
        "reportsImported": 25, "questionsImported": 12, "responsesImported": 101,
        "peopleImported": 7, "skipped": 0, "inferred": 12,
      ]),
    FixtureCase(
      path: "reporter/reporter-export.csv", format: "reporter-csv",
      counts: [
        "reportsImported": 25, "questionsImported": 12, "responsesImported": 94,
        "peopleImported": 7, "skipped": 0, "inferred": 12,
      ]),
    FixtureCase(
      path: "reporter/synthetic-2x-export.json", format: "reporter-json",
      counts: [
        "reportsImported": 5, "questionsImported": 7, "responsesImported": 14,
        "peopleImported": 1, "skipped": 1, "inferred": 0,
      ]),
    FixtureCase(
      path: "dispatch-v2/small-export.json", format: "dispatch-v2",
      counts: [
        "reportsImported": 6, "questionsImported": 14, "responsesImported": 23,
        "peopleImported": 4, "promptGroupsImported": 6, "skipped": 0, "inferred": 0,
      ]),
  ]

  @Test(arguments: manifest)
  func `a fixture imports with the manifest's counts, and again with nothing new`(
    _ test: FixtureCase
  ) throws {
    let cli = try CLISandbox()
    let first = try Self.summary(cli.succeed(["import", Self.fixture(test.path), "--json"]))
    let counters = ImportSummary.counterNames
    #expect(Set(first.keys) == Set(["files", "problems"] + counters))
    for name in counters {
      #expect(first[name] as? Int == test.counts[name] ?? 0, "\(name)")
    }
    let files = try #require(first["files"] as? [[String: String]])
    #expect(files.allSatisfy { $0["format"] == test.format })
    let before = try cli.succeed(["reports", "list", "--json"]).stdout
    let second = try Self.summary(cli.succeed(["import", Self.fixture(test.path), "--json"]))
    let firstTotal = counters.filter { $0.hasSuffix("Imported") }.reduce(0) {
      $0 + (first[$1] as? Int ?? 0)
    }
    #expect(counters.filter { $0.hasSuffix("Imported") }.allSatisfy { second[$0] as? Int == 0 })
    #expect(second["unchanged"] as? Int == firstTotal)
    #expect(try cli.succeed(["reports", "list", "--json"]).stdout == before)
  }

  @Test func `the CSV of a history adds nothing after its JSON`() throws {
    let cli = try CLISandbox()
    try cli.succeed(["import", Self.fixture("reporter/v1x-export.json")])
    let summary = try Self.summary(
      cli.succeed(["import", Self.fixture("reporter/reporter-export.csv"), "--json"]))
    for name in ImportSummary.counterNames where name.hasSuffix("Imported") {
      #expect(summary[name] as? Int == 0, "\(name)")
    }
  }

  @Test func `a folder holding a Health zip beside Reporter files imports both`() throws {
    let cli = try CLISandbox()
    let downloads = cli.path("Downloads")
    try FileManager.default.createDirectory(atPath: downloads, withIntermediateDirectories: true)
    for (fixture, name) in [
      ("apple-health/export.zip", "export.zip"), ("reporter/v1x-export.json", "reporter.json"),
    ] {
      try FileManager.default.copyItem(
        atPath: Self.fixture(fixture), toPath: downloads + "/" + name)
    }
    let both = try Self.summary(cli.succeed(["import", downloads, "--json"]))
    let alone = try Self.summary(
      CLISandbox().succeed(["import", Self.fixture("apple-health/export.zip"), "--json"]))
    #expect(both["reportsImported"] as? Int == 25)
    #expect((both["recordsImported"] as? Int ?? 0) > 0)
    #expect(both["recordsImported"] as? Int == alone["recordsImported"] as? Int)
    let formats = try #require(both["files"] as? [[String: String]]).map { $0["format"] }
    #expect(Set(formats) == ["apple-health", "reporter-json"])
  }

  @Test func `importing never seeds the default questions`() throws {
    let cli = try CLISandbox()
    try cli.succeed(["import", Self.fixture("reporter/synthetic-2x-export.json")])
    let questions = try cli.succeed(["questions", "list", "--json"]).stdout
    let ids = DefaultQuestions.all.map(\.id)
    #expect(!ids.contains { questions.contains($0) })
    let list = try JSONSerialization.jsonObject(with: Data(questions.utf8)) as? [Any]
    #expect(list?.count == 7)
  }

  struct BadInput: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let status: Int32
    let message: String
    var testDescription: String { name }
  }

  static let badInputs: [BadInput] = [
    BadInput(name: "empty.json", bytes: [], status: 65, message: "the file is empty"),
    BadInput(
      name: "report.json", bytes: Array("%PDF-1.4\n%âãÏÓ\n".utf8), status: 65, message: "PDF"),
    BadInput(
      name: "truncated.json", bytes: Array(#"{"snapshots": [{"date": "2014-"#.utf8), status: 65,
      message: "truncated.json"),
    BadInput(name: "bad.json", bytes: [0x7B, 0xFF, 0xFE, 0x7D], status: 65, message: "bad.json"),
    BadInput(
      name: "future.json", bytes: Array(#"{"schemaVersion":3,"questions":[],"reports":[]}"#.utf8),
      status: 65, message: "schemaVersion 3"),
  ]

  @Test(arguments: badInputs)
  func `a file in no known format imports nothing and exits 65`(_ input: BadInput) throws {
    let cli = try CLISandbox()
    try cli.succeed(["import", Self.fixture("reporter/synthetic-2x-export.json")])
    let before = try cli.succeed(["reports", "list", "--json"]).stdout
    let path = cli.path(input.name)
    try Data(input.bytes).write(to: URL(fileURLWithPath: path))
    // With a good file in the same run: the whole run is refused, the good file too.
    try cli.fail(
      ["import", Self.fixture("dispatch-v2/small-export.json"), path], status: input.status,
      message: input.message)
    #expect(try cli.succeed(["reports", "list", "--json"]).stdout == before)
  }

  @Test func `a missing file exits 66 and creates no store`() throws {
    let cli = try CLISandbox()
    try cli.fail(["import", cli.path("nope.json")], status: 66, message: "nope.json")
    #expect(!cli.exists(cli.defaultStore))
  }

  @Test func `a bad time zone is a usage error`() throws {
    let cli = try CLISandbox()
    try cli.fail(
      ["import", Self.fixture("reporter/v1x-export.json"), "--time-zone", "Mars/Olympus"],
      status: 64, message: "Mars/Olympus")
  }

  @Test func `the people summary is printed for people`() throws {
    let cli = try CLISandbox()
    let result = try cli.succeed(["import", Self.fixture("reporter/legacy-day-files")])
    #expect(result.stdout.contains("Imported 3 files (reporter-json)"))
    #expect(result.stdout.contains("added: 12 reports, 37 answers, 7 questions, 3 people"))
  }

  @Test func `zone-less dates say which zone they were placed in`() throws {
    let cli = try CLISandbox()
    let folder = Self.fixture("reporter/legacy-day-files")
    #expect(
      try cli.succeed(["import", folder]).stdout.contains(
        "12 reports' dates have no time zone (Reporter's oldest files): placed in UTC; "
          + "import with --time-zone ZONE to choose another"))
    let berlin = try cli.succeed([
      "import", folder, "--time-zone", "Europe/Berlin", "--store", cli.path("b.sqlite"),
    ])
    #expect(berlin.stdout.contains("placed in Europe/Berlin"))
    // Dates written with their offset need no word.
    let dated = try cli.succeed([
      "import", Self.fixture("reporter/v1x-export.json"), "--store", cli.path("c.sqlite"),
    ])
    #expect(!dated.stdout.contains("no time zone"))
  }

  @Test func `a v2 export round-trips byte for byte apart from its provenance`() throws {
    let cli = try CLISandbox()
    try cli.succeed(["import", Self.fixture("dispatch-v2/small-export.json")])
    try cli.succeed(["export", "-o", cli.path("one.json")])
    let fresh = cli.path("fresh.sqlite")
    try cli.succeed(["import", cli.path("one.json"), "--store", fresh])
    try cli.succeed(["export", "-o", cli.path("two.json"), "--store", fresh])
    let one = try #require(cli.contents(cli.path("one.json")))
    let two = try #require(cli.contents(cli.path("two.json")))
    #expect(one == two)
    let original = try String(
      contentsOfFile: Self.fixture("dispatch-v2/small-export.json"), encoding: .utf8)
    let provenance = ["\"createdAt\"", "\"sourceDeviceModel\"", "\"sourceDeviceName\""]
    func body(_ text: String) -> [Substring] {
      text.split(separator: "\n").filter { line in
        !provenance.contains { line.hasPrefix("  " + $0) }
      }
    }
    #expect(body(String(decoding: one, as: UTF8.self)) == body(original))
  }

  @Test(arguments: ["v2", "csv", "dayone", "questions-json", "questions-csv"])
  func `every single-file format exports, and refuses to overwrite without --force`(
    format: String
  ) throws {
    let cli = try CLISandbox()
    try cli.succeed(["import", Self.fixture("reporter/v1x-export.json")])
    let path = cli.path("out")
    try cli.succeed(["export", "--format", format, "-o", path])
    let written = try #require(cli.contents(path))
    #expect(!written.isEmpty)
    try cli.fail(["export", "--format", format, "-o", path], status: 65, message: "--force")
    try cli.succeed(["export", "--format", format, "-o", path, "--force"])
  }

  @Test func `markdown writes one file per report into a folder`() throws {
    let cli = try CLISandbox()
    try cli.succeed(["import", Self.fixture("reporter/v1x-export.json")])
    try cli.succeed(["export", "--format", "markdown", "-o", cli.path("notes")])
    let files = try FileManager.default.contentsOfDirectory(atPath: cli.path("notes"))
    #expect(files.count == 25)
    #expect(files.allSatisfy { $0.hasSuffix(".md") })
  }

  @Test func `export errors`() throws {
    let cli = try CLISandbox()
    try cli.fail(["export", "-o", cli.path("x.json")], status: 66, message: "no store")
    try cli.succeed(["init"])
    try cli.fail(
      ["export", "--format", "cvs", "-o", "x"], status: 64, message: "did you mean 'csv'")
    try cli.fail(["export"], status: 64, message: "-o")
    try cli.fail(["export", "--format", "markdown", "-o", "-"], status: 64, message: "folder")
  }
}
