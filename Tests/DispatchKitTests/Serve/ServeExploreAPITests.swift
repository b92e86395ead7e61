import DispatchAnalytics
import DispatchCore
import DispatchServe
import DispatchServices
import DispatchStorage
import DispatchSupport
import Foundation
import Testing

/// `GET /api/v1/query` and `GET /api/v1/graph`: the answers of `dispatch query --json` and
/// `dispatch graph --json` over HTTP, their diagnostics, and the parameters a script gets wrong.
@Suite(.serialized) struct ServeExploreAPITests {
  static let coffees = "How many coffees did you have today?"

  /// A server whose store has six reports, one a day at noon UTC over the six days before
  /// today, with 0 to 5 coffees (the oldest 0).
  private func serverWithSixDays() throws -> (ServeTestServer, ids: [String]) {
    let serve = try ServeTestServer()
    let today = Calendar(identifier: .gregorian).startOfDay(for: Date())
    var ids: [String] = []
    for coffees in 0..<6 {
      let day = today.addingTimeInterval(Double(coffees - 6) * 86_400 + 12 * 3_600)
      let id = "EXPLORE-\(coffees)-0000-0000"
      let body =
        #"{"id": "\#(id)", "answeredAt": "\#(ISO8601DateFormatter().string(from: day))", "answers": {"\#(Self.coffees)": \#(coffees)}}"#
      #expect(try serve.request("POST", "/api/v1/reports", body: body).status == 201)
      ids.append(id)
    }
    return (serve, ids)
  }

