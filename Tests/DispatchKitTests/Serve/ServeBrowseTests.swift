import DispatchCore
import DispatchServe
import DispatchStorage
import DispatchSupport
import Foundation
import Testing

/// The Browse pages in a paired browser: a day's reports with the count the query language
/// gives, its neighbours and a wrong date refused in one line; search results with their
/// matches marked and every text escaped; people and places whose counts are the counts of
/// the queries they link to.
@Suite(.serialized) struct ServeBrowseTests {
  static let with = "Who are you with?"
  static let place = "Where are you?"

  /// Reports on 2026-03-01 (two, one of them filed at 23:30 −05:00, already the 2nd in UTC),
  /// 2026-03-02 (one, at 00:30 +01:00, still the 1st in UTC) and 2026-03-05, and a draft on
  /// the 1st that no page counts.
  static var reports: [Report] {
    func answer(_ id: String, _ slug: String, _ prompt: String, people: [String]) -> Response {
      Response(
        id: id, questionID: DefaultQuestions.id(slug: slug), questionPrompt: prompt,
        tokens: people.enumerated().map { TokenValue(id: "\(id)-\($0)", text: $1) })
    }
    func place(_ id: String, _ text: String) -> Response {
      Response(
        id: id, questionID: DefaultQuestions.id(slug: "where-are-you"), questionPrompt: Self.place,
        location: LocationAnswer(text: text))
    }
    func report(
      _ id: String, _ iso: String, offset: Int, isDraft: Bool = false,
      context: SensorContext = SensorContext(), _ responses: [Response]
    ) -> Report {
      Report(
        id: id, date: Instant.parseISO8601(iso)?.instant ?? Instant(milliseconds: 0),
        timeZoneIdentifier: "UTC",
        utcOffsetSeconds: offset, isDraft: isDraft, context: context, responses: responses)
    }
    return [
      report(
        "BROWSE-1", "2026-03-01T08:00:00Z", offset: 3_600, context: SensorContext(battery: 0.5),
        [
          answer("1w", "who-are-you-with", with, people: ["Maya", "<b>x</b>"]),
          place("1p", "Home"),
          answer("1d", "what-are-you-doing", "What are you doing?", people: ["coffee"]),
          Response(
            id: "1c", questionID: DefaultQuestions.id(slug: "how-many-coffees"),
            questionPrompt: "How many coffees did you have today?"),
        ]),
      report(
        "BROWSE-2", "2026-03-02T04:30:00Z", offset: -18_000,
        [answer("2w", "who-are-you-with", with, people: ["maya"]), place("2p", "Office")]),
      report(
        "BROWSE-3", "2026-03-01T23:30:00Z", offset: 3_600,
        [
          answer("3w", "who-are-you-with", with, people: ["Bob", #"Dr. "Q" \ 2"#]),
          place("3p", "Home"),
        ]),
      report(
        "BROWSE-4", "2026-03-05T12:00:00Z", offset: 0,
        [
          Response(
            id: "4n", questionID: DefaultQuestions.id(slug: "what-did-you-learn"),
            questionPrompt: "What did you learn today?",
            notes: [TokenValue(id: "4n-0", text: "<script>alert(1)</script> «coffee» time")]),
          place("4p", "<i>Café</i>"),
        ]),
      report(
        "BROWSE-DRAFT", "2026-03-01T12:00:00Z", offset: 0, isDraft: true,
        [answer("5w", "who-are-you-with", with, people: ["Maya"]), place("5p", "Home")]),
    ]
  }

  /// A paired browser on a store with the default questions and ``reports``.
  private func browser() throws -> (ServeWebClient, DispatchStore) {
    let serve = try ServeTestServer()
    let store = try DispatchStore(path: serve.storePath, access: .write)
    _ = try store.questions.seedDefaultQuestionsIfEmpty()
    try store.reports.fileAll(Self.reports)
    let client = ServeWebClient(serve)
    try client.pair()
    return (client, store)
  }

  private func page(_ client: ServeWebClient, _ path: String) throws -> String {
    let response = try client.get(path)
    #expect(response.status == 200, "\(path)")
    return ServeWebClient.text(response)
  }

  /// How many records the query language's engine selects for `expression`.
  private func count(_ expression: String, _ store: DispatchStore) throws -> Int {
    let engine = try store.queries.queryEngine()
    return try engine.count(try engine.plan(expression))
  }

  /// The captures of `pattern` in `text`, one array per match.
  private func matches(_ pattern: String, in text: String) throws -> [[String]] {
    let regex = try NSRegularExpression(pattern: pattern)
    let whole = NSRange(text.startIndex..., in: text)
    return regex.matches(in: text, range: whole).map { match in
      (1..<match.numberOfRanges).map { index in
        Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
      }
    }
  }

  /// The query a `/query?q=…` link in an attribute runs.
  private func expression(ofLink href: String) throws -> String {
    let unescaped = href.replacingOccurrences(of: "&amp;", with: "&")
    #expect(unescaped.hasPrefix("/query?q="))
    return try #require(unescaped.dropFirst("/query?q=".count).removingPercentEncoding)
  }

  private func countLine(_ text: String) throws -> String {
    try #require(try matches(#"<p id="count">([^<]*)"#, in: text).first?.first)
  }

  @Test func withoutASessionEveryPageAsksToPair() throws {
    let serve = try ServeTestServer()
    let client = ServeWebClient(serve)
    for path in ["/day", "/day?date=2026-03-01", "/search?q=coffee", "/people", "/places"] {
      let response = try client.get(path)
      #expect(response.status == 401, "\(path)")
      #expect(ServeWebClient.text(response).contains("Pair this browser"), "\(path)")
    }
  }

  @Test func aDayShowsItsReportsWithTheCountOfTheQueryForThatDay() throws {
    let (client, store) = try browser()
    let first = try page(client, "/day?date=2026-03-01")
    // Each report's day is read in its own offset: BROWSE-2 is on the 1st, BROWSE-3 on the 2nd.
    #expect(first.contains("id=\"report-BROWSE-1\"") && first.contains("id=\"report-BROWSE-2\""))
    #expect(!first.contains("BROWSE-3") && !first.contains("BROWSE-4"))
    #expect(!first.contains("BROWSE-DRAFT"))
    #expect(try countLine(first).hasPrefix("2 reports, oldest first"))
    #expect(try count("reports where on 2026-03-01", store) == 2)
    #expect(first.contains("href=\"/query?q=reports%20where%20on%202026-03-01\""))
    // Oldest first: 09:00 +01:00, then 23:30 −05:00.
    let one = try #require(first.range(of: "report-BROWSE-1"))
    let two = try #require(first.range(of: "report-BROWSE-2"))
    #expect(one.lowerBound < two.lowerBound)
    #expect(first.contains("<time datetime=\"2026-03-01T08:00:00.000Z\">09:00</time>"))
    #expect(first.contains("<dt>Who are you with?</dt><dd>Maya, &lt;b&gt;x&lt;/b&gt;</dd>"))
    #expect(first.contains("<dt>Where are you?</dt><dd>Home</dd>"))
    #expect(
      first.contains(
        "<dt>How many coffees did you have today?</dt><dd><span class=\"hint\">skipped</span></dd>"
      ))
    #expect(first.contains("<li>Battery: 50%</li>"))
    #expect(!first.contains("<b>x</b>"))

    let second = try page(client, "/day?date=2026-03-02")
    #expect(second.contains("id=\"report-BROWSE-3\"") && !second.contains("report-BROWSE-2"))
    #expect(try countLine(second).hasPrefix("1 report, oldest first"))
    #expect(try count("reports where on 2026-03-02", store) == 1)

    // Every report links to a query that selects it alone.
    for text in [first, second] {
      let links = try matches(
        #"<a href="([^"]+)">This report as a query</a>"#, in: text)
      #expect(!links.isEmpty)
      for link in links {
        #expect(try count(try expression(ofLink: link[0]), store) == 1, "\(link[0])")
      }
    }
  }

  @Test func aDayLinksToTheNearestDaysWithReportsAndDefaultsToTheNewest() throws {
    let (client, _) = try browser()
    let first = try page(client, "/day?date=2026-03-01")
    #expect(!first.contains("rel=\"prev\""))
    #expect(first.contains("<a rel=\"next\" href=\"/day?date=2026-03-02\">"))
    let second = try page(client, "/day?date=2026-03-02")
    #expect(second.contains("<a rel=\"prev\" href=\"/day?date=2026-03-01\">"))
    #expect(second.contains("<a rel=\"next\" href=\"/day?date=2026-03-05\">"))
    let empty = try page(client, "/day?date=2026-03-03")
    #expect(try countLine(empty).hasPrefix("No reports on this day"))
    #expect(empty.contains("<a rel=\"prev\" href=\"/day?date=2026-03-02\">"))
    #expect(empty.contains("<a rel=\"next\" href=\"/day?date=2026-03-05\">"))
    let newest = try page(client, "/day")
    #expect(newest.contains("<h1>2026-03-05</h1>") && newest.contains("id=\"report-BROWSE-4\""))
    #expect(newest.contains("<a rel=\"prev\" href=\"/day?date=2026-03-02\">"))
    #expect(!newest.contains("rel=\"next\""))
  }

  @Test func aWrongDateIsRefusedWithOneLineNamingTheParameter() throws {
    let (client, _) = try browser()
    let cases = [
      ("2026-02-30", "date must be a day as YYYY-MM-DD, not '2026-02-30'"),
      ("soon", "date must be a day as YYYY-MM-DD, not 'soon'"),
      ("%3Cb%3E", "date must be a day as YYYY-MM-DD, not '&lt;b&gt;'"),
    ]
    for (value, message) in cases {
      let response = try client.get("/day?date=" + value)
      #expect(response.status == 400, "\(value)")
      let text = ServeWebClient.text(response)
      #expect(text.contains("<p class=\"problem\" role=\"alert\">\(message)</p>"), "\(text)")
      #expect(!text.contains("<article"), "\(value)")
    }
  }

  @Test func searchMarksTheMatchesAndEscapesEverythingElse() throws {
    let (client, store) = try browser()
    let text = try page(client, "/search?q=coffee")
    // The results and their order are `dispatch search coffee`'s.
    let expected = try store.search.run("coffee").map(\.recordID)
    let shown = try matches(#"/day\?date=[0-9-]+#report-([A-Z0-9-]+)""#, in: text).map(\.[0])
    #expect(shown == expected && expected.count == 2)
    #expect(try countLine(text).hasPrefix("2 results, best first"))
    #expect(
      text.contains(
        "<span class=\"hint\">What are you doing?:</span> <mark>coffee</mark>"))
    // Markup in an answer stays text, and a « written in it is not a mark.
    #expect(
      text.contains(
        "&lt;script&gt;alert(1)&lt;/script&gt; «<mark>coffee</mark>» time"))
    #expect(!text.contains("<script>alert"))
    #expect(text.contains("href=\"/day?date=2026-03-05#report-BROWSE-4\""))
    #expect(text.contains("href=\"/day?date=2026-03-01#report-BROWSE-1\""))

    let hostile = try page(client, "/search?q=" + ServeWebClient.encode("<script> «x»"))
    #expect(!hostile.contains("<script>") && hostile.contains("value=\"&lt;script&gt; «x»\""))
    #expect(try page(client, "/search").contains("id=\"search-form\""))
    let nothing = try client.get("/search?q=-")
    #expect(nothing.status == 400)
    #expect(
      ServeWebClient.text(nothing).contains(
        "<p class=\"problem\" role=\"alert\">q has nothing to search for"))
  }

