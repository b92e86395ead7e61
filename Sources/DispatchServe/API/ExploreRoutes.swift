import DispatchAnalytics
import DispatchCore
import DispatchRender
import DispatchServices
import DispatchStorage
import DispatchSupport
import Foundation

/// `GET /api/v1/query` and `GET /api/v1/graph` (docs/serve.md#the-api): the answers of
/// `dispatch query --json` and `dispatch graph --json`, so the explorer's pages and scripts
/// read one interface.
enum ExploreRoutes {
  /// The most records one answer carries; `count` is always the full count.
  static let recordLimit = 10_000
  static let defaultRecordLimit = 100

  /// `?q=QUERY[&limit=N][&offset=N][&explain=1][&why=ID][&format=csv]`:
  /// `{"count": N, "type": …, "records": […]}` with at most `limit` records, newest first,
  /// after skipping `offset` (`limit=0` for the count alone); with `explain=1`
  /// `{"count", "explanation"}`; with `why=ID` `{"why"}`; with `format=csv` the lines of
  /// `dispatch query --csv`. A query that does not parse answers 400 with
  /// `{"error", "diagnostic"}`.
  static func query(_ request: ServerRequest, store: DispatchStore) throws -> ServerResponse {
    let expression = try required("q", request, example: "mood where rating <= 2")
    let limit = try integer(
      "limit", request, in: 0...recordLimit, otherwise: defaultRecordLimit)
    let offset = try integer("offset", request, in: 0...Int(Int32.max), otherwise: 0)
    let csv = try format(request)
    return try diagnosing(expression) {
      let (engine, plan) = try planned(expression, store: store)
      if csv {
        let records = try engine.records(plan, limit: limit, offset: offset)
        let lines = [QueryRecord.csvHeader(plan.type)] + records.map(\.csvLine)
        return ServerResponse(
          status: 200,
          headers: [
            "Content-Type": "text/csv; charset=utf-8",
            "Content-Disposition": "attachment; filename=\"\(plan.type.plural).csv\"",
          ], body: Array(lines.map { $0 + "\r\n" }.joined().utf8))
      }
      if let id = request.query["why"] {
        let why = try engine.why(plan, id: id)
        return .json(200, .object([("why", why.jsonValue)]))
      }
      if flag("explain", request) {
        let explanation = try engine.explain(plan)
        return .json(
          200,
          .object([
            ("count", .int(Int64(explanation.matched))), ("explanation", explanation.jsonValue),
          ]))
      }
      let count = try engine.count(plan)
      let records = limit == 0 ? [] : try engine.records(plan, limit: limit, offset: offset)
      return .json(
        200,
        .object([
          ("count", .int(Int64(count))), ("type", .string(plan.type.name)),
          ("plural", .string(plan.type.plural)), ("records", .array(records.map(\.jsonValue))),
        ]))
    }
  }

  /// The engine and plan of `expression`, with any index it needs built first: the first
  /// query on a large type's values sorts them into an index, once.
  static func planned(_ expression: String, store: DispatchStore) throws -> (
    QueryEngine, QueryPlan
  ) {
    let engine = try store.queries.queryEngine()
    let plan = try engine.plan(expression)
    let missing = try store.queries.missingQueryIndexes(for: plan)
    if !missing.isEmpty { try store.queries.buildQueryIndexes(missing) }
    return (engine, plan)
  }

  private static func format(_ request: ServerRequest) throws -> Bool {
    switch request.query["format"]?.lowercased() {
    case nil, "json": return false
    case "csv": return true
    case let other?:
      throw DispatchError(.invalidValue, "format must be json or csv, not '\(other)'")
    }
  }

  /// `?q=QUERY[&y=ATTRIBUTE][&per=UNIT][&agg=A,B][&kind=K][&vs=QUERY][&vs-y=…][&vs-agg=…]`,
  /// the options of `dispatch graph`: `{"series": …, "command": "dispatch graph …"}`,
  /// `series` exactly as `dispatch graph --json` prints it, and `empty` saying why there is
  /// nothing to draw when that is so.
  static func graph(_ request: ServerRequest, store: DispatchStore) throws -> ServerResponse {
    let graphRequest = try GraphRequest(parameters: request.query)
    return try diagnosing(graphRequest.query) {
      let graph = try GraphService(store: store).graph(graphRequest)
      var fields: [(String, JSONValue)] = [
        ("series", GraphSeries.jsonValue(graph.series, xLabel: graph.xLabel)),
        ("command", .string(graphRequest.commandLine)),
      ]
      if graph.chart == nil {
        fields.append(("empty", .string(graph.emptyReason ?? "Nothing to draw.")))
      }
      return .json(200, .object(fields))
    }
  }

  /// Runs `body`, turning a query diagnostic into a 400 that carries it.
  static func diagnosing(_ source: String, _ body: () throws -> ServerResponse) throws
    -> ServerResponse
  {
    do {
      return try body()
    } catch let diagnostic as QueryDiagnostic {
      return .json(
        400,
        .object([
          ("error", .string(diagnostic.description)),
          ("diagnostic", diagnostic.jsonValue(source: source)),
        ]))
    }
  }

  static func nonEmpty(_ name: String, _ request: ServerRequest) -> String? {
    guard let value = request.query[name], !value.trimmingCharacters(in: .whitespaces).isEmpty
    else { return nil }
    return value
  }

  private static func required(_ name: String, _ request: ServerRequest, example: String) throws
    -> String
  {
    guard let value = nonEmpty(name, request) else {
      throw DispatchError(.invalidValue, "give the query as \(name)=, e.g. \(name)=\(example)")
    }
    return value
  }

  static func flag(_ name: String, _ request: ServerRequest) -> Bool {
    guard let value = request.query[name] else { return false }
    return ["1", "true", "yes", ""].contains(value.lowercased())
  }

  static func integer(
    _ name: String, _ request: ServerRequest, in range: ClosedRange<Int>, otherwise: Int
  ) throws -> Int {
    guard let text = request.query[name] else { return otherwise }
    guard let value = Int(text), range.contains(value) else {
      throw DispatchError(
        .invalidValue,
        "\(name) must be a number from \(range.lowerBound) to \(range.upperBound)")
    }
    return value
  }
}
