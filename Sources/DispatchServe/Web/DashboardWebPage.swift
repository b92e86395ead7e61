import DispatchAnalytics
import DispatchCore
import DispatchFeatures
import DispatchRender
import DispatchServices
import DispatchStorage
import DispatchSupport
import Foundation

/// `/dashboard` (docs/serve.md#the-dashboard): the page `dispatch dashboard` writes, for a
/// range chosen with links and forms, with what a page behind a session can add: the pinned
/// queries with their counts and newest match, the stress summary for the range, the week
/// comparison of any metric, and a download of the range as the self-contained file.
struct DashboardWebPage {
  let store: DispatchStore
  let environment: RunEnvironment
  /// The session's CSRF token, for the forms that remove a saved graph.
  let csrf: String

  func respond(to request: ServerRequest) throws -> ServerResponse {
    let controls = Controls(request: request)
    do {
      let range = try DashboardRange.parse(request.query)
      let bounds = try self.bounds(range)
      let data = try store.dashboardData(now: environment.now(), range: bounds)
      var body = controls.html(current: range)
      body += "<p class=\"lede\" id=\"dashboard-lede\">\(HTML.text(DashboardPage.lede(data))).</p>"
      body += exportLine(range)
      body += "<div class=\"dashboard\" id=\"dashboard\">"
      body += DashboardPage.content(data)
      body += try pinned()
      body += try stress(since: bounds.from)
      body += try comparison(request.query["compare"], ending: data.lastReport, controls: controls)
      body += "</div>"
      body += savedGraphActions(data.savedGraphs)
      return page(body)
    } catch let error as DispatchError {
      let problem = "<p class=\"problem\" role=\"alert\">\(HTML.text(error.message))</p>"
      return page(controls.html(current: nil) + problem, status: ServeAPI.status(of: error))
    }
  }

  /// The range as the self-contained page `dispatch dashboard` writes, as a download.
  func export(_ request: ServerRequest) throws -> ServerResponse {
    let range: DashboardRange
    let bounds: DashboardData.Range
    do {
      range = try DashboardRange.parse(request.query)
      bounds = try self.bounds(range)
    } catch let error as DispatchError {
      return WebPage.message(
        ServeAPI.status(of: error), title: "Not exported", paragraphs: [HTML.text(error.message)])
    }
    let html = try DashboardService.html(store, now: environment.now(), range: bounds)
    return ServerResponse(
      status: 200,
      headers: [
        "Content-Type": "text/html; charset=utf-8",
        "Content-Disposition": "attachment; filename=\"\(range.fileName)\"",
        // The file carries its own style sheet; as a download it runs nothing and loads nothing.
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
        "Cache-Control": "no-store",
      ], body: Array(html.utf8))
  }

  /// The instants `range` covers, read as `dispatch dashboard --from … --to …` reads them.
  private func bounds(_ range: DashboardRange) throws -> DashboardData.Range {
    let bounds = try RecordTimeArgument.range(
      from: range.from, to: range.to, in: store, environment: environment)
    if let from = bounds.from, let to = bounds.to, from >= to {
      throw DispatchError(.invalidRequest, "from must be before to")
    }
    return DashboardData.Range(from: bounds.from, to: bounds.to)
  }

  private func page(_ body: String, status: Int = 200) -> ServerResponse {
    WebPage.response(status, title: "Dashboard", body: "<h1>Dashboard</h1>" + body, wide: true)
  }

  private func exportLine(_ range: DashboardRange) -> String {
    let parameters = URLText.query(range.parameters)
    let command = (["dispatch dashboard", range.commandArguments, "-o dashboard.html"])
      .filter { !$0.isEmpty }.joined(separator: " ")
    return """
      <p class="command no-print">The same page as a file: \
      <a href="/dashboard/export?\(HTML.attribute(parameters))" download>download it</a>, \
      or from a terminal <code>\(HTML.text(command))</code>. Printing it gives a copy for an \
      appointment, without the menus and forms.</p>
      """
  }

  /// Each saved graph opened in the graph builder, or removed (a form with the CSRF token).
  private func savedGraphActions(_ graphs: [DashboardData.SavedGraphChart]) -> String {
    guard !graphs.isEmpty else { return "" }
    let items = graphs.map { graph in
      """
      <li><a href="/graph?\(HTML.attribute(graph.parameters))">\(HTML.text(graph.name))</a> \
      <form method="post" action="/graph/remove" class="inline">\
      <input type="hidden" name="csrf" value="\(HTML.attribute(csrf))">\
      <input type="hidden" name="name" value="\(HTML.attribute(graph.name))">\
      <button type="submit">Remove</button></form></li>
      """
    }.joined()
    return """
      <section class="no-print" id="saved-graphs"><h2>Saved graphs</h2>\
      <p class="hint">Save more from the <a href="/graph">graph builder</a>, or with \
      <code>dispatch graph … --save NAME</code>.</p><ul class="saved">\(items)</ul></section>
      """
  }