  @Test func everyPersonsMentionsAreTheCountOfTheQueryTheirNameLinksTo() throws {
    let (client, store) = try browser()
    let text = try page(client, "/people")
    let rows = try matches(
      #"<tr><td><a href="([^"]+)">([^<]*)</a></td><td class="n">([0-9]+)</td>"#, in: text)
    let mentions = Dictionary(
      uniqueKeysWithValues: try store.people.list().map { ($0.displayName, $0.usageCount) })
    #expect(rows.count == mentions.count && rows.count == 4)
    for row in rows {
      let name = row[1].replacingOccurrences(of: "&lt;", with: "<")
        .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
      // The number `dispatch people` prints, and the count of the query linked.
      #expect(mentions[name] == Int(row[2]), "\(name)")
      #expect(try count(try expression(ofLink: row[0]), store) == Int(row[2]), "\(name)")
    }
    #expect(rows.first?[1] == "Maya" && rows.first?[2] == "2")
    #expect(text.contains(">&lt;b&gt;x&lt;/b&gt;</a>") && !text.contains("<b>x</b>"))
  }

  @Test func everyPlacesCountIsTheCountOfTheQueryItLinksTo() throws {
    let (client, store) = try browser()
    let text = try page(client, "/places")
    #expect(text.contains("<h2>Where are you?</h2>"))
    let rows = try matches(
      #"<tr><td><a href="([^"]+)">([^<]*)</a></td><td class="n">([0-9]+)</td>"#, in: text)
    #expect(
      rows.map { [$0[1], $0[2]] } == [
        ["Home", "2"], ["&lt;i&gt;Café&lt;/i&gt;", "1"], ["Office", "1"],
      ])
    for row in rows {
      #expect(try count(try expression(ofLink: row[0]), store) == Int(row[2]), "\(row[1])")
    }
    #expect(!text.contains("<i>Café</i>"))
  }
}
