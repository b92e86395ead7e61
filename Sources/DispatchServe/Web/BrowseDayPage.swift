import DispatchCore
import DispatchFeatures
import DispatchStorage
import DispatchSupport
import Foundation

/// `/day?date=YYYY-MM-DD` (docs/serve.md#the-explorer): the reports of one local day, oldest
/// first, each with its answers and the context its sensors recorded, as
/// `dispatch reports show` prints them; links to the nearest earlier and later days with
/// reports. Without a date, the day of the newest report.
///
/// A day is read in each report's own offset, as `dispatch reports list --from DAY --to DAY`
/// and the query `reports where on DAY` read it, so the page's count is theirs.
struct BrowseDayPage {
  let store: DispatchStore

  func respond(to request: ServerRequest) throws -> ServerResponse {
    let asked = ExploreRoutes.nonEmpty("date", request)
    do {
      guard let day = try asked.map(Self.parse) ?? newestDay() else {
        return page(form(nil) + "<p>No reports yet.</p>", title: "Days")
      }
      let number = day.dayNumber
      let reports = try store.reports.list(
        ReportSelection(from: .localDay(number), to: .localDay(number + 1)))
      var body = try form(day.description) + neighbours(of: day.description)
      body += summary(reports.count, day: day.description)
      let show = try Shown(store: store)
      body += reports.map(show.article).joined(separator: "\n")
      return page(body, title: day.description)
    } catch let error as DispatchError {
      return page(
        form(asked) + BrowseLinks.problem(error.message), title: "Days",
        status: ServeAPI.status(of: error))
    }
  }

  /// `text` as a day, or the one-line message naming the parameter.
  static func parse(_ text: String) throws -> LocalDate {
    guard let day = LocalDate(parsing: text) else {
      throw DispatchError(.invalidRequest, "date must be a day as YYYY-MM-DD, not '\(text)'")
    }
    return day
  }

  /// The local day of the newest filed report, or nil for a store without reports.
  private func newestDay() throws -> LocalDate? {
    try DayNeighbours(engine: try store.queries.queryEngine()).newest().flatMap {
      LocalDate(parsing: $0)
    }
  }

  private func page(_ body: String, title: String, status: Int = 200) -> ServerResponse {
    WebPage.response(
      status, title: title,
      body: "<h1>\(HTML.text(title))</h1>" + BrowseLinks.nav(current: "/day") + body, wide: true)
  }

  private func form(_ value: String?) -> String {
    """
    <form method="get" action="/day" class="range-form" id="day-form">
    <label for="b-date">Day</label>
    <input type="date" id="b-date" name="date" value="\(HTML.attribute(value ?? ""))">
    <button type="submit">Show</button></form>
    """
  }

  /// Links to the nearest earlier and later days that have reports.
  private func neighbours(of day: String) throws -> String {
    let days = DayNeighbours(engine: try store.queries.queryEngine())
    var links: [String] = []
    if let previous = try days.nearest(to: day, earlier: true) {
      links.append("<a rel=\"prev\" href=\"\(BrowseLinks.day(previous))\">← \(previous)</a>")
    }
    if let next = try days.nearest(to: day, earlier: false) {
      links.append("<a rel=\"next\" href=\"\(BrowseLinks.day(next))\">\(next) →</a>")
    }
    return "<nav class=\"pager\" aria-label=\"Days\">\(links.joined(separator: " "))</nav>"
  }

  private func summary(_ count: Int, day: String) -> String {
    let noun = count == 1 ? "1 report" : "\(DisplayNumber.grouped(count)) reports"
    let link = "<a href=\"\(BrowseLinks.query(BrowseLinks.dayQuery(day)))\">as a query</a>"
    guard count > 0 else { return "<p id=\"count\">No reports on this day (\(link)).</p>" }
    return "<p id=\"count\">\(noun), oldest first (\(link)).</p>"
  }
}

