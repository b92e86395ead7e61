import Foundation
import Testing

/// The explorer in Chromium at 1280 px and as a 390 px phone (`Tests/Browser/explorer.py`), on
/// a copy of the demo store: a query's live diagnostic and count, the count after running it
/// and its explanation compared with `dispatch query --count`, and a graph drawn with the
/// builder's form compared point by point with `dispatch graph --json`. Screenshots are kept
/// in `.build/artifacts/serve`.
@Suite("explorer in a browser")
struct ExplorerBrowserTests {
  static let query = "mood where rating <= 4"
  /// A month of the demo's history before the sandbox's today (2026-11-20).
  static let month = "2026-10"

  @Test(.enabled(if: SeleniumScript.isInstalled, "needs chromium-driver and python3-selenium"))
  func `a query and a graph in the browser show what the command line shows`() throws {
    let run = try ExampleWorld.shared().freshRun()
    defer { try? FileManager.default.removeItem(atPath: run.folder) }
    let cli = try CLISandbox(now: PastedExamplesTests.now, timeZone: "America/New_York")
    cli.environment["DISPATCH_STORE"] = run.store
    let server = try RunningServe(cli)
    let link = try server.pairingLink(cli)
    let seenData = try SeleniumScript.run(
      "explorer.py", ["--pair-url", link, "--query", Self.query, "--month", Self.month],
      logFolder: cli.root)
    let seen = try #require(try JSONSerialization.jsonObject(with: seenData) as? [String: Any])
    #expect((seen["console"] as? [String])?.isEmpty == true, "\(seen["console"] ?? "")")

    let count = try cli.succeed(["query", Self.query, "--count"]).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let total = try cli.succeed(["query", "mood", "--count"]).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let graph = try #require(
      try JSONSerialization.jsonObject(
        with: Data(try cli.succeed(["graph", "mood", "--per", "week", "--json"]).stdout.utf8))
        as? [[String: Any]])
    let expectedPoints = (graph.first?["points"] as? [[String: Any]] ?? []).map { point in
      [point["label"] as? String ?? "", (point["y"] as? Double).map(Self.number) ?? "—"]
    }
    #expect(expectedPoints.count > 10)
    // The first point as the chart's target names it: "Average rating: 2026-05-25 — 6.4".
    let firstPoint = (graph.first?["points"] as? [[String: Any]])?.first
    let firstValue = String(format: "%.2f", firstPoint?["y"] as? Double ?? 0)
      .replacingOccurrences(of: #"\.?0+$"#, with: "", options: .regularExpression)
    let firstDay = (firstPoint?["label"] as? String ?? "").replacingOccurrences(
      of: "week of ", with: "")
    let pointValue = "\(graph.first?["name"] as? String ?? ""): \(firstDay) — \(firstValue)"
    let ninety = try Self.dashboardFigures(cli, ["--from", "90d"])
    let october = try Self.dashboardFigures(cli, ["--from", "2026-10-01", "--to", "2026-10-31"])
    let octoberReports = try cli.succeed([
      "query", "reports where between 2026-10-01 and 2026-10-31", "--count",
    ]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(october.lede.hasPrefix("\(octoberReports) reports from 2026-10-01 to 2026-10-31"))

    for width in ["1280", "390"] {
      let page = try #require(seen[width] as? [String: Any], "nothing seen at \(width) px")
      #expect(page["typoStatus"] as? String == "unknown record type 'moood'; did you mean 'mood'?")
      #expect((page["typoDiagnostic"] as? String)?.contains("\n  ^^^^^\n") == true)
      #expect(page["liveStatus"] as? String == "\(count) moods match")
      #expect((page["count"] as? String)?.hasPrefix("\(count) moods match") == true)
      #expect(page["rows"] as? Int == min(Int(count) ?? 0, 50))
      #expect(page["explain"] as? String == "\(total) moods in the store; \(count) match.")
      #expect(page["command"] as? String == "dispatch graph mood --per week")
      #expect(page["points"] as? [[String]] == expectedPoints)
      #expect(page["pointValue"] as? String == pointValue)
      // Nothing wider than the window: wide tables scroll inside their frame.
      #expect(page["scrollWidth"] as? Int == page["clientWidth"] as? Int)
      #expect((page["chartWidth"] as? Double ?? 0) <= Double(page["clientWidth"] as? Int ?? 0))
      let dashboard = try #require(page["dashboard"] as? [String: Any])
      for (range, expected) in [("90d", ninety), ("month", october)] {
        let figures = dashboard[range] as? [String: Any]
        #expect(figures?["lede"] as? String == expected.lede + ".", "\(range) at \(width) px")
        #expect(figures?["strip"] as? [String] == expected.strip, "\(range) at \(width) px")
      }
      #expect(dashboard["scrollWidth"] as? Int == dashboard["clientWidth"] as? Int)
      let browse = try #require(page["browse"] as? [String: [String: Any]])
      #expect((browse["day"]?["reports"] as? Int ?? 0) > 0)
      #expect((browse["search"]?["marks"] as? Int ?? 0) > 0)
      #expect((browse["people"]?["links"] as? Int ?? 0) > 5)
      #expect((browse["places"]?["links"] as? Int ?? 0) > 5)
      for (name, seen) in browse {
        #expect(seen["wider"] as? Bool == false, "/\(name) is wider than \(width) px")
      }
    }
    #expect(server.terminate())
  }

  /// The lede (without its full stop) and the strip's figures of the page
  /// `dispatch dashboard ARGUMENTS` writes.
  static func dashboardFigures(_ cli: CLISandbox, _ arguments: [String]) throws -> (
    lede: String, strip: [String]
  ) {
    let path = cli.root + "/dashboard-\(arguments.joined()).html"
    try cli.succeed(["dashboard", "-o", path] + arguments)
    let html = try String(contentsOfFile: path, encoding: .utf8)
    func all(_ pattern: String) throws -> [String] {
      let expression = try NSRegularExpression(pattern: pattern)
      return expression.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap {
        Range($0.range(at: 1), in: html).map { String(html[$0]) }
      }
    }
    let lede = try #require(try all(#"<p class="lede">([^<]*)\.</p>"#).first)
    let strip = try all(#"<strong>([^<]*)</strong><span class="detail">"#)
    #expect(!strip.isEmpty)
    return (lede, strip)
  }

  /// A point's value as the graph page prints it: whole numbers as they are, others to two
  /// decimals.
  static func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
  }
}
