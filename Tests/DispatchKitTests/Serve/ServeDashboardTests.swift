import DispatchCore
import DispatchFeatures
import DispatchRender
import DispatchServe
import DispatchServices
import DispatchStorage
import DispatchSupport
import Foundation
import Testing

/// `/dashboard` in a paired browser: the range its links and forms ask for, the reports that
/// range holds, the download that is byte for byte `dispatch dashboard`'s file, the pinned
/// queries, the week comparison of a chosen metric, and wrong ranges refused with one line.
@Suite(.serialized) struct ServeDashboardTests {
  /// A paired browser on a store with reports at noon UTC on each of `days`
  /// (`YYYY-MM-DD`) and `daysAgo` days before today.
  private func browser(days: [String] = [], daysAgo: [Int] = []) throws -> (
    ServeWebClient, ServeTestServer
  ) {
    let serve = try ServeTestServer()
    let today = Calendar(identifier: .gregorian).startOfDay(for: Date())
    let parser = ISO8601DateFormatter()
    let dated =
      days.compactMap { parser.date(from: $0 + "T12:00:00Z") }
      + daysAgo.map { today.addingTimeInterval(Double(-$0) * 86_400 + 43_200) }
    // Filed into the store directly: the API takes answers from the last 30 days only.
    let store = try DispatchStore(path: serve.storePath, access: .write)
    try store.reports.fileAll(
      dated.enumerated().map { index, date in
        Report(
          id: "DASHBOARD-\(index)",
          date: Instant(milliseconds: Int64((date.timeIntervalSince1970 * 1000).rounded())),
          timeZoneIdentifier: "UTC", utcOffsetSeconds: 0)
      })
    let client = ServeWebClient(serve)
    try client.pair()
    return (client, serve)
  }

  private func lede(_ response: HTTPResponse) -> String? {
    let text = ServeWebClient.text(response)
    guard let start = text.range(of: "id=\"dashboard-lede\">"),
      let end = text[start.upperBound...].range(of: ".</p>")
    else { return nil }
    return String(text[start.upperBound..<end.lowerBound])
  }

  @Test func withoutASessionTheDashboardAsksToPair() throws {
    let serve = try ServeTestServer()
    let client = ServeWebClient(serve)
    #expect(try client.get("/dashboard").status == 401)
    #expect(try client.get("/dashboard/export?range=all").status == 401)
  }