/// The days with reports nearest a day, found with the query language's `before` and `after`,
/// which read days as `on` does: in each report's own offset.
///
/// Records come in time order, and a later instant can be an earlier local day (23:30 −05:00
/// is later than 00:30 +01:00 the next day). Offsets lie within ±14 hours, so the report
/// nearest in time is at most a day or so from the nearest day, and the few reports between
/// the two are read to find it.
private struct DayNeighbours {
  let engine: QueryEngine

  /// The newest local day with a report.
  func newest() throws -> String? {
    guard let newest = try engine.records(try engine.plan("reports"), limit: 1).first else {
      return nil
    }
    return try days("reports where after \(Self.localDay(newest))", with: newest).max()
  }

  /// The nearest day before `day` (or after it) with a report.
  func nearest(to day: String, earlier: Bool) throws -> String? {
    let plan = try engine.plan("reports where \(earlier ? "before" : "after") \(day)")
    let count = try engine.count(plan)
    // Newest first: the newest before the day is the first, the oldest after it the last.
    guard count > 0,
      let found = try engine.records(plan, limit: 1, offset: earlier ? 0 : count - 1).first
    else { return nil }
    let near = Self.localDay(found)
    let between =
      earlier
      ? "reports where after \(near) and before \(day)"
      : "reports where after \(day) and before \(near)"
    let days = try self.days(between, with: found)
    return earlier ? days.max() : days.min()
  }

  /// The local days of the reports `expression` selects, and of `record`.
  private func days(_ expression: String, with record: QueryRecord) throws -> [String] {
    try engine.records(try engine.plan(expression)).map(Self.localDay) + [Self.localDay(record)]
  }

  static func localDay(_ record: QueryRecord) -> String {
    CivilTime(milliseconds: record.start.milliseconds, offsetSeconds: record.offsetSeconds)
      .dateText
  }
}

/// How `dispatch reports show` shows a report: answers in the questions' order, measures in
/// the user's units. Read once a page.
private struct Shown {
  let order: [String: Int]
  let units: UnitSystem

  init(store: DispatchStore) throws {
    order = Dictionary(
      try store.questions.list().map { ($0.id, $0.sortOrder) }, uniquingKeysWith: { a, _ in a })
    // The setting, else the locale `dispatch serve` runs in, as the command line reads it.
    units = try ScheduleSettings.load(from: store)
      .units(environment: ProcessInfo.processInfo.environment)
  }

  /// One report: its time and kind, every answer (skips included, as `dispatch reports show`
  /// lists them), its context, and a link to a query selecting it.
  func article(_ report: Report) -> String {
    let local = report.localTime
    let offset = offsetDesignator(seconds: report.utcOffsetSeconds)
    let answers = ordered(report.responses).map { response in
      let answer =
        response.isSkipped
        ? "<span class=\"hint\">skipped</span>" : HTML.text(response.summary)
      return "<dt>\(HTML.text(response.questionPrompt))</dt><dd>\(answer)</dd>"
    }.joined()
    let context = report.context.displayLines(units: units).map {
      "<li>\(HTML.text($0))</li>"
    }.joined()
    let query = BrowseLinks.query(BrowseLinks.reportQuery(report))
    return """
      <article class="report" id="report-\(HTML.attribute(report.id))">
      <h2><time datetime="\(HTML.attribute(report.date.iso8601))">\(local.clockText)</time> \
      <span class="hint">\(offset) · \(HTML.text(report.kind.rawValue))</span></h2>
      \(answers.isEmpty ? "" : "<dl class=\"answers\">\(answers)</dl>")
      \(context.isEmpty ? "" : "<h3>Context</h3><ul class=\"context\">\(context)</ul>")
      <p class="hint"><a href="\(query)">This report as a query</a></p>
      </article>
      """
  }

  /// Responses in the order of their questions, then by prompt.
  private func ordered(_ responses: [Response]) -> [Response] {
    responses.sorted {
      (order[$0.questionID ?? ""] ?? Int.max, $0.questionPrompt)
        < (order[$1.questionID ?? ""] ?? Int.max, $1.questionPrompt)
    }
  }
}