  /// `path` with each parameter percent-encoded, so `&`, `=`, `+` and quotes survive.
  private func path(_ route: String, _ parameters: [(String, String)]) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    let query = parameters.map { name, value in
      name + "=" + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)
    }
    return route + "?" + query.joined(separator: "&")
  }

  @Test func aQueryAnswersItsCountAndItsNewestRecords() throws {
    let (serve, ids) = try serverWithSixDays()
    let expression = #"reports where answer("\#(Self.coffees)") >= 3"#
    let answer = try ServeTestServer.object(
      try serve.request("GET", path("/api/v1/query", [("q", expression)])))
    #expect(answer["count"] as? Int == 3)
    let records = try #require(answer["records"] as? [[String: Any]])
    #expect(records.map { $0["id"] as? String } == [ids[5], ids[4], ids[3]])
    #expect(records.allSatisfy { $0["type"] as? String == "report" })

    let limited = try ServeTestServer.object(
      try serve.request("GET", path("/api/v1/query", [("q", expression), ("limit", "1")])))
    #expect(limited["count"] as? Int == 3)
    #expect((limited["records"] as? [[String: Any]])?.map { $0["id"] as? String } == [ids[5]])
    let counted = try ServeTestServer.object(
      try serve.request("GET", path("/api/v1/query", [("q", expression), ("limit", "0")])))
    #expect(counted["count"] as? Int == 3)
    #expect((counted["records"] as? [Any])?.isEmpty == true)
  }

  @Test func explainAndWhyAnswerAsTheCommandLineDoes() throws {
    let (serve, ids) = try serverWithSixDays()
    let expression = #"reports where answer("\#(Self.coffees)") >= 3"#
    let explained = try ServeTestServer.object(
      try serve.request("GET", path("/api/v1/query", [("q", expression), ("explain", "1")])))
    #expect(explained["count"] as? Int == 3)
    let explanation = try #require(explained["explanation"] as? [String: Any])
    #expect(explanation["total"] as? Int == 6)
    #expect(explanation["matched"] as? Int == 3)
    #expect((explanation["tree"] as? [String: Any])?["count"] as? Int == 3)

    for (id, matches) in [(ids[4], true), (ids[1], false)] {
      let why = try ServeTestServer.object(
        try serve.request("GET", path("/api/v1/query", [("q", expression), ("why", id)])))
      let detail = try #require(why["why"] as? [String: Any])
      #expect(detail["matches"] as? Bool == matches)
      #expect((detail["record"] as? [String: Any])?["id"] as? String == id)
      #expect((detail["conditions"] as? [[String: Any]])?.first?["met"] as? Bool == matches)
    }
  }

  @Test func aQueryThatDoesNotParseAnswers400WithTheDiagnostic() throws {
    let serve = try ServeTestServer()
    let response = try serve.request(
      "GET", path("/api/v1/query", [("q", "moood where rating <= 2")]))
    #expect(response.status == 400)
    let answer = try ServeTestServer.object(response)
    #expect((answer["error"] as? String)?.hasPrefix("error[Q200]") == true)
    let diagnostic = try #require(answer["diagnostic"] as? [String: Any])
    #expect(diagnostic["id"] as? String == "Q200")
    #expect(diagnostic["start"] as? Int == 0)
    #expect(diagnostic["end"] as? Int == 5)
    #expect(diagnostic["hint"] as? String == "did you mean 'mood'?")
    #expect((diagnostic["rendered"] as? String)?.contains("\n  ^^^^^") == true)
    // An unknown record asked about with why=: the same shape.
    let unknown = try serve.request(
      "GET", path("/api/v1/query", [("q", "reports"), ("why", "NO-SUCH-ID")]))
    #expect(unknown.status == 400)
    #expect(
      (try ServeTestServer.object(unknown)["diagnostic"] as? [String: Any])?["id"] as? String
        == "Q400")
  }

  @Test func aGraphAnswersTheSeriesOfDispatchGraphAndTheCommandThatDrawsIt() throws {
    let (serve, _) = try serverWithSixDays()
    let attribute = #"answer("\#(Self.coffees)")"#
    let answer = try ServeTestServer.object(
      try serve.request(
        "GET",
        path(
          "/api/v1/graph",
          [("q", "reports"), ("y", attribute), ("per", "day"), ("agg", "sum,max")])))
    let series = try #require(answer["series"] as? [[String: Any]])
    #expect(series.count == 2)
    let sums = try #require(series.first?["points"] as? [[String: Any]])
    #expect(sums.map { $0["y"] as? Double } == [0, 1, 2, 3, 4, 5])
    #expect(
      answer["command"] as? String
        == "dispatch graph reports --y '\(attribute)' --per day --agg sum --agg max")
    #expect(answer["empty"] == nil)

    // The same request, built the way the route builds it, drawn by the library: one shape.
    let store = try DispatchStore(path: serve.storePath, access: .read)
    var request = GraphRequest(query: "reports", attribute: attribute, grouping: .time(.day))
    request.aggregations = [.sum, .maximum]
    let graph = try GraphService(store: store).graph(request)
    let library = JSONWriter.string(
      GraphSeries.jsonValue(graph.series, xLabel: graph.xLabel), style: .compact)
    let served = try JSONSerialization.data(withJSONObject: series)
    #expect(
      try JSONSerialization.jsonObject(with: Data(library.utf8)) as? NSArray
        == JSONSerialization.jsonObject(with: served) as? NSArray)

    let empty = try ServeTestServer.object(
      try serve.request("GET", path("/api/v1/graph", [("q", "mood"), ("per", "day")])))
    #expect(empty["empty"] as? String == "No moods to draw.")
  }

  @Test(arguments: [
    ("/api/v1/query", [("limit", "5")], "give the query as q="),
    ("/api/v1/query", [("q", "reports"), ("limit", "-1")], "limit must be a number from 0"),
    ("/api/v1/query", [("q", "reports"), ("limit", "lots")], "limit must be a number"),
    ("/api/v1/query", [("q", "reports"), ("limit", "10001")], "limit must be a number"),
    ("/api/v1/graph", [("per", "day")], "give the query as q="),
    ("/api/v1/graph", [("q", "reports"), ("per", "fortnight")], "per must be one of hour"),
    ("/api/v1/graph", [("q", "reports"), ("agg", "sum,avg")], "agg must be one of average"),
    ("/api/v1/graph", [("q", "reports"), ("kind", "pie")], "kind must be line, bar or scatter"),
    ("/api/v1/graph", [("q", "reports"), ("vs-agg", "most")], "vs-agg must be one of"),
    ("/api/v1/graph", [("q", "reports"), ("vs", "mood")], "--vs needs --per"),
  ])
  func wrongParametersAnswer400NamingThem(
    route: String, parameters: [(String, String)], message: String
  ) throws {
    let serve = try ServeTestServer()
    let response = try serve.request("GET", path(route, parameters))
    #expect(response.status == 400)
    let error = try ServeTestServer.object(response)["error"] as? String ?? ""
    #expect(error.contains(message), "\(error)")
  }

  @Test func withoutATokenOrWithAnotherMethodNothingIsAnswered() throws {
    let serve = try ServeTestServer()
    for route in ["/api/v1/query?q=reports", "/api/v1/graph?q=reports"] {
      #expect(try serve.request("GET", route, token: .some(nil)).status == 401)
      #expect(try serve.request("POST", route, body: "{}").status == 405)
    }
  }
}
