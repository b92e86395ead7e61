import DispatchCore
import DispatchServe
import DispatchStorage
import DispatchSupport
import Foundation
import Testing

/// The explorer's query page in a paired browser, without JavaScript: count, results a page at
/// a time, the diagnostic with its caret, explain, why, downloads, and saved queries changed
/// only by the page's own forms.
@Suite(.serialized) struct ServeExplorerTests {
  static let coffees = "How many coffees did you have today?"
  static let query = #"reports where answer("How many coffees did you have today?") >= 3"#

  /// A paired browser on a store with `count` reports an hour apart, the newest yesterday at
  /// 11:00, with `index % 6` coffees.
  private func browser(reports count: Int) throws -> (ServeWebClient, ids: [String]) {
    let serve = try ServeTestServer()
    let today = Calendar(identifier: .gregorian).startOfDay(for: Date())
    var ids: [String] = []
    for index in 0..<count {
      let day = today.addingTimeInterval(Double(index - count) * 3_600 - 12 * 3_600)
      let id = String(format: "EXPLORER-%04d", index)
      let body =
        #"{"id": "\#(id)", "answeredAt": "\#(ISO8601DateFormatter().string(from: day))", "answers": {"\#(Self.coffees)": \#(index % 6)}}"#
      #expect(try serve.request("POST", "/api/v1/reports", body: body).status == 201)
      ids.append(id)
    }
    let client = ServeWebClient(serve)
    try client.pair()
    return (client, ids)
  }

  private func page(_ client: ServeWebClient, _ parameters: [(String, String)]) throws
    -> HTTPResponse
  {
    let query = parameters.map { $0.0 + "=" + ServeWebClient.encode($0.1) }
      .joined(separator: "&")
    return try client.get("/query?" + query)
  }

  @Test func withoutASessionThePageAsksToPair() throws {
    let serve = try ServeTestServer()
    let response = try ServeWebClient(serve).get("/query?q=reports")
    #expect(response.status == 401)
    #expect(ServeWebClient.text(response).contains("Pair this browser"))
  }

  @Test func aQueryShowsItsCountAndItsRecordsAPageAtATime() throws {
    let (client, ids) = try browser(reports: 60)
    let empty = try client.get("/query")
    #expect(empty.status == 200)
    #expect(empty.header("Content-Security-Policy")?.contains("script-src 'self'") == true)
    #expect(ServeWebClient.text(empty).contains("<script src=\"/explore.js\" defer>"))

    let first = ServeWebClient.text(try page(client, [("q", "reports")]))
    #expect(first.contains("60 reports match; 1–50 shown, newest first"))
    #expect(first.components(separatedBy: "<tr><td>").count - 1 == 50)
    #expect(first.contains("why=\(ids[59])"))
    #expect(first.contains("rel=\"next\" href=\"/query?q=reports&amp;page=2\""))
    #expect(!first.contains("rel=\"prev\""))
    let second = ServeWebClient.text(try page(client, [("q", "reports"), ("page", "2")]))
    #expect(second.contains("51–60 shown"))
    #expect(second.components(separatedBy: "<tr><td>").count - 1 == 10)
    #expect(second.contains("why=\(ids[0])"))
    #expect(!second.contains("rel=\"next\""))

    let matching = ServeWebClient.text(try page(client, [("q", Self.query)]))
    #expect(matching.contains("30 reports match"))
    #expect(matching.contains("format=csv"))
  }

  @Test func aQueryThatDoesNotParseShowsItsDiagnosticWithTheCaret() throws {
    let (client, _) = try browser(reports: 1)
    let response = try page(client, [("q", "moood where rating <= 2")])
    #expect(response.status == 400)
    let html = ServeWebClient.text(response)
    #expect(html.contains("<pre class=\"problem diagnostic\" role=\"alert\" id=\"diagnostic\">"))
    #expect(html.contains("error[Q200]: unknown record type 'moood'"))
    #expect(html.contains("\n  ^^^^^\n  did you mean 'mood'?"))
  }

