import Foundation
import Testing

/// `dispatch stress`: scripted and piped check-ins, list, compare, summary, bad input.
@Suite("stress")
struct StressCommandTests {
  let cli: CLISandbox

  init() throws {
    cli = try CLISandbox()
    try cli.succeed(["stress", "stressors", "set", "Work", "Sleep", "Family"])
  }

  func checkIns() throws -> [[String: Any]] {
    let listed = try cli.succeed(["stress", "list", "--json"])
    return try #require(
      try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
  }

  @Test func stressorsAreListed() throws {
    #expect(try cli.succeed(["stress", "stressors"]).stdoutLines == ["Work", "Sleep", "Family"])
    let json = try cli.succeed(["stress", "stressors", "--json"])
    #expect(try json.json([String].self) == ["Work", "Sleep", "Family"])
  }

  @Test func aScriptedCheckInIsFiled() throws {
    let result = try cli.succeed([
      "stress", "--overall", "6", "--rate", "Work=7", "--rate", "sleep=skip", "--rate",
      "Family=n/a", "--note", "busy week", "--ago", "2h",
    ])
    #expect(
      result.stdout
        == "Filed stress check-in: 2026-03-04 08:00  overall 6 (moderate) · Work 7 (severe) · "
        + "Sleep skipped · Family n/a — \"busy week\"\n")
    let stored = try checkIns()
    try #require(stored.count == 1)
    let overall = stored[0]["overall"] as? [String: Any]
    #expect(overall?["value"] as? Int == 6)
    #expect(stored[0]["precision"] as? String == "hour")
    let stressors = stored[0]["stressors"] as? [[String: Any]] ?? []
    #expect(stressors.map { $0["name"] as? String } == ["Work", "Sleep", "Family"])
    #expect(stressors.map { $0["status"] as? String } == ["rated", "skipped", "notApplicable"])
  }

  @Test func pipedAnswersAreOnePerLine() throws {
    let result = try cli.run(["stress"], stdin: "5\n8\n\nn/a\ntired\n")
    #expect(result.status == 0, "\(result)")
    #expect(result.stderr.contains("1/4 Overall stress"))
    #expect(result.stderr.contains("0 none · 2 mild · 5 moderate · 8 severe · 10 worst imaginable"))
    #expect(
      result.stdout.contains("overall 5 (moderate) · Work 8 (severe) · Sleep skipped · Family n/a"))
    #expect(try checkIns().first?["note"] as? String == "tired")
  }

  @Test func badInputExitsWithUsageOrDataStatus() throws {
    try cli.fail(
      ["stress", "--overall", "5", "--rate", "Wrok=3"], status: 64,
      message: "no stressor named 'Wrok'; did you mean 'Work'?")
    try cli.fail(["stress", "--overall", "11"], status: 65, message: "off the stress scale")
    try cli.fail(
      ["stress", "--rate", "Work=-2"], status: 65, message: "-2 is off the stress scale")
    try cli.fail(["stress", "--rate", "Work"], status: 64, message: "NAME=VALUE")
    try cli.fail(
      ["stress", "--overall", "3", "--at", "09:00", "--ago", "1h"], status: 64, message: "not both")
    let empty = try cli.run(["stress"])
    #expect(empty.status == 65 && empty.stderr.contains("nothing to file"), "\(empty)")
    try cli.fail(
      ["stress", "compare", "--before", "2026-03-01", "--after", "2026-03-03"], status: 65,
      message: "overlap")
    try cli.fail(
      ["stress", "summary", "--since", "someday"], status: 64, message: "'someday' is not a date")
    #expect(try checkIns().isEmpty)
  }

  @Test func compareShowsMeansAndDifferences() throws {
    let answers = [("9d", "8", "9"), ("8d", "6", "skip"), ("2d", "3", "4"), ("1d", "4", "n/a")]
    for (ago, overall, work) in answers {
      try cli.succeed(["stress", "--overall", overall, "--rate", "Work=\(work)", "--ago", ago])
    }
    let json = try cli.succeed([
      "stress", "compare", "--before", "2026-02-24", "--after", "2026-03-03", "--json",
    ])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let overall = try #require(object["overall"] as? [String: Any])
    #expect((overall["before"] as? [String: Any])?["average"] as? Double == 7)
    #expect((overall["after"] as? [String: Any])?["average"] as? Double == 3.5)
    #expect(overall["difference"] as? Double == -3.5)
    let text = try cli.succeed([
      "stress", "compare", "--before", "2026-02-24", "--after", "2026-03-03",
    ])
    #expect(text.stdout.contains("7 days ending 2026-02-24 vs 7 days ending 2026-03-03"))
    let row = try #require(text.stdoutLines.first { $0.hasPrefix("  Overall") })
    #expect(row.split(separator: " ").prefix(4) == ["Overall", "7.0", "3.5", "-3.5"])
    #expect(text.stdout.contains("they do not show what caused them"))
  }

  @Test func summaryPreparesAnAppointment() throws {
    for (ago, overall) in [("20d", "3"), ("15d", "4"), ("10d", "6"), ("5d", "7"), ("1d", "skip")] {
      try cli.succeed(["stress", "--overall", overall, "--rate", "Sleep=5", "--ago", ago])
    }
    let text = try cli.succeed(["stress", "summary", "--since", "2026-02-01"]).stdout
    #expect(text.contains("Stress check-ins since 2026-02-01: 5"))
    #expect(text.contains("Days with the highest overall stress:"))
    #expect(text.contains("2026-02-27  7 (severe)"))
    let json = try cli.succeed(["stress", "summary", "--since", "2026-02-01", "--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let overall = try #require(object["overall"] as? [String: Any])
    #expect(overall["skipped"] as? Int == 1)
    let trend = try #require(overall["trend"] as? [String: Any])
    #expect(trend["checkIns"] as? Int == 4)
    #expect((trend["slopePerWeek"] as? Double ?? 0) > 0)
  }
}
