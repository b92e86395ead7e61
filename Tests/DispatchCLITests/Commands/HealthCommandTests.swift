import DispatchKit
import Foundation
import Testing

/// `dispatch import` of an Apple Health export and `dispatch health …` end to end.
@Suite("health")
struct HealthCommandTests {
  static let zip = ImportCommandTests.fixture("apple-health/export.zip")

  func imported() throws -> CLISandbox {
    let cli = try CLISandbox()
    try cli.succeed(["settings", "set", "time-zone", "America/New_York"])
    let summary = try ImportCommandTests.summary(try cli.succeed(["import", Self.zip, "--json"]))
    #expect(summary["recordsImported"] as? Int == 301)
    #expect((summary["files"] as? [[String: Any]])?.first?["format"] as? String == "apple-health")
    return cli
  }

  func json(_ cli: CLISandbox, _ arguments: [String]) throws -> Any {
    try JSONSerialization.jsonObject(
      with: Data(try cli.succeed(arguments + ["--json"]).stdout.utf8))
  }

  @Test func `the import says what it added, and again that it is all there`() throws {
    let cli = try imported()
    let again = try cli.succeed(["import", Self.zip]).stdout
    #expect(again.contains("added: nothing new"))
    #expect(again.contains("434 already there"))
  }

  @Test func `types list the stored types with counts, units and dates`() throws {
    let cli = try imported()
    let types = try #require(try json(cli, ["health", "types"]) as? [[String: Any]])
    let steps = try #require(
      types.first { $0["type"] as? String == "HKQuantityTypeIdentifierStepCount" })
    #expect(steps["count"] as? Int == 109 && steps["unit"] as? String == "count")
    #expect((steps["first"] as? String)?.hasSuffix("Z") == true)
    #expect(types.map { $0["count"] as? Int ?? 0 }.reduce(0, +) == 301)
    let all = try #require(try json(cli, ["health", "types", "--all"]) as? [[String: Any]])
    #expect(all.count > 150)
    #expect(all.filter { $0["present"] as? Bool == true }.count == types.count)
    let text = try cli.succeed(["health", "types"]).stdout
    #expect(text.contains("Steps  109 · count"))
  }

  @Test func `show sums steps per day without double counting`() throws {
    let cli = try imported()
    let series = try #require(try json(cli, ["health", "show", "steps"]) as? [String: Any])
    let points = try #require(series["points"] as? [[String: Any]])
    #expect(points.map { $0["value"] as? Double } == [10_922, 10_913, 12_780])
    #expect(series["aggregation"] as? String == "cumulative")
    let text = try cli.succeed(["health", "show", "Heart Rate", "--per", "week"]).stdout
    #expect(text.hasPrefix("Heart Rate per week: average"))
    try cli.fail(
      ["health", "show", "stepz"], status: 64,
      message: "'stepz' is not a health type (did you mean 'Steps'?)")
    try cli.fail(
      ["health", "show", "steps", "--per", "month"], status: 64, message: "'month' is not a period")
    try cli.fail(["health", "show"], status: 64, message: "missing argument TYPE")
  }

  @Test func `health show converts to the units setting, else the locale's`() throws {
    let cli = try imported()
    // The sandbox's C.UTF-8 locale is metric: the export's 142.6 lb reads as 64.7 kg.
    let metric = try cli.succeed(["health", "show", "Body Mass"]).stdout
    #expect(metric.contains(", kg") && metric.contains("64.7"))
    let american = ["LANG": "en_US.UTF-8"]
    let imperial = try cli.succeed(["health", "show", "Body Mass"], environment: american).stdout
    #expect(imperial.contains(", lb") && imperial.contains("142.6"))
    try cli.succeed(["settings", "set", "units", "metric"])
    #expect(
      try cli.succeed(["health", "show", "Body Mass"], environment: american).stdout
        .contains(", kg"))
    // JSON keeps the stored unit.
    let series = try #require(try json(cli, ["health", "show", "Body Mass"]) as? [String: Any])
    #expect(series["unit"] as? String == "lb")
    #expect(try cli.succeed(["settings", "get", "units"]).stdout.contains("metric"))
    try cli.fail(
      ["settings", "set", "units", "furlongs"], status: 65,
      message: "'furlongs' is not one of metric, imperial, system")
  }

  @Test func `workouts, summaries, profile and activity levels`() throws {
    let cli = try imported()
    let workouts = try #require(try json(cli, ["health", "workouts"]) as? [[String: Any]])
    #expect(workouts.map { $0["displayName"] as? String } == ["Walking", "Running"])
    #expect(workouts.last?["routePoints"] as? Int == 590)
    let energy = try #require(workouts.last?["activeEnergy"] as? [String: Any])
    #expect(energy["value"] as? Double == 319.609 && energy["unit"] as? String == "Cal")
    #expect(try cli.succeed(["health", "workouts"]).stdout.contains("2024-03-10 07:42  Running"))
    let rings = try #require(try json(cli, ["health", "summaries"]) as? [[String: Any]])
    #expect(rings.count == 3 && rings.first?["activeEnergyGoal"] as? Double == 500)
    let profile = try #require(try json(cli, ["health", "profile"]) as? [String: String])
    #expect(profile["HKCharacteristicTypeIdentifierDateOfBirth"] == "1990-05-17")
    try cli.succeed([
      "context", "add", "--metric", "steps", "--from", "2024-03-09", "--note", "phone left at home",
    ])
    let levels = try #require(try json(cli, ["health", "activity-levels"]) as? [[String: Any]])
    let ninth = try #require(levels.first { $0["date"] as? String == "2024-03-09" })
    #expect(ninth["steps"] as? Double == 10_913)
    #expect(
      (ninth["context"] as? [[String: Any]])?.first?["note"] as? String == "phone left at home")
  }

  @Test func `files that are no export are refused and nothing is imported`() throws {
    let cli = try CLISandbox()
    let cda = cli.path("export_cda.xml")
    try Data("<?xml version=\"1.0\"?><ClinicalDocument/>".utf8).write(to: URL(fileURLWithPath: cda))
    try cli.fail(["import", cda], status: 65, message: "not a format Dispatch reads")
    let truncated = cli.path("export.xml")
    let bytes = try Data(
      contentsOf: URL(fileURLWithPath: ImportCommandTests.fixture("apple-health/export.xml")))
    try bytes.prefix(60_000).write(to: URL(fileURLWithPath: truncated))
    try cli.fail(["import", truncated], status: 65, message: "the export is incomplete")
    try cli.fail(["health", "types"], status: 66, message: "no store")
  }
}
