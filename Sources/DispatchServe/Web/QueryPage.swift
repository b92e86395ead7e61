import DispatchCore
import DispatchStorage
import DispatchSupport
import Foundation

/// `/query` (docs/serve.md#the-explorer): a box for the query language, its count, its
/// diagnostic with the caret, `--explain` as a panel, `--why` for a row, results a page at a
/// time with CSV and JSON downloads, and the saved and pinned queries. A plain GET form that
/// works without JavaScript; `explore.js` adds the count and the diagnostic as one types.
struct QueryPage {
  let store: DispatchStore
  /// The session's CSRF token, put into every form that changes something.
  let csrf: String
  static let pageSize = 50

  func respond(to request: ServerRequest) throws -> ServerResponse {
    let expression = ExploreRoutes.nonEmpty("q", request)
    let page = min(max(Int(request.query["page"] ?? "") ?? 1, 1), 10_000)
    var sections: [String] = []
    var status = 200
    if let expression {
      do {
        let (engine, plan) = try ExploreRoutes.planned(expression, store: store)
        if let id = ExploreRoutes.nonEmpty("why", request) {
          sections.append(Self.why(try engine.why(plan, id: id), expression: expression))
        }
        if ExploreRoutes.flag("explain", request) {
          sections.append(Self.explanation(try engine.explain(plan)))
        }
        let count = try engine.count(plan)
        let records = try engine.records(
          plan, limit: Self.pageSize, offset: (page - 1) * Self.pageSize)
        sections.append(Self.results(records, count: count, plan: plan, page: page, expression))
      } catch let diagnostic as QueryDiagnostic {
        status = 400
        sections.insert(Self.diagnostic(diagnostic, source: expression), at: 0)
      }
    }
    let body = """
      <h1>Query</h1>
      \(form(expression ?? ""))
      \(sections.joined(separator: "\n"))
      \(try saved(current: expression))
      """
    return WebPage.response(
      status, title: expression.map { "Query: \($0)" } ?? "Query", body: body, wide: true,
      scripts: ["/explore.js"])
  }

  private func form(_ expression: String) -> String {
    """
    <form method="get" action="/query" id="query-form" class="query">
    <label for="q">Query, e.g. <code>mood where rating &lt;= 4 and in last 30 days</code></label>
    <textarea id="q" name="q" rows="2" spellcheck="false" autocapitalize="off" \
    autocomplete="off" aria-describedby="query-status">\(HTML.text(expression))</textarea>
    <p id="query-status" class="hint" role="status" aria-live="polite"></p>
    <div class="actions"><button type="submit" class="primary">Run</button>
    <button type="submit" name="explain" value="1">Explain</button>
    <a class="button" href="/query/types">Types and attributes</a></div>
    </form>
    """
  }

  static func diagnostic(_ diagnostic: QueryDiagnostic, source: String) -> String {
    """
    <pre class="problem diagnostic" role="alert" id="diagnostic">\(HTML.text(diagnostic.rendered(source: source)))</pre>
    """
  }