  @Test func aMonthACustomRangeAndThePresetsHoldTheReportsOfTheirDays() throws {
    let (client, _) = try browser(
      days: ["2025-02-28", "2025-03-01", "2025-03-15", "2025-03-31", "2025-04-01"],
      daysAgo: [2, 10, 40])
    #expect(
      lede(try client.get("/dashboard?range=month&month=2025-03"))
        == "3 reports from 2025-03-01 to 2025-03-31")
    #expect(
      lede(try client.get("/dashboard?range=month&month=2025-02"))
        == "1 report from 2025-02-01 to 2025-02-28")
    #expect(
      lede(try client.get("/dashboard?range=custom&from=2025-03-15&to=2025-04-01"))
        == "3 reports from 2025-03-15 to 2025-04-01")
    #expect(lede(try client.get("/dashboard?range=7d"))?.hasPrefix("1 report from") == true)
    // The page without a range shows the last 30 days.
    #expect(lede(try client.get("/dashboard"))?.hasPrefix("2 reports from") == true)
    #expect(lede(try client.get("/dashboard?range=90d"))?.hasPrefix("3 reports from") == true)
    #expect(
      lede(try client.get("/dashboard?range=all")) == "8 reports from 2025-02-28 to "
        + {
          let day = Calendar(identifier: .gregorian).startOfDay(for: Date()).addingTimeInterval(
            -2 * 86_400 + 43_200)
          let formatter = ISO8601DateFormatter()
          formatter.formatOptions = [.withFullDate]
          return formatter.string(from: day)
        }())
    let page = ServeWebClient.text(try client.get("/dashboard?range=month&month=2025-03"))
    #expect(
      page.contains(
        "<code>dispatch dashboard --from 2025-03-01 --to 2025-03-31 -o dashboard.html</code>"))
    #expect(page.contains("href=\"/dashboard/export?range=month&amp;month=2025-03\""))
    #expect(page.contains("<a href=\"/dashboard?range=all\">Everything</a>"))
  }

  @Test func wrongRangesAreRefusedWithOneLineNamingTheParameter() throws {
    let (client, _) = try browser(days: ["2025-03-01"])
    let cases: [(String, String)] = [
      ("range=week", "range must be 7d, 30d, 90d, all, month or custom, not 'week'"),
      ("range=month&month=2025-13", "month must be a month as YYYY-MM, not '2025-13'"),
      ("range=month", "month must be a month as YYYY-MM, not ''"),
      ("range=custom", "a custom range needs from, to or both (YYYY-MM-DD)"),
      ("range=custom&from=soon", "'soon' is not a date for --from"),
      ("range=custom&from=2025-03-10&to=2025-03-01", "from must be before to"),
      ("range=%3Cscript%3E", "not '&lt;script&gt;'"),
    ]
    for (parameters, message) in cases {
      let response = try client.get("/dashboard?" + parameters)
      #expect(response.status == 400, "\(parameters)")
      let text = ServeWebClient.text(response)
      #expect(text.contains(message), "\(parameters): \(text)")
      #expect(!text.contains("id=\"dashboard\""), "\(parameters)")
      #expect(try client.get("/dashboard/export?" + parameters).status == 400, "\(parameters)")
    }
  }

  @Test func theDownloadIsTheFileDispatchDashboardWrites() throws {
    let (client, serve) = try browser(days: ["2025-03-01", "2025-03-02", "2025-05-01"])
    let response = try client.get("/dashboard/export?range=custom&from=2025-03-01&to=2025-03-31")
    #expect(response.status == 200)
    #expect(
      response.header("Content-Disposition")
        == "attachment; filename=\"dispatch-dashboard-2025-03-01-to-2025-03-31.html\"")
    #expect(
      response.header("Content-Security-Policy") == "default-src 'none'; style-src 'unsafe-inline'")
    let store = try DispatchStore(path: serve.storePath, access: .read)
    // What `dispatch dashboard --from 2025-03-01 --to 2025-03-31` reads and writes.
    let bounds = try RecordTimeArgument.range(
      from: "2025-03-01", to: "2025-03-31", in: store, environment: .current)
    let expected = try DashboardService.html(
      store, now: Instant(milliseconds: 0),
      range: DashboardData.Range(from: bounds.from, to: bounds.to))
    #expect(ServeWebClient.text(response) == expected)
    #expect(ServeWebClient.text(response).contains("2 reports from 2025-03-01 to 2025-03-31"))
  }

  @Test func pinnedQueriesAndAChosenMetricsWeeksAreOnThePage() throws {
    let (client, serve) = try browser(daysAgo: [1, 2, 3])
    let store = try DispatchStore(path: serve.storePath, access: .write)
    try store.queries.saveQuery(name: "recent", expression: "reports")
    try store.queries.setQueryPinned("recent", true)
    let page = ServeWebClient.text(try client.get("/dashboard?range=7d&compare=mood"))
    #expect(page.contains("<a href=\"/query?q=reports\">recent</a>: 3 matches; latest "))
    #expect(page.contains("<h2>Compare two weeks</h2>"))
    #expect(page.contains("<input type=\"hidden\" name=\"range\" value=\"7d\">"))
    let unknown = try client.get("/dashboard?range=7d&compare=nothing")
    #expect(unknown.status == 200)
    #expect(ServeWebClient.text(unknown).contains("'nothing' is neither a record type"))
  }

  @Test func aGraphSavedFromTheGraphPageIsDrawnOnTheDashboardUntilRemoved() throws {
    let (client, serve) = try browser(daysAgo: [1, 2, 3, 9])
    let graphPage = try client.get("/graph?q=reports&per=week&agg=count")
    let csrf = try #require(ServeWebClient.hidden("csrf", in: graphPage))
    let parameters = try #require(ServeWebClient.hidden("parameters", in: graphPage))
      .replacingOccurrences(of: "&amp;", with: "&")
    #expect(parameters == "q=reports&per=week&agg=count")
    let saved = try client.post(
      "/graph/save",
      ordered: [("csrf", csrf), ("name", "reports a week"), ("parameters", parameters)])
    #expect(saved.status == 303)
    #expect(saved.header("Location") == "/dashboard")
    let dashboard = ServeWebClient.text(try client.get("/dashboard?range=7d"))
    #expect(dashboard.contains("<h3>reports a week</h3>"))
    #expect(dashboard.contains("<code>dispatch graph reports --per week --agg count</code>"))
    #expect(
      dashboard.contains(
        "<a href=\"/graph?q=reports&amp;per=week&amp;agg=count\">reports a week</a>"))
    // The file `dispatch dashboard` writes draws it too.
    let store = try DispatchStore(path: serve.storePath, access: .read)
    #expect(
      try DashboardService.html(store, now: Instant(milliseconds: 0)).contains(
        "<h3>reports a week</h3>"))

    // Refused: no token, a query that does not parse, a wrong grouping; nothing saved.
    #expect(
      try client.post("/graph/save", ["name": "x", "parameters": "q=mood"]).status == 403)
    let broken = try client.post(
      "/graph/save", ordered: [("csrf", csrf), ("name", "x"), ("parameters", "q=moood")])
    #expect(broken.status == 400)
    #expect(ServeWebClient.text(broken).contains("did you mean 'mood'?"))
    let grouping = try client.post(
      "/graph/save",
      ordered: [("csrf", csrf), ("name", "x"), ("parameters", "q=mood&per=fortnight")])
    #expect(grouping.status == 400)
    #expect(try store.queries.savedGraphs().map(\.name) == ["reports a week"])

    let removed = try client.post("/graph/remove", ["csrf": csrf, "name": "reports a week"])
    #expect(removed.status == 303)
    #expect(try store.queries.savedGraphs().isEmpty)
    #expect(!ServeWebClient.text(try client.get("/dashboard?range=7d")).contains("reports a week"))
  }
}
