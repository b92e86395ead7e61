import Foundation
import Testing

/// `dispatch query` end to end (docs/query-language.md#running-queries). The clock is
/// 2026-03-04T10:00:00Z in UTC.
@Suite("query")
struct QueryCommandTests {
  private func cliWithMoods() throws -> CLISandbox {
    let cli = try CLISandbox()
    try cli.succeed(["mood", "2", "--ago", "3h", "--note", "tired"])
    try cli.succeed(["mood", "8", "--ago", "2h"])
    try cli.succeed(["mood", "5", "--ago", "1h"])
    try cli.succeed(["activity", "define", "Gym"])
    try cli.succeed(["activity", "start", "Gym", "--ago", "150m"])
    try cli.succeed(["activity", "stop", "Gym", "--ago", "90m"])
    return cli
  }

  /// A query error: exit 65, the diagnostic (several lines: the query and a caret) on stderr.
  @discardableResult
  private func failQuery(
    _ cli: CLISandbox, _ arguments: [String], message: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> CLIResult {
    let result = try cli.run(arguments)
    #expect(result.status == 65, sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
    #expect(result.stderr.contains(message), "\(result.stderr)", sourceLocation: sourceLocation)
    return result
  }

  @Test func `records, counts, JSON and CSV`() throws {
    let cli = try cliWithMoods()
    #expect(try cli.succeed(["query", "mood where rating <= 5", "--count"]).stdout == "2\n")
    let table = try cli.succeed(["query", "mood", "where", "rating", ">", "4"])
    #expect(table.stdoutLines.first?.hasPrefix("time") == true)
    #expect(table.stdoutLines.count == 3)
    #expect(table.stdoutLines[1].contains("2026-03-04 09:00 +00:00  5"))
    #expect(table.stderr == "2 moods\n")
    let json = try #require(
      try JSONSerialization.jsonObject(
        with: Data(
          try cli.succeed(["query", "mood where note contains 'TIRED'", "--json"]).stdout.utf8))
        as? [[String: Any]])
    #expect(json.count == 1)
    #expect(json.first?["rating"] as? Double == 2)
    #expect(json.first?["start"] as? String == "2026-03-04T07:00:00+00:00")
    let csv = try cli.succeed(["query", "mood where rating = 8", "--csv"]).stdoutLines
    #expect(csv.first == "type,id,start,end,rating,note")
    #expect(csv.count == 2)
    #expect(
      try cli.succeed([
        "query", "mood where within 30 minutes of activity where name = gym", "--count",
      ])
      .stdout == "3\n")
    #expect(
      try cli.succeed(["query", "mood where rating > 9", "--count", "--json"]).stdout
        == "{\n  \"count\": 0\n}\n")
    let empty = try cli.succeed(["query", "mood where rating > 9"])
    #expect(empty.stdout.isEmpty)
    #expect(empty.stderr == "No moods match.\n")
  }

  @Test func `errors exit 65 with the query marked, bad options 64`() throws {
    let cli = try cliWithMoods()
    let result = try cli.run(["query", "moood where rating <= 2"])
    #expect(result.status == 65)
    #expect(
      result.stderr
        == """
        dispatch: error[Q200]: unknown record type 'moood'
          moood where rating <= 2
          ^^^^^
          did you mean 'mood'?

        """)
    try failQuery(cli, ["query", "mood where rating contains 'x'"], message: "error[Q300]")
    try cli.fail(["query"], status: 64, message: "missing argument EXPR")
    try cli.fail(["query", "mood", "--limit", "0"], status: 64, message: "--limit")
    try cli.fail(["query", "mood", "--csv", "--json"], status: 64, message: "--csv")
    try cli.fail(["query", "run", "nothing"], status: 64, message: "no saved query 'nothing'")
  }

  @Test func `explain shows counts and what empties the result`() throws {
    let cli = try cliWithMoods()
    let explain = try cli.succeed(["query", "mood where rating <= 5 and rating > 6", "--explain"])
    #expect(explain.stdout.contains("3 moods in the store; 0 match"))
    #expect(explain.stdout.contains("rating <= 5  [2]"))
    #expect(explain.stdout.contains("and rating > 6  → 0"))
    #expect(explain.stdout.contains("nothing is left after: rating > 6"))
    let json = try #require(
      try JSONSerialization.jsonObject(
        with: Data(
          try cli.succeed(["query", "mood where rating <= 5", "--explain", "--json"]).stdout.utf8))
        as? [String: Any])
    #expect(json["matched"] as? Int == 2)
    #expect(json["total"] as? Int == 3)
  }

  @Test func `why explains one record`() throws {
    let cli = try cliWithMoods()
    let records = try #require(
      try JSONSerialization.jsonObject(
        with: Data(try cli.succeed(["query", "mood where rating = 2", "--json"]).stdout.utf8))
        as? [[String: Any]])
    let id = try #require(records.first?["id"] as? String)
    let why = try cli.succeed(["query", "mood where rating > 1 and note is empty", "--why", id])
    #expect(why.stdoutLines.first?.hasSuffix("does not match") == true)
    #expect(why.stdout.contains("✓ rating > 1  (rating is '2')"))
    #expect(why.stdout.contains("✗ note is empty  (note is 'tired')"))
    try failQuery(cli, ["query", "mood", "--why", "nope"], message: "no mood with ID 'nope'")
  }

  @Test func `saved and pinned queries stay relative and list their counts`() throws {
    let cli = try cliWithMoods()
    try cli.succeed(["query", "save", "recent lows", "mood where rating <= 5 and in last 1 day"])
    try cli.succeed(["query", "save", "all", "mood"])
    try cli.succeed(["query", "pin", "recent lows"])
    let list = try cli.succeed(["query", "list"]).stdoutLines
    #expect(list[0] == "📌 recent lows  mood where rating <= 5 and in last 1 day")
    #expect(list[1].hasPrefix("   2 matches; latest 2026-03-04T09:00:00+00:00; mean rating 3.50"))
    #expect(list[2] == "   all  mood")
    #expect(try cli.succeed(["query", "run", "recent lows", "--count"]).stdout == "2\n")
    // Two days later the same saved query means the last day before then.
    let later = try cli.succeed(
      ["query", "run", "recent lows", "--count"],
      environment: ["DISPATCH_NOW": "2026-03-06T10:00:00Z"])
    #expect(later.stdout == "0\n")
    try failQuery(
      cli, ["query", "save", "broken", "mood where ratng < 2"], message: "did you mean 'rating'?")
    try cli.succeed(["query", "unpin", "recent lows"])
    try cli.succeed(["query", "remove", "all"])
    #expect(
      try cli.succeed(["query", "list"]).stdoutLines == [
        "   recent lows  mood where rating <= 5 and in last 1 day"
      ])
  }

  @Test func `move puts a pinned query where it is asked, and refuses others`() throws {
    let cli = try cliWithMoods()
    for name in ["low days", "all moods", "high days"] {
      try cli.succeed(["query", "save", name, "mood"])
      try cli.succeed(["query", "pin", name])
    }
    #expect(
      try cli.succeed(["query", "move", "high days", "1"]).stdout
        == "Moved 'high days' to position 1 of the pinned queries\n")
    let pinned = try cli.succeed(["query", "list"]).stdoutLines.filter { $0.hasPrefix("📌") }
    #expect(pinned == ["📌 high days  mood", "📌 low days  mood", "📌 all moods  mood"])
    try cli.fail(["query", "move", "high days"], status: 64, message: "usage: dispatch query move")
    try cli.fail(
      ["query", "move", "high days", "0"], status: 65, message: "a position starts at 1")
    try cli.fail(
      ["query", "move", "hihg days", "1"], status: 64, message: "did you mean 'high days'?")
    try cli.succeed(["query", "unpin", "low days"])
    try cli.fail(
      ["query", "move", "low days", "1"], status: 65, message: "'low days' is not pinned")
  }

  @Test func `types lists every type and one type's attributes`() throws {
    let cli = try cliWithMoods()
    try cli.succeed(["questions", "add", "How happy are you?", "--type", "number"])
    let types = try cli.succeed(["query", "types"]).stdout
    #expect(types.contains("mood "))
    #expect(types.contains("heart rate "))
    let mood = try cli.succeed(["query", "types", "mood"]).stdout
    #expect(mood.contains("rating"))
    #expect(mood.contains("day of week"))
    let reports = try cli.succeed(["query", "types", "reports"]).stdout
    #expect(reports.contains("\n      answer(\"How happy are you?\")\n"))
  }
}