  private static func results(
    _ records: [QueryRecord], count: Int, plan: QueryPlan, page: Int, _ expression: String
  ) -> String {
    let type = plan.type
    let noun = count == 1 ? type.name : type.plural
    let first = (page - 1) * pageSize + 1
    var summary =
      "\(DisplayNumber.grouped(count)) \(HTML.text(noun)) match"
      + (count == 1 ? "es" : "")
    if count > pageSize && !records.isEmpty {
      summary += "; \(first)–\(first + records.count - 1) shown, newest first"
    }
    let encoded = Self.encoded(expression)
    let downloads = """
      <a href="/api/v1/query?q=\(encoded)&amp;limit=10000&amp;format=csv" download>CSV</a> \
      <a href="/api/v1/query?q=\(encoded)&amp;limit=10000">JSON</a>
      """
    guard !records.isEmpty else {
      return "<section class=\"results\"><p id=\"count\">\(summary).</p></section>"
    }
    let hasEnd = type.end != nil
    let header =
      "<th scope=\"col\">time</th>" + (hasEnd ? "<th scope=\"col\">end</th>" : "")
      + type.columns.map { "<th scope=\"col\">\(HTML.text($0))</th>" }.joined()
      + "<th scope=\"col\"><span class=\"sr\">why</span></th>"
    let rows = records.map { record in
      "<tr><td>\(HTML.text(display(record.localStart)))</td>"
        + (hasEnd ? "<td>\(HTML.text(record.localEnd.map(display) ?? ""))</td>" : "")
        + record.fields.map { "<td>\(HTML.text($0.text))</td>" }.joined()
        + "<td><a href=\"/query?q=\(encoded)&amp;why=\(Self.encoded(record.id))\" "
        + "title=\"Why does this record match?\">why</a></td></tr>"
    }.joined(separator: "\n")
    var pager: [String] = []
    if page > 1 {
      pager.append("<a rel=\"prev\" href=\"/query?q=\(encoded)&amp;page=\(page - 1)\">Newer</a>")
    }
    if page * pageSize < count {
      pager.append("<a rel=\"next\" href=\"/query?q=\(encoded)&amp;page=\(page + 1)\">Older</a>")
    }
    return """
      <section class="results"><p id="count">\(summary). Download: \(downloads)</p>
      <div class="table-wrap"><table><thead><tr>\(header)</tr></thead><tbody>
      \(rows)
      </tbody></table></div>
      <nav class="pager" aria-label="Pages">\(pager.joined(separator: " "))</nav></section>
      """
  }

  /// The explanation's tree as nested lists, each condition with its own count.
  static func explanation(_ explanation: QueryExplanation) -> String {
    var html = "<section class=\"explain\"><h2>\(HTML.text(explanation.text))</h2>"
    html += "<p>\(DisplayNumber.grouped(explanation.total)) \(HTML.text(explanation.plural)) in "
    html += "the store; \(DisplayNumber.grouped(explanation.matched)) match.</p>"
    if let root = explanation.root { html += "<ul class=\"tree\">" + treeNode(root) + "</ul>" }
    if explanation.steps.count > 1 {
      html += "<p>As the conditions combine:</p><ol>"
      html += explanation.steps.map {
        "<li>and \(HTML.text($0.text)) → \(DisplayNumber.grouped($0.combined))</li>"
      }.joined()
      html += "</ol>"
    }
    if let emptied = explanation.emptiedBy {
      html += "<p class=\"problem\">Nothing is left after: \(HTML.text(emptied))</p>"
    }
    return html + "</section>"
  }

  private static func treeNode(_ node: QueryExplanation.Node) -> String {
    let label = ["and", "or", "not"].contains(node.kind) ? node.kind.uppercased() : node.text
    var html =
      "<li><span class=\"cond\">\(HTML.text(label))</span> "
      + "<span class=\"n\">\(DisplayNumber.grouped(node.count))</span>"
    if let note = node.note { html += " <span class=\"hint\">(\(HTML.text(note)))</span>" }
    if !node.children.isEmpty {
      html += "<ul>" + node.children.map(treeNode).joined() + "</ul>"
    }
    if let target = node.target { html += explanation(target) }
    return html + "</li>"
  }

  static func why(_ why: QueryWhy, expression: String) -> String {
    let record = why.record
    let leaves = why.leaves.map { leaf in
      "<li class=\"\(leaf.met ? "met" : "unmet")\"><span aria-hidden=\"true\">\(leaf.met ? "✓" : "✗")</span> "
        + "<span class=\"sr\">\(leaf.met ? "met" : "not met"):</span> \(HTML.text(leaf.text)) "
        + "<span class=\"hint\">(\(HTML.text(leaf.detail)))</span></li>"
    }.joined()
    return """
      <section class="why" id="why"><h2>\(HTML.text(record.type)) of \(HTML.text(display(record.localStart))): \
      \(why.matches ? "matches" : "does not match")</h2><ul>\(leaves)</ul></section>
      """
  }