  /// The pinned queries, as `dispatch query list` shows them, each linking to its records.
  private func pinned() throws -> String {
    let summaries = try store.queries.pinnedQuerySummaries()
    guard !summaries.isEmpty else { return "" }
    let items = summaries.map { summary in
      let link = "/query?q=" + QueryPage.percentEncoded(summary.query.expression)
      return "<li><a href=\"\(HTML.attribute(link))\">\(HTML.text(summary.query.name))</a>: "
        + "\(HTML.text(summary.line))<br><code>\(HTML.text(summary.query.expression))</code></li>"
    }
    return DashboardPage.section(
      "Pinned queries", ["<ul class=\"pinned\" id=\"pinned\">" + items.joined() + "</ul>"])
  }

  /// The stress summary from the range's first day, as `dispatch stress summary --since`.
  private func stress(since: Instant?) throws -> String {
    let summary = try store.records.stressSummary(
      since: since.map { .instant($0) } ?? .localDay(0))
    guard summary.checkIns > 0 else { return "" }
    let lines = StressText.lines(summary).map(HTML.text).joined(separator: "\n")
    return DashboardPage.section(
      "Stress check-ins", ["<pre class=\"stress\" id=\"stress\">\(lines)</pre>"])
  }

  /// The week comparison of the metric asked for, ending with the range's last report.
  private func comparison(_ metric: String?, ending: Instant?, controls: Controls) throws
    -> String
  {
    var parts = [controls.compareForm()]
    if let metric = metric?.trimmingCharacters(in: .whitespaces), !metric.isEmpty {
      do {
        let weeks = try store.weekComparison(metric: metric, ending: ending ?? environment.now())
        parts.append(DashboardPage.week(weeks))
      } catch let error as DispatchError {
        parts.append("<p class=\"problem\" role=\"alert\">\(HTML.text(error.message))</p>")
      }
    }
    return DashboardPage.section("Compare two weeks", parts)
  }
}

/// The dashboard's links and forms: the preset ranges, a month, two dates, a metric.
private struct Controls {
  let request: ServerRequest

  func html(current: DashboardRange?) -> String {
    let links = DashboardRange.presets.map { ($0.0, "Last \($0.1) days") } + [("all", "Everything")]
    let items = links.map { choice, text in
      let selected = current?.choice == choice ? " aria-current=\"page\"" : ""
      return "<a href=\"/dashboard?range=\(choice)\"\(selected)>\(text)</a>"
    }.joined(separator: " ")
    return """
      <nav class="ranges no-print" aria-label="Range">\(items)</nav>
      <form method="get" action="/dashboard" class="range-form no-print" id="month-form">
      <input type="hidden" name="range" value="month">
      <label for="d-month">A month</label>
      <input type="month" id="d-month" name="month" placeholder="YYYY-MM" \
      value="\(value("month"))" pattern="[0-9]{4}-[0-9]{2}">
      <button type="submit">Show</button></form>
      <form method="get" action="/dashboard" class="range-form no-print" id="custom-form">
      <input type="hidden" name="range" value="custom">
      <label for="d-from">From</label><input type="date" id="d-from" name="from" value="\(value("from"))">
      <label for="d-to">to</label><input type="date" id="d-to" name="to" value="\(value("to"))">
      <button type="submit">Show</button></form>
      """
  }

  /// The metric form keeps the range, so comparing does not change what the page shows.
  func compareForm() -> String {
    let kept = ["range", "month", "from", "to"].compactMap { name -> String? in
      guard let value = request.query[name], !value.isEmpty else { return nil }
      return "<input type=\"hidden\" name=\"\(name)\" value=\"\(HTML.attribute(value))\">"
    }.joined()
    return """
      <form method="get" action="/dashboard" class="range-form no-print" id="compare-form">\(kept)
      <label for="d-compare">Metric</label>
      <input type="text" id="d-compare" name="compare" value="\(value("compare"))" \
      placeholder="steps, heart rate, How happy are you?" autocomplete="off">
      <button type="submit">Compare</button></form>
      """
  }

  private func value(_ name: String) -> String { HTML.attribute(request.query[name] ?? "") }
}
