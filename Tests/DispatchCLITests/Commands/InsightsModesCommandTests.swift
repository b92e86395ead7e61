import Foundation
import Testing

/// `dispatch insights --question` (the drill-in, docs/insights.md#drill-in-rules) and `--mode day`
/// (the day-level engine, docs/insights.md#day-level-rules) end to end.
@Suite("insights drill-in and day level")
struct InsightsModesCommandTests {
  /// Twelve working reports with Alice and twelve not working with Bob, on one morning.
  private func cliWithPeople() throws -> CLISandbox {
    let cli = try CLISandbox()
    for index in 0..<24 {
      let working = index < 12
      try cli.succeed([
        "report", "--answer", "Are you working?=\(working ? "yes" : "no")", "--answer",
        "Who are you with?=\(working ? "Alice" : "Bob")",
      ])
    }
    return cli
  }

  private func rows(_ result: CLIResult) throws -> [[String: Any]] {
    try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
  }

  @Test func `a question's drill-in lists findings, then the rest, then the disclaimer`() throws {
    let cli = try cliWithPeople()
    let text = try cli.succeed(["insights", "--question", "are you working?"])
    let lines = text.stdoutLines
    #expect(lines.first == "“Are you working?” — Based on 24 reports")
    #expect(lines.contains("• You answered Yes more often when Alice was around."))
    #expect(
      text.flowingStdout.contains(
        "Yes on 100% of 12 reports with Alice vs 0% of 12 without — a difference of 100 points"))
    #expect(lines.contains("  Yes and morning: Not enough data yet (have 0, needs 10)"))
    let disclaimer = "These are correlations in your own history, not causes."
    #expect(lines.last?.hasPrefix(disclaimer) == true)
    let findingLine = try #require(lines.firstIndex { $0.hasPrefix("• ") })
    let shortLine = try #require(lines.firstIndex { $0.contains("Not enough data yet") })
    #expect(findingLine < shortLine)

    let json = try rows(try cli.succeed(["insights", "--question", "Are you working?", "--json"]))
    #expect(json.count == 3)
    #expect(json.map { $0["status"] as? String } == ["finding", "finding", "insufficientData"])
    for row in json {
      #expect(row["kind"] as? String == "drillIn")
      #expect(row["title"] is String && row["detail"] is String)
      #expect(row["sampleCount"] as? Int == (row["status"] as? String == "finding" ? 24 : 0))
      #expect((row["strength"] as? Double).map { (0...1).contains($0) } == true)
    }
  }

  @Test func `an unknown question and a bad mode are usage errors`() throws {
    let cli = try cliWithPeople()
    let unknown = try cli.run(["insights", "--question", "Nothing like it"])
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("no question matches 'Nothing like it'"))
    let mode = try cli.run(["insights", "--mode", "weekly"])
    #expect(mode.status == 64)
    #expect(mode.stderr.contains("'weekly' is not a mode"))
    let both = try cli.run(["insights", "--mode", "day", "--question", "Are you working?"])
    #expect(both.status == 64)
    #expect(both.stderr.contains("--question drills into one question"))
  }

  @Test func `the day-level mode compares days, in text and JSON`() throws {
    let cli = try CLISandbox()
    for day in 1...20 {
      let working = day % 2 == 0
      let now = String(format: "2026-02-%02dT10:00:00Z", day)
      try cli.succeed(
        [
          "report", "--answer", "Are you working?=\(working ? "yes" : "no")", "--answer",
          "How many coffees did you have today?=\(working ? 5 : 1)",
        ], environment: ["DISPATCH_NOW": now])
    }
    let text = try cli.succeed(["insights", "--mode", "day"])
    #expect(
      text.stdoutLines.first == "Day-level patterns across 20 days (20 reports), 2 tests run.")
    #expect(
      text.flowingStdout.contains(
        "• On days when you answered Yes to “Are you working?”, your answers to “How many "
          + "coffees did you have today?” tended to be much higher (r = 1.00; 10 days with, "
          + "10 without). "
          + "Average 5.0 on 10 days with vs 1.0 on 10 days without"))
    let json = try rows(try cli.succeed(["insights", "--mode", "day", "--json"]))
    #expect(!json.isEmpty)
    for row in json {
      #expect(row["kind"] as? String == "dayLevel")
      #expect(row["status"] as? String == "finding")
    }
    let empty = try CLISandbox()
    let none = try empty.run(["insights", "--mode", "day", "--json"])
    #expect(none.status != 0 || none.stdout == "[]\n")
  }
}
