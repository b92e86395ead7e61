import DispatchAnalytics
import DispatchCore
import DispatchSupport
import Foundation

/// The dashboard: one self-contained HTML page (inline CSS and SVG, no scripts, nothing
/// fetched) with the home charts, daily graphs, insights, the digest, the week comparison and
/// metric context. The same data always give the same bytes.
public enum DashboardPage {
  /// "1,338 reports from 2024-12-05 to 2026-12-03": the reports' own span for the whole
  /// history, the range asked for otherwise (an open end is the reports' own).
  public static func lede(_ data: DashboardData) -> String {
    let days = data.range.localDays(in: data.zone)
    let first = days.from ?? data.firstReport?.localDateText(in: data.zone)
    let last = days.to ?? data.lastReport?.localDateText(in: data.zone)
    let count = data.reportCount
    var text = "\(DisplayNumber.grouped(count)) \(count == 1 ? "report" : "reports")"
    if let first, let last { text += " from \(first) to \(last)" }
    return text
  }

  /// The page for `data`, dated by its last report.
  public static func html(_ data: DashboardData) -> String {
    let header =
      "<header><h1>Dispatch</h1>\n<p class=\"lede\">\(escape(lede(data))).</p></header>"
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>Dispatch dashboard</title>
      <style>\(DashboardStyle.css)</style>
      </head>
      <body>
      <main>
      \(header)
      \(content(data))
      <footer><p>Made by Dispatch from the local store; nothing on this page was fetched \
      from the network.</p></footer>
      </main>
      </body>
      </html>

      """
  }

  /// The page's figures, sections and charts without its frame, for a page that has its own
  /// header (`dispatch serve`'s dashboard).
  public static func content(_ data: DashboardData) -> String {
    var body: [String] = []
    body.append(DashboardSummaryStrip.html(data))
    body.append(section("Last week", digest(data.digest)))
    body.append(section("Insights", insights(data)))
    if let weeks = data.weekComparison {
      body.append(section("This week and the week before: \(escape(weeks.metric))", [week(weeks)]))
    }
    var index = 0
    func nextID() -> String {
      index += 1
      return "chart\(index)"
    }
    let metricCards = data.metrics.map { metric in
      card(
        ChartSpec.graph(
          metric.series, grouping: .time(.day), kind: .line, title: metric.title,
          subtitle: days(metric.series.first?.points.filter { $0.y != nil }.count ?? 0)),
        id: nextID())
    }
    if !metricCards.isEmpty { body.append(section("Day by day", metricCards)) }
    var questionCards: [String] = []
    for chart in data.questions {
      guard !chart.series.isEmpty,
        let spec = ChartSpec.question(
          chart.question, series: chart.series, bands: chart.bands, periods: chart.periods)
      else { continue }
      questionCards.append(card(spec, id: nextID()))
    }
    if !questionCards.isEmpty { body.append(section("Your questions", questionCards)) }
    if !data.savedGraphs.isEmpty {
      body.append(
        section(
          "Saved graphs",
          data.savedGraphs.map { saved in
            savedGraph(saved, id: nextID())
          }))
    }
    if !data.context.isEmpty { body.append(section("Metric context", [context(data.context)])) }
    return body.joined(separator: "\n")
  }

  /// A titled section of cards or paragraphs (HTML the caller escaped).
  public static func section(_ title: String, _ parts: [String]) -> String {
    "<section><h2>\(escape(title))</h2>\n" + parts.joined(separator: "\n") + "\n</section>"
  }

  /// A chart drawn twice: wide for a desktop, narrow with the same type size for a phone
  /// (scaling one drawing down to 390 px would shrink its labels to a few pixels); the style
  /// sheet shows the one that fits, without scripts.
  public static func card(_ spec: ChartSpec, id: String) -> String {
    "<figure class=\"card\">"
      + "<div class=\"wide\">"
      + spec.svgString(width: 720, height: 300, idPrefix: id).replacingFirstLine() + "</div>"
      + "<div class=\"narrow\">"
      + spec.svgString(width: 360, height: 260, idPrefix: id + "n").replacingFirstLine()
      + "</div></figure>"
  }

  /// A saved graph's card, titled with its name, with the command that draws it; or its name
  /// and why it no longer draws.
  static func savedGraph(_ saved: DashboardData.SavedGraphChart, id: String) -> String {
    let heading = "<h3>\(escape(saved.name))</h3>"
    let command =
      saved.command.isEmpty ? "" : "<p class=\"note\"><code>\(escape(saved.command))</code></p>"
    guard let chart = saved.chart else {
      return
        "<div class=\"saved-graph\">\(heading)<p>\(escape(saved.problem ?? ""))</p>\(command)</div>"
    }
    return "<div class=\"saved-graph\">\(heading)\(card(chart, id: id))\(command)</div>"
  }

  static func digest(_ stats: DigestStats) -> [String] {
    ["<div class=\"digest\">" + stats.paragraphs.map { "<p>\(escape($0))</p>" }.joined() + "</div>"]
  }

  /// "1 day", "56 days".
  static func days(_ count: Int) -> String {
    count == 1 ? "1 day" : "\(DisplayNumber.grouped(count)) days"
  }

  static func insights(_ data: DashboardData) -> [String] {
    guard !data.insights.isEmpty else {
      return ["<p>\(escape(InsightCopy.empty(reportCount: data.reportCount)))</p>"]
    }
    var parts = [
      "<p class=\"note\">\(escape(InsightCopy.header(reportCount: data.reportCount)))</p><ul class=\"insights\">"
    ]
    for insight in data.insights {
      parts.append(
        "<li><strong>\(escape(insight.title))</strong><br><span>\(escape(insight.detail))</span></li>"
      )
    }
    parts.append("</ul>")
    return parts
  }

  /// The week comparison as a table: the averages, entries, days with data, and each weekday.
  public static func week(_ comparison: WeekComparison) -> String {
    func number(_ value: Double?) -> String {
      value.map { InsightFormat.fixed($0, decimals: 1) } ?? "–"
    }
    let earlier = comparison.earlier
    let later = comparison.later
    var rows = [
      "<tr><th scope=\"col\"></th><th scope=\"col\">\(escape(earlier.label))</th><th scope=\"col\">\(escape(later.label))</th></tr>",
      "<tr><th scope=\"row\">Average (each day weighs the same)</th><td>\(number(earlier.dayBalancedMean))</td><td>\(number(later.dayBalancedMean))</td></tr>",
      "<tr><th scope=\"row\">Entries</th><td>\(earlier.entries)</td><td>\(later.entries)</td></tr>",
      "<tr><th scope=\"row\">Days with data</th><td>\(earlier.daysWithData) of 7</td><td>\(later.daysWithData) of 7</td></tr>",
    ]
    for day in comparison.weekdays {
      rows.append(
        "<tr><th scope=\"row\">\(escape(day.weekday))</th><td>\(number(day.earlier))</td><td>\(number(day.later))</td></tr>"
      )
    }
    return "<table>\n" + rows.joined(separator: "\n") + "\n</table>"
  }

  static func context(_ entries: [MetricContextEntry]) -> String {
    let items = entries.map { entry in
      let day = WeekComparison.dayLabel(entry.from.instant, offset: entry.from.utcOffsetSeconds)
      return "<li>\(day) — \(escape(entry.metric ?? "every metric")): \(escape(entry.note))</li>"
    }
    return "<ul>" + items.joined() + "</ul>"
  }

  public static func escape(_ text: String) -> String {
    SVGWriter.escaped(text, inAttribute: false)
  }
}

extension String {
  /// The SVG without its XML declaration, for embedding in HTML.
  fileprivate func replacingFirstLine() -> String {
    guard hasPrefix("<?xml"), let newline = firstIndex(of: "\n") else { return self }
    return String(self[index(after: newline)...])
  }
}
