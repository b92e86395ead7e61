import DispatchKit
import Foundation
import Testing

@testable import DispatchStorage

/// The dashboard page: self-contained, deterministic, escaped.
struct DashboardPageTests {
  static func store() throws -> DispatchStore {
    let store = try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 1_772_618_400_000)),
        ids: SequentialIDGenerator()))
    _ = try store.questions.seedDefaultQuestionsIfEmpty()
    let working = try store.questions.question(matching: "Are you working?")
    let doing = try store.questions.question(matching: "What are you doing?")
    var reports: [Report] = []
    for index in 0..<30 {
      let yes = index % 3 != 0
      reports.append(
        Report(
          id: "r\(index)",
          date: Instant(milliseconds: 1_772_000_000_000 + Int64(index) * 20_000_000),
          timeZoneIdentifier: "UTC", utcOffsetSeconds: 0,
          responses: [
            Response(
              id: "a\(index)", questionID: working.id, questionPrompt: working.prompt,
              options: [yes ? "Yes" : "No"]),
            Response(
              id: "b\(index)", questionID: doing.id, questionPrompt: doing.prompt,
              tokens: [TokenValue(id: "t", text: yes ? "coding <&> \"tests\"" : "cooking")]),
          ]))
    }
    try store.reports.fileAll(reports)
    return store
  }

  @Test func `one page with every section, no scripts, nothing fetched, the same bytes twice`()
    throws
  {
    let store = try Self.store()
    let html = DashboardPage.html(try store.dashboardData(now: store.environment.now()))
    #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
    for heading in ["Last week", "Insights", "Your questions"] {
      #expect(html.contains("<h2>\(heading)</h2>"), "\(heading)")
    }
    #expect(html.components(separatedBy: "<svg").count - 1 >= 2)
    #expect(!html.lowercased().contains("<script"))
    #expect(
      !html.contains("http://")
        || html.components(separatedBy: "http://").dropFirst().allSatisfy {
          $0.hasPrefix("www.w3.org/2000/svg")
        })
    #expect(!html.contains("https://"))
    #expect(!html.contains("NaN") && !html.contains("<?xml"))
    #expect(html.contains("coding &lt;&amp;&gt;"))
    #expect(!html.contains("coding <&>"))
    #expect(DashboardPage.html(try store.dashboardData(now: store.environment.now())) == html)
  }

  @Test func `an empty store gives a page that says there is nothing yet`() throws {
    let store = try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 1_772_618_400_000)),
        ids: SequentialIDGenerator()))
    let html = DashboardPage.html(try store.dashboardData(now: store.environment.now()))
    #expect(html.contains("0 reports."))
    #expect(html.contains("Not enough reports yet"))
    #expect(html.contains("You filed 0 reports this week, the same as the week before."))
  }
}
