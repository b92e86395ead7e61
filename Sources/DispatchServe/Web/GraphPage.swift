import DispatchAnalytics
import DispatchCore
import DispatchRender
import DispatchServices
import DispatchStorage
import Foundation

/// `/graph` (docs/serve.md#the-explorer): the graph builder. The options of `dispatch graph`
/// as a form; the chart is the SVG `dispatch graph --svg` writes (one renderer), followed by
/// the command that draws it, its points as a table, and the points as JSON.
struct GraphPage {
  let store: DispatchStore
  /// The session's CSRF token, for the form that saves the graph for the dashboard.
  let csrf: String

  func respond(to request: ServerRequest) throws -> ServerResponse {
    let types = try store.queries.queryEngine().registry.types.map(\.name)
    guard ExploreRoutes.nonEmpty("q", request) != nil else {
      return page(form(request, types: types), title: "Graph")
    }
    var status = 200
    var result: String
    do {
      let graphRequest = try GraphRequest(parameters: request.query)
      do {
        result = try chart(graphRequest)
      } catch let diagnostic as QueryDiagnostic {
        status = 400
        result = QueryPage.diagnostic(diagnostic, source: graphRequest.query)
      }
    } catch let error as DispatchError {
      status = ServeAPI.status(of: error)
      result = "<p class=\"problem\" role=\"alert\">\(HTML.text(error.message))</p>"
    }
    return page(form(request, types: types) + result, title: "Graph", status: status)
  }

  private func page(_ body: String, title: String, status: Int = 200) -> ServerResponse {
    WebPage.response(
      status, title: title, body: "<h1>Graph</h1>" + body, wide: true, scripts: ["/explore.js"])
  }

  private func chart(_ request: GraphRequest) throws -> String {
    let graph = try GraphService(store: store).graph(request)
    let command =
      "<p class=\"command\">The same from a terminal: <code>\(HTML.text(request.commandLine))</code></p>"
    guard let spec = graph.chart else {
      return "<p id=\"graph-empty\">\(HTML.text(graph.emptyReason ?? "Nothing to draw."))</p>"
        + command
    }
    var svg = spec.svgString(width: 960, height: 420, idPrefix: "graph", pointValues: true)
    // Inline in the page: the XML declaration belongs to a file only.
    if svg.hasPrefix("<?xml"), let end = svg.range(of: "?>") {
      svg = String(svg[end.upperBound...]).trimmingCharacters(in: .whitespacesAndNewlines)
    }
    let parameters = request.parameterText
    return """
      <figure class="chart" id="chart">\(svg)</figure>
      \(command)
      <p><a href="/api/v1/graph?\(HTML.attribute(parameters))">Points as JSON</a></p>
      <form method="post" action="/graph/save" class="row save">\
      <input type="hidden" name="csrf" value="\(HTML.attribute(csrf))">\
      <input type="hidden" name="parameters" value="\(HTML.attribute(parameters))">\
      <label for="graph-name">Save for the dashboard as</label>\
      <input type="text" id="graph-name" name="name" required autocomplete="off">\
      <button type="submit">Save</button></form>
      \(Self.points(graph))
      """
  }

  /// Every series' points as a table: the values behind the chart, for screen readers and
  /// for reading exact values.
  static func points(_ graph: GraphResult) -> String {
    let tables = graph.series.map { series in
      let rows = series.points.map { point in
        let value = point.y.map(Self.number) ?? "—"
        return "<tr><td>\(HTML.text(point.label))</td><td>\(HTML.text(value))</td></tr>"
      }.joined()
      let first = graph.xLabel.map(HTML.text) ?? "group"
      return """
        <details class="points"><summary>\(HTML.text(series.name)): \(series.points.count) points</summary>
        <div class="table-wrap"><table><thead><tr><th scope="col">\(first)</th>\
        <th scope="col">\(HTML.text(series.name))</th></tr></thead><tbody>\(rows)</tbody></table></div>
        </details>
        """
    }
    return tables.joined(separator: "\n")
  }

  /// A point's value: whole numbers as they are, others to two decimals.
  static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15
      ? String(Int(value)) : String(format: "%.2f", value)
  }

  private func form(_ request: ServerRequest, types: [String]) -> String {
    func value(_ name: String) -> String { HTML.attribute(request.query[name] ?? "") }
    func select(_ name: String, _ label: String, _ options: [String], none: String) -> String {
      let chosen = request.query[name] ?? ""
      let items = ([("", none)] + options.map { ($0, $0) }).map { option, text in
        "<option value=\"\(HTML.attribute(option))\"\(option == chosen ? " selected" : "")>\(HTML.text(text))</option>"
      }.joined()
      return
        "<label for=\"g-\(name)\">\(label)</label><select id=\"g-\(name)\" name=\"\(name)\">\(items)</select>"
    }
    func text(_ name: String, _ label: String, placeholder: String, list: String? = nil) -> String {
      "<label for=\"g-\(name)\">\(label)</label><input type=\"text\" id=\"g-\(name)\" name=\"\(name)\" "
        + "value=\"\(value(name))\" placeholder=\"\(HTML.attribute(placeholder))\" autocomplete=\"off\""
        + (list.map { " list=\"\($0)\"" } ?? "") + ">"
    }
    let aggregations = GraphAggregation.allCases.map(\.rawValue)
    let datalist =
      "<datalist id=\"graph-types\">"
      + types.map { "<option value=\"\(HTML.attribute($0))\">" }.joined() + "</datalist>"
    return """
      <form method="get" action="/graph" id="graph-form" class="graph-form">\(datalist)
      <div class="fields">
      <div>\(text("q", "Records (a query)", placeholder: "mood", list: "graph-types"))</div>
      <div>\(text("y", "Attribute", placeholder: "the type's main value"))</div>
      <div>\(select("per", "Group per", GraphGrouping.names, none: "no grouping"))</div>
      <div>\(select("agg", "Aggregation", aggregations, none: "default"))</div>
      <div>\(select("kind", "Draw as", ChartSpec.GraphKind.allCases.map(\.rawValue), none: "default"))</div>
      <div>\(text("vs", "Against (a second query)", placeholder: "none", list: "graph-types"))</div>
      <div>\(text("vs-y", "Its attribute", placeholder: "its main value"))</div>
      <div>\(select("vs-agg", "Its aggregation", aggregations, none: "default"))</div>
      </div>
      <div class="actions"><button type="submit" class="primary">Draw</button></div>
      </form>
      """
  }
}