  @Test func explainAndWhyArePanelsOfThePage() throws {
    let (client, ids) = try browser(reports: 6)
    let explained = ServeWebClient.text(try page(client, [("q", Self.query), ("explain", "1")]))
    #expect(explained.contains("<section class=\"explain\">"))
    #expect(explained.contains("6 reports in the store; 3 match."))
    for (id, verdict) in [(ids[4], "matches"), (ids[1], "does not match")] {
      let why = ServeWebClient.text(try page(client, [("q", Self.query), ("why", id)]))
      #expect(why.contains("<section class=\"why\" id=\"why\"><h2>report of "))
      #expect(why.contains(": \(verdict)</h2>"))
    }
  }

  @Test func userTextIsEscapedEverywhereOnThePage() throws {
    let (client, _) = try browser(reports: 1)
    let hostile = #"reports where answer("<script>alert(1)</script>") = "</textarea><b>""#
    let html = ServeWebClient.text(try page(client, [("q", hostile)]))
    #expect(!html.contains("<script>alert"))
    #expect(!html.contains("</textarea><b>"))
    #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
  }

  @Test func savedQueriesAreSavedPinnedAndRemovedOnlyThroughThePagesForms() throws {
    let (client, _) = try browser(reports: 6)
    let csrf = try #require(
      ServeWebClient.hidden("csrf", in: try page(client, [("q", Self.query)])))
    let saved = try client.post(
      "/query/save", ordered: [("csrf", csrf), ("name", "many coffees"), ("q", Self.query)])
    #expect(saved.status == 303)
    #expect(saved.header("Location")?.hasPrefix("/query?q=reports%20where%20answer") == true)
    let store = try DispatchStore(path: client.serve.storePath, access: .read)
    #expect(try store.queries.savedQuery(named: "many coffees").expression == Self.query)

    #expect(try client.post("/query/pin", ["csrf": csrf, "name": "many coffees"]).status == 303)
    let pinned = ServeWebClient.text(try client.get("/query"))
    #expect(pinned.contains("📌"))
    #expect(pinned.contains("many coffees</a> <span class=\"n\">3</span>"))
    #expect(try store.queries.savedQuery(named: "many coffees").isPinned)
    #expect(try client.post("/query/unpin", ["csrf": csrf, "name": "many coffees"]).status == 303)
    #expect(try !store.queries.savedQuery(named: "many coffees").isPinned)

