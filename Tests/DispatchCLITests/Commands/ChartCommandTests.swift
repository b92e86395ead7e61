import DispatchKit
import Foundation
import Testing

@testable import DispatchCLI

/// `dispatch chart`, `dispatch graph` and `dispatch compare-weeks` end to end
/// (docs/charts.md#from-the-command-line). The clock is 2026-03-04T10:00:00Z in UTC.
@Suite("chart, graph and compare-weeks")
struct ChartCommandTests {
  private func cliWithMoods() throws -> CLISandbox {
    let cli = try CLISandbox()
    for (index, rating) in [3, 5, 7, 6, 8, 4, 9, 2].enumerated() {
      try cli.succeed(["mood", String(rating), "--ago", "\(index * 20)h"])
    }
    try cli.succeed([
      "report", "--answer", "Are you working?=yes", "--answer", "Who are you with?=Alice",
    ])
    try cli.succeed([
      "report", "--answer", "Are you working?=no", "--answer", "Who are you with?=Alice, Bob",
    ])
    return cli
  }

  @Test func `a question's chart in the terminal, as JSON and as an SVG file`() throws {
    let cli = try cliWithMoods()
    let people = try cli.succeed(["chart", "Who are you with?"], environment: ["COLUMNS": "60"])
    #expect(people.stdoutLines.first == "Who are you with?")
    #expect(people.stdout.contains("Alice") && people.stdout.contains("Bob"))
    #expect(people.stdoutLines.allSatisfy { $0.count <= 60 })
    let json = try #require(
      try JSONSerialization.jsonObject(
        with: Data(try cli.succeed(["chart", "Are you working?", "--json"]).stdout.utf8))
        as? [String: Any])
    let series = try #require(json["series"] as? [String: Any])
    #expect(series["kind"] as? String == "optionShares")
    #expect(
      (series["shares"] as? [[String: Any]])?.map { $0["option"] as? String } == ["Yes", "No"])
    let path = cli.path("working.svg")
    let svg = try cli.succeed(["chart", "Are you working?", "--svg", path])
    #expect(svg.stdout == path + "\n")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.hasPrefix("<?xml") && text.contains("<svg") && !text.contains("NaN"))
    let again = cli.path("again.svg")
    try cli.succeed(["chart", "Are you working?", "--svg", again])
    #expect(try String(contentsOfFile: again, encoding: .utf8) == text)
  }

  @Test func `a number question is drawn per period over its range, in local time`() throws {
    let cli = try cliWithMoods()
    for coffees in ["1", "3"] {
      try cli.succeed(["report", "--answer", "How many coffees did you have today?=\(coffees)"])
    }
    let text = try cli.succeed(
      ["chart", "coffees", "--per", "week"], environment: ["COLUMNS": "60", "LANG": "C.UTF-8"])
    #expect(text.stdout.contains("● mean per week") && text.stdout.contains("lowest to highest"))
    #expect(text.stdout.contains("local time") && !text.stdout.contains("UTC"))
    #expect(text.stdout.contains("2026-03-02"))
    let daily = try cli.succeed(["chart", "coffees"], environment: ["COLUMNS": "60"])
    #expect(daily.stdout.contains("mean per day"))
    let json = try cli.succeed(["chart", "coffees", "--json"])
    #expect(json.stdout.contains("\"numeric\""))
    let bad = try cli.run(["chart", "coffees", "--per", "fortnight"])
    #expect(bad.status == 64)
  }

  @Test func `rows of periods and bars fill the terminal's height, and only a pipe is uncut`() {
    let bands = ChartSpec(
      title: "Working?", content: .bands(BandChart(options: ["Yes"], periods: [])))
    #expect(ChartOutput.terminalHeight(bands, lines: 50) == 49)
    #expect(ChartOutput.terminalHeight(bands, lines: nil) >= 1_000)
    let plot = ChartSpec(title: "Mood", content: .line(XYChart(xAxis: .numeric, series: [])))
    #expect(ChartOutput.terminalHeight(plot, lines: nil) == 16)
    #expect(ChartOutput.terminalHeight(plot, lines: 50) == 24)
  }

  @Test func `a chart of a question without answers says so`() throws {
    let cli = try cliWithMoods()
    let empty = try cli.succeed(["chart", "How many coffees did you have today?"])
    #expect(empty.stdout.isEmpty)
    #expect(empty.stderr.contains("No answers to 'How many coffees did you have today?'"))
    let filtered = try cli.run(["chart", "Who are you with?", "--filter", "colour:red"])
    #expect(filtered.status == 64 && filtered.stderr.contains("'colour:red' is not a filter"))
    let unknown = try cli.run(["chart", "What is the airspeed?"])
    #expect(unknown.status != 0 && !unknown.stderr.isEmpty)
  }

  @Test func `a graph saved with --save is listed, drawn on the dashboard, and removed`() throws {
    let cli = try cliWithMoods()
    try cli.succeed(["graph", "--saved"])
    #expect(try cli.succeed(["graph", "--saved"]).stdout.hasPrefix("No saved graphs."))
    let saved = try cli.succeed([
      "graph", "mood", "--per", "week", "--json", "--save", "weekly mood",
    ])
    #expect(saved.stderr.contains("Saved graph 'weekly mood'"))
    #expect(saved.stdout.contains("\"points\""))
    #expect(
      try cli.succeed(["graph", "--saved"]).stdout
        == "weekly mood  dispatch graph mood --per week\n")
    let page = cli.root + "/output/dashboard.html"
    try cli.succeed(["dashboard", "-o", page])
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(html.contains("<h3>weekly mood</h3>"))
    #expect(html.contains("<code>dispatch graph mood --per week</code>"))
    // A graph that does not draw is not saved.
    try cli.fail(
      ["graph", "moood", "--save", "broken"], status: 65, message: "did you mean 'mood'?")
    try cli.fail(
      ["graph", "--remove-saved", "brokn"], status: 64, message: "no saved graph 'brokn'")
    try cli.succeed(["graph", "--remove-saved", "WEEKLY MOOD"])
    #expect(try cli.succeed(["graph", "--saved"]).stdout.hasPrefix("No saved graphs."))
    try cli.fail(["graph"], status: 64, message: "give the records to draw")
  }

  @Test func `graphs group, aggregate, pair, and refuse what they cannot draw`() throws {
    let cli = try cliWithMoods()
    let json = try #require(
      try JSONSerialization.jsonObject(
        with: Data(
          try cli.succeed([
            "graph", "mood", "--per", "day", "--agg", "average", "--agg", "count", "--json",
          ]).stdout
            .utf8)) as? [[String: Any]])
    #expect(json.map { $0["name"] as? String } == ["Average rating", "Count"])
    let counts = (json[1]["points"] as? [[String: Any]])?.compactMap { $0["y"] as? Double }
    #expect(counts?.reduce(0, +) == 8)
    let drawn = try cli.succeed(
      ["graph", "mood", "--per", "weekday", "--kind", "bar"], environment: ["COLUMNS": "70"])
    #expect(drawn.stdoutLines.first == "mood")
    #expect(drawn.stdoutLines.allSatisfy { $0.count <= 70 })
    let badAttribute = try cli.run(["graph", "mood", "--y", "colour"])
    #expect(badAttribute.status == 64)
    #expect(badAttribute.stderr.contains("moods have no attribute 'colour'"))
    let badGrouping = try cli.run(["graph", "mood", "--per", "fortnight"])
    #expect(
      badGrouping.status == 64 && badGrouping.stderr.contains("'fortnight' is not a grouping"))
    let counted = try cli.succeed(["graph", "mood", "--y", "note", "--per", "day", "--json"])
    #expect(counted.stdout.contains("\"Count\""))
    let text = try cli.run(["graph", "mood", "--y", "note", "--per", "day", "--agg", "average"])
    #expect(text.status == 64 && text.stderr.contains("has no numbers"))
    let vs = try cli.run(["graph", "mood", "--vs", "reports"])
    #expect(vs.status == 64 && vs.stderr.contains("--vs needs --per"))
    let query = try cli.run(["graph", "mod"])
    #expect(query.status == 65)
  }

  @Test func `two weeks of moods side by side`() throws {
    let cli = try cliWithMoods()
    let text = try cli.succeed(["compare-weeks"])
    #expect(text.stdoutLines.first?.hasPrefix("mood") == true)
    #expect(text.stdout.contains("2026-02-26 to 2026-03-04"))
    #expect(text.stdout.contains("days with data"))
    let json = try #require(
      try JSONSerialization.jsonObject(
        with: Data(try cli.succeed(["compare-weeks", "--json"]).stdout.utf8))
        as? [String: Any])
    let later = try #require(json["later"] as? [String: Any])
    #expect(later["entries"] as? Int == 8)
    #expect((json["weekdays"] as? [Any])?.count == 7)
    let bad = try cli.run(["compare-weeks", "--metric", "colour"])
    #expect(bad.status == 64 && bad.stderr.contains("'colour' is neither a record type"))
  }
}
