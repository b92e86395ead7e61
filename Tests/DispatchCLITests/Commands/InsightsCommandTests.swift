import Foundation
import Testing

/// `dispatch insights` and `dispatch digest` end to end (docs/insights.md#insights-and-the-digest).
/// The clock is 2026-03-04T10:00:00Z in UTC.
@Suite("insights and digest")
struct InsightsCommandTests {
  /// Twelve working reports about coding and `others` about cooking, not working.
  private func cliWithReports(others: Int = 12) throws -> CLISandbox {
    let cli = try CLISandbox()
    for index in 0..<(12 + others) {
      let working = index < 12
      try cli.succeed([
        "report", "--answer", "Are you working?=\(working ? "yes" : "no")", "--answer",
        "What are you doing?=\(working ? "coding" : "cooking")",
      ])
    }
    return cli
  }

  @Test func `a planted pattern is shown with what it rests on, in text and JSON`() throws {
    let cli = try cliWithReports()
    let text = try cli.succeed(["insights"])
    #expect(text.stdoutLines.first?.hasPrefix("Patterns across all 24 of your reports.") == true)
    #expect(
      text.flowingStdout.contains(
        "• You answer Yes to “Are you working?” on 100% of reports when you mention “coding”. "
          + "Compared with 0% of other reports — based on 24 reports."))
    let json = try #require(
      try JSONSerialization.jsonObject(
        with: Data(try cli.succeed(["insights", "--json"]).stdout.utf8))
        as? [[String: Any]])
    #expect(!json.isEmpty)
    for finding in json {
      #expect(finding["title"] is String && finding["detail"] is String)
      #expect(finding["kind"] as? String == "cooccurrence")
      #expect(finding["sampleCount"] as? Int == 24)
      #expect((finding["strength"] as? Double).map { (0...1).contains($0) } == true)
    }
  }

  @Test func `too few reports is said honestly, with an empty JSON array`() throws {
    let cli = try cliWithReports(others: 3)
    let text = try cli.succeed(["insights"])
    #expect(
      text.stdout
        == "Not enough reports yet: insights need at least 20 filed reports, and you have 15.\n")
    let json = try cli.succeed(["insights", "--json"])
    #expect(json.stdout == "[]\n")
    #expect(json.stderr.contains("at least 20 filed reports"))
  }

  @Test func `the digest of this week, in text and JSON`() throws {
    let cli = try cliWithReports()
    let text = try cli.succeed(["digest"])
    #expect(text.stdoutLines.first == "Week of 2026-02-26 to 2026-03-04")
    // Paragraphs, wrapped to the terminal's 80 columns.
    #expect(text.stdoutLines.dropFirst().first == "")
    #expect(text.stdoutLines.allSatisfy { $0.count <= 80 })
    let prose = text.stdoutLines.dropFirst().filter { !$0.isEmpty }.joined(separator: " ")
    #expect(
      prose.hasPrefix(
        "You filed 24 reports this week, your first reports in two weeks. Your most frequent "
          + "answers were coding (12), cooking (12)."))
    let json = try #require(
      try JSONSerialization.jsonObject(
        with: Data(try cli.succeed(["digest", "--period", "month", "--json"]).stdout.utf8))
        as? [String: Any])
    #expect((json["summary"] as? String)?.hasPrefix("You filed 24 reports this month,") == true)
    #expect(json["start"] as? String == "2026-02-05T00:00:00.000Z")
    #expect(json["reportCount"] as? Int == 24)
    let before = try cli.succeed(["digest", "--ending", "2026-02-01"])
    // Insights come from the whole history, so the empty week still ends with them, said once.
    #expect(
      before.stdoutLines.dropFirst(2).first
        == "You filed 0 reports this week, the same as the week before.")
    #expect(before.stdoutLines.filter { $0 == "Across all your reports:" }.count == 1)
    #expect(before.stdoutLines.contains { $0.hasPrefix("  • ") })
    #expect(!before.stdout.contains("Looking across"))
  }

  @Test func `an empty week of an old history points at its last week`() throws {
    let cli = try CLISandbox()
    try cli.succeed(["import", ImportCommandTests.fixture("reporter/legacy-day-files")])
    let text = try cli.succeed(["digest"])
    #expect(text.stdout.contains("You filed 0 reports this week"))
    let prose = text.stdoutLines.joined(separator: " ")
    let hint = try #require(prose.range(of: "Your last report is from 2014-"))
    let command = prose[hint.upperBound...].split(separator: "'")[1]
    #expect(command.hasPrefix("dispatch digest --ending 2014-"))
    // Asked for that week, it has no hint.
    let ending = try #require(command.split(separator: " ").last)
    let week = try cli.succeed(["digest", "--ending", String(ending)])
    #expect(!week.stdout.contains("You filed 0 reports"))
    #expect(!week.stdout.contains("Your last report is from"))
  }

  @Test func `bad periods and dates are usage errors`() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    let period = try cli.run(["digest", "--period", "year"])
    #expect(period.status == 64)
    #expect(period.stderr.contains("'year' is not a period; use one of week, month, quarter"))
    let date = try cli.run(["digest", "--ending", "2026-02-30"])
    #expect(date.status == 64)
    #expect(date.stderr.contains("'2026-02-30' is not a date for --ending"))
  }
}