    // Without the token, or from another origin: refused, and nothing changes.
    #expect(try client.post("/query/remove", ["name": "many coffees"]).status == 403)
    #expect(
      try client.post(
        "/query/remove", ["csrf": csrf, "name": "many coffees"],
        headers: [("Origin", "https://evil.example")]
      ).status == 403)
    #expect(try store.queries.savedQueries().count == 1)
    // A query that does not parse is not saved; a GET does not change anything.
    let broken = try client.post(
      "/query/save", ordered: [("csrf", csrf), ("name", "broken"), ("q", "moood")])
    #expect(broken.status == 400)
    #expect(ServeWebClient.text(broken).contains("did you mean 'mood'?"))
    #expect(try client.get("/query/remove?name=many%20coffees").status == 405)
    #expect(try client.post("/query/remove", ["csrf": csrf, "name": "many coffees"]).status == 303)
    #expect(try store.queries.savedQueries().isEmpty)
  }

  @Test func pinnedQueriesMoveUpAndDownWithThePagesForms() throws {
    let (client, _) = try browser(reports: 6)
    let store = try DispatchStore(path: client.serve.storePath, access: .write)
    for name in ["first", "second", "third"] {
      try store.queries.saveQuery(name: name, expression: "reports")
      try store.queries.setQueryPinned(name, true)
    }
    let page = ServeWebClient.text(try client.get("/query"))
    let csrf = try #require(ServeWebClient.hidden("csrf", in: try client.get("/query")))
    // The first has only Down, the last only Up.
    #expect(page.contains("aria-label=\"Move first down\">Down</button>"))
    #expect(!page.contains("aria-label=\"Move first up\""))
    #expect(page.contains("aria-label=\"Move third up\">Up</button>"))
    #expect(!page.contains("aria-label=\"Move third down\""))
    let moved = try client.post(
      "/query/move", ordered: [("csrf", csrf), ("name", "third"), ("position", "2")])
    #expect(moved.status == 303)
    #expect(moved.header("Location") == "/query")
    #expect(try store.queries.savedQueries().map(\.name) == ["first", "third", "second"])
    // The page lists them in that order; without the token nothing moves.
    let after = ServeWebClient.text(try client.get("/query"))
    let positions = ["first", "third", "second"].compactMap {
      after.range(of: ">\($0)</a>")?.lowerBound
    }
    #expect(positions.count == 3 && positions == positions.sorted())
    #expect(try client.post("/query/move", ["name": "third", "position": "1"]).status == 403)
    #expect(try client.get("/query/move?name=third&position=1").status == 405)
    let wrong = try client.post("/query/move", ["csrf": csrf, "name": "third", "position": "x"])
    #expect(wrong.status == 400)
    #expect(try store.queries.savedQueries().map(\.name) == ["first", "third", "second"])
  }

  @Test func theDownloadsAndTheTypesPageAnswerInTheSession() throws {
    let (client, _) = try browser(reports: 6)
    let csv = try client.get(
      "/api/v1/query?q=" + ServeWebClient.encode(Self.query) + "&limit=10000&format=csv")
    #expect(csv.status == 200)
    #expect(csv.header("Content-Type") == "text/csv; charset=utf-8")
    let lines = ServeWebClient.text(csv).split(separator: "\r\n")
    #expect(lines.first?.hasPrefix("type,id,start,end") == true)
    #expect(lines.count == 4)
    let types = try client.get("/query/types")
    #expect(types.status == 200)
    #expect(ServeWebClient.text(types).contains("<h2>mood</h2>"))
    let script = try client.get("/explore.js")
    #expect(script.status == 200)
    #expect(ServeWebClient.text(script).contains("/api/v1/query?limit=0&q="))
  }

  @Test func theGraphBuilderDrawsTheChartOfDispatchGraphWithItsCommand() throws {
    let (client, _) = try browser(reports: 6)
    let form = try client.get("/graph")
    #expect(form.status == 200)
    #expect(ServeWebClient.text(form).contains("<form method=\"get\" action=\"/graph\""))
    #expect(!ServeWebClient.text(form).contains("<svg"))

    let attribute = #"answer("\#(Self.coffees)")"#
    let drawn = try client.get(
      "/graph?q=reports&y=" + ServeWebClient.encode(attribute) + "&per=hour&agg=sum")
    #expect(drawn.status == 200)
    let html = ServeWebClient.text(drawn)
    #expect(html.contains("<figure class=\"chart\" id=\"chart\"><svg "))
    #expect(!html.contains("<?xml"))
    #expect(
      html.contains(
        "dispatch graph reports --y &#39;\(attribute.replacingOccurrences(of: "\"", with: "&quot;"))&#39; --per hour --agg sum"
      ) || html.contains("--per hour --agg sum</code>"))
    // The points behind the chart, as a table: the six hours' totals.
    for total in 0..<6 {
      #expect(html.contains("<td>\(total)</td></tr>"))
    }
    #expect(html.contains("href=\"/api/v1/graph?q=reports&amp;y=answer"))

    let nothing = ServeWebClient.text(try client.get("/graph?q=mood&per=day"))
    #expect(nothing.contains("<p id=\"graph-empty\">No moods to draw.</p>"))
    let typo = try client.get("/graph?q=moood")
    #expect(typo.status == 400)
    #expect(ServeWebClient.text(typo).contains("did you mean 'mood'?"))
    let wrong = try client.get("/graph?q=reports&per=fortnight")
    #expect(wrong.status == 400)
    #expect(ServeWebClient.text(wrong).contains("per must be one of hour"))
    #expect(try ServeWebClient(client.serve).get("/graph?q=mood").status == 401)
  }
}
