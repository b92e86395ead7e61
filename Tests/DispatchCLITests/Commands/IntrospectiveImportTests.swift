import DispatchKit
import Foundation
import Testing

/// `dispatch import` of the Introspective family end to end
/// (docs/test-fixtures.md#expected-import-summaries; docs/test-fixtures.md#introspective-family).
@Suite("import: Introspective family")
struct IntrospectiveImportTests {
  static func fixture(_ name: String) -> String {
    ImportCommandTests.fixture("introspective/" + name)
  }

  struct FixtureCase: Sendable, CustomTestStringConvertible {
    let files: [String]
    let counts: [String: Int]
    var problemRecords: [Int] = []
    var testDescription: String { files.joined(separator: " + ") }
  }

  /// The manifest's counts; EasyPill doses come with their medication list.
  static let cases: [FixtureCase] = [
    FixtureCase(files: ["atracker.csv"], counts: ["activitiesImported": 11]),
    FixtureCase(
      files: ["atracker-bad.csv"], counts: ["activitiesImported": 2, "skipped": 4],
      problemRecords: [2, 3, 4, 5]),
    FixtureCase(files: ["wellness.csv"], counts: ["moodsImported": 10]),
    FixtureCase(
      files: ["wellness-bad.csv"], counts: ["moodsImported": 2, "skipped": 5],
      problemRecords: [2, 3, 4, 5, 6]),
    FixtureCase(files: ["easypill-medications.csv"], counts: ["medicationsImported": 10]),
    FixtureCase(
      files: ["easypill-medications-bad.csv"], counts: ["medicationsImported": 2, "skipped": 5],
      problemRecords: [2, 3, 4, 5, 6]),
    FixtureCase(
      files: ["easypill-medications.csv", "easypill-doses.csv"],
      counts: ["medicationsImported": 10, "dosesImported": 10]),
    FixtureCase(
      files: ["easypill-medications.csv", "easypill-doses-bad.csv"],
      counts: ["medicationsImported": 10, "dosesImported": 2, "skipped": 5],
      problemRecords: [2, 3, 4, 5, 6]),
    FixtureCase(files: ["introspective-moods.csv"], counts: ["moodsImported": 10]),
    FixtureCase(
      files: ["introspective-moods-bad.csv"], counts: ["moodsImported": 2, "skipped": 6],
      problemRecords: [2, 3, 4, 5, 6, 7]),
    FixtureCase(files: ["introspective-activities.csv"], counts: ["activitiesImported": 10]),
    FixtureCase(
      files: ["introspective-activities-bad.csv"], counts: ["activitiesImported": 2, "skipped": 6],
      problemRecords: [2, 3, 4, 5, 6, 7]),
    FixtureCase(
      files: ["introspective-medications.csv"],
      counts: ["medicationsImported": 5, "dosesImported": 11]),
    FixtureCase(
      files: ["introspective-medications-12col.csv"],
      counts: ["medicationsImported": 5, "dosesImported": 11]),
    FixtureCase(
      files: ["introspective-medications-bad.csv"],
      counts: ["medicationsImported": 1, "dosesImported": 2, "skipped": 6],
      problemRecords: [2, 3, 4, 5, 6, 7]),
  ]

  @Test(arguments: cases)
  func `a fixture imports with the manifest's counts, and again with nothing new`(
    _ test: FixtureCase
  ) throws {
    let cli = try CLISandbox()
    let arguments =
      ["import"] + test.files.map(Self.fixture) + ["--json", "--time-zone", "America/New_York"]
    let first = try ImportCommandTests.summary(cli.succeed(arguments))
    for name in ImportSummary.counterNames where name.hasSuffix("Imported") || name == "skipped" {
      #expect(first[name] as? Int == test.counts[name] ?? 0, "\(name)")
    }
    let problems = try #require(first["problems"] as? [[String: Any]])
    #expect(problems.compactMap { $0["record"] as? Int } == test.problemRecords)
    let files = try #require(first["files"] as? [[String: String]])
    #expect(files.count == test.files.count)
    let second = try ImportCommandTests.summary(cli.succeed(arguments))
    #expect(
      ImportSummary.counterNames.filter { $0.hasSuffix("Imported") }.allSatisfy {
        second[$0] as? Int == 0
      })
    #expect(second["updated"] as? Int == 0)
  }

  @Test func `formats are named in the summary`() throws {
    let cli = try CLISandbox()
    let summary = try ImportCommandTests.summary(
      cli.succeed(
        [
          "import", Self.fixture("atracker.csv"), Self.fixture("wellness.csv"),
          Self.fixture("introspective-moods.csv"), "--json",
        ]))
    let files = try #require(summary["files"] as? [[String: String]])
    #expect(files.map { $0["format"] ?? "" } == ["atracker", "wellness", "introspective-moods"])
  }

  @Test func `doses of a medication the store lacks are skipped`() throws {
    let cli = try CLISandbox()
    let summary = try ImportCommandTests.summary(
      cli.succeed(["import", Self.fixture("easypill-doses.csv"), "--json"]))
    #expect(summary["dosesImported"] as? Int == 0 && summary["skipped"] as? Int == 10)
    try cli.succeed(["import", Self.fixture("easypill-medications.csv")])
    let later = try ImportCommandTests.summary(
      cli.succeed(["import", Self.fixture("easypill-doses.csv"), "--json"]))
    #expect(later["dosesImported"] as? Int == 10 && later["skipped"] as? Int == 0)
  }

  @Test func `a file that is not the format exits 65 and imports nothing`() throws {
    let cli = try CLISandbox()
    let path = cli.path("not-atracker.csv")
    try Data("Task name,Task description,Start time\n\"A\",\"\",\"2018-01-01 10:00\"\n".utf8)
      .write(to: URL(fileURLWithPath: path))
    try cli.fail(
      ["import", Self.fixture("atracker.csv"), path], status: 65, message: "not-atracker.csv")
  }
}
