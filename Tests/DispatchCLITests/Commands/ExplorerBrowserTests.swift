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

  @Test(.enabled(if: SeleniumScript.isInstalled, "needs chromium-driver and python3-selenium"))
  func `a query and a graph in the browser show what the command line shows`() throws {
    let run = try ExampleWorld.shared().freshRun()
    defer { try? FileManager.default.removeItem(atPath: run.folder) }
    let cli = try CLISandbox(now: PastedExamplesTests.now, timeZone: "America/New_York")
    cli.environment["DISPATCH_STORE"] = run.store
    let server = try RunningServe(cli)
    let link = try server.pairingLink(cli)
    let seenData = try SeleniumScript.run(
      "explorer.py", ["--pair-url", link, "--query", Self.query], logFolder: cli.root)
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
      // Nothing wider than the window: wide tables scroll inside their frame.
      #expect(page["scrollWidth"] as? Int == page["clientWidth"] as? Int)
      #expect((page["chartWidth"] as? Double ?? 0) <= Double(page["clientWidth"] as? Int ?? 0))
    }
    #expect(server.terminate())
  }

  /// A point's value as the graph page prints it: whole numbers as they are, others to two
  /// decimals.
  static func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
  }
}