  /// Saved queries, pinned first with their counts, each with its actions; and a form that
  /// saves the current query.
  private func saved(current: String?) throws -> String {
    let pinned = Dictionary(
      try store.queries.pinnedQuerySummaries().map { ($0.query.name, $0) },
      uniquingKeysWith: { first, _ in first })
    let all = try store.queries.savedQueries()
    let pinnedCount = all.filter(\.isPinned).count
    let rows = all.enumerated().map { index, query in
      let name = HTML.attribute(query.name)
      var figure = ""
      if let summary = pinned[query.name] {
        figure =
          summary.problem.map { " <span class=\"problem\">\(HTML.text($0.description))</span>" }
          ?? " <span class=\"n\">\(summary.count)</span>"
          + (summary.latest.map {
            " <span class=\"hint\">latest \(HTML.text(Self.display($0.localStart)))</span>"
          } ?? "")
      }
      let toggle = query.isPinned ? "unpin" : "pin"
      return """
        <li>\(query.isPinned ? "<span aria-label=\"pinned\">📌</span> " : "")\
        <a href="/query?q=\(Self.encoded(query.expression))">\(HTML.text(query.name))</a>\(figure) \
        <code>\(HTML.text(query.expression))</code>
        <form method="post" action="/query/\(toggle)" class="inline">\(hidden("csrf", csrf))\
        <input type="hidden" name="name" value="\(name)"><button type="submit">\(toggle == "pin" ? "Pin" : "Unpin")</button></form>
        \(query.isPinned ? moves(query.name, position: index + 1, of: pinnedCount) : "")\
        <form method="post" action="/query/remove" class="inline">\(hidden("csrf", csrf))\
        <input type="hidden" name="name" value="\(name)"><button type="submit">Remove</button></form></li>
        """
    }
    let save =
      current.map { expression in
        """
        <form method="post" action="/query/save" class="row save">\(hidden("csrf", csrf))\
        \(hidden("q", expression))<label for="save-name">Save as</label>\
        <input type="text" id="save-name" name="name" required autocomplete="off">\
        <button type="submit">Save</button></form>
        """
      } ?? ""
    let list =
      rows.isEmpty
      ? "<p class=\"hint\">No saved queries yet.</p>" : "<ul class=\"saved\">\(rows.joined())</ul>"
    return "<section class=\"saved-queries\"><h2>Saved queries</h2>\(save)\(list)</section>"
  }

  /// "Up" and "Down" for the pinned query at `position` (1 is the top) of `count`: forms that
  /// move it one place, as `dispatch query move NAME N`.
  private func moves(_ name: String, position: Int, of count: Int) -> String {
    [("Up", position - 1), ("Down", position + 1)].filter { (1...count).contains($0.1) }.map {
      label, target in
      """
      <form method="post" action="/query/move" class="inline">\(hidden("csrf", csrf))\
      \(hidden("name", name))\(hidden("position", String(target)))\
      <button type="submit" aria-label="Move \(HTML.attribute(name)) \(label.lowercased())">\(label)</button></form>
      """
    }.joined()
  }

  private func hidden(_ name: String, _ value: String) -> String {
    "<input type=\"hidden\" name=\"\(HTML.attribute(name))\" value=\"\(HTML.attribute(value))\">"
  }

  private static func display(_ iso: String) -> String { QueryValueText.readable(iso) }

  /// `text` percent-encoded for a query parameter inside an attribute.
  static func encoded(_ text: String) -> String { HTML.attribute(percentEncoded(text)) }

  /// `text` percent-encoded for a query parameter: only unreserved characters stay.
  static func percentEncoded(_ text: String) -> String { URLText.percentEncoded(text) }
}
