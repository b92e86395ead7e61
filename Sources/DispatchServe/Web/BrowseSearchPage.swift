import DispatchCore
import DispatchStorage
import Foundation

/// `/search?q=TEXT` (docs/serve.md#the-explorer, docs/search.md): what `dispatch search TEXT`
/// finds, with the same syntax, ranking and limit (best first, 20), each result with its date,
/// what kind of record and which answer matched, and the matching words marked. A dated
/// result links to its day.
struct BrowseSearchPage {
  let store: DispatchStore

  func respond(to request: ServerRequest) throws -> ServerResponse {
    guard let text = ExploreRoutes.nonEmpty("q", request) else { return page(form("")) }
    let query = SearchQuery(parsing: text)
    guard !query.isEmpty else {
      let message = "q has nothing to search for; give a word, e.g. coffee"
      return page(form(text) + BrowseLinks.problem(message), title: "Search", status: 400)
    }
    // The options `dispatch search` runs without flags: best first, at most 20.
    let results = try store.search.run(query, options: SearchOptions())
    var body = form(text)
    if results.isEmpty {
      body += "<p id=\"count\">Nothing matches.</p>"
    } else {
      let count = results.count == 1 ? "1 result" : "\(results.count) results"
      body += "<p id=\"count\">\(count), best first.</p>"
      body += "<ol class=\"results found\">\(results.map(Self.item).joined(separator: "\n"))</ol>"
    }
    return page(body, title: "Search: \(text)")
  }

  private func page(_ body: String, title: String = "Search", status: Int = 200)
    -> ServerResponse
  {
    WebPage.response(
      status, title: title,
      body: "<h1>Search</h1>" + BrowseLinks.nav(current: "/search") + body, wide: true)
  }

  private func form(_ text: String) -> String {
    """
    <form method="get" action="/search" class="range-form" id="search-form" role="search">
    <label for="b-q">Words</label>
    <input type="search" id="b-q" name="q" value="\(HTML.attribute(text))" \
    placeholder="coffee, &quot;long walk&quot; -rain" autocomplete="off">
    <button type="submit">Search</button></form>
    """
  }

  /// One result: when and what it is, linked to its day (or, undated, to its page), then each
  /// matching text with where it was found.
  static func item(_ result: SearchResult) -> String {
    let kind = HTML.text(result.recordType.rawValue)
    var heading: String
    if let date = result.localDateText {
      let day = String(date.prefix(10))
      let anchor =
        result.recordType == .report ? "#report-" + QueryPage.percentEncoded(result.recordID) : ""
      heading =
        "<a href=\"\(BrowseLinks.day(day))\(HTML.attribute(anchor))\">"
        + "\(HTML.text(QueryValueText.readable(date)))</a> · \(kind)"
    } else {
      let page = [SearchRecordType.person: "/people", .place: "/places"][result.recordType]
      heading = page.map { "<a href=\"\($0)\">\(kind)</a>" } ?? kind
    }
    let matches = result.matches.map { match in
      let place = match.question ?? (result.recordType == .report ? "where it was filed" : nil)
      let label = place.map { "<span class=\"hint\">\(HTML.text($0)):</span> " } ?? ""
      return "<li>\(label)\(marked(match.snippet))</li>"
    }.joined()
    return "<li><p>\(heading)</p><ul class=\"matches\">\(matches)</ul></li>"
  }

  /// The snippet with its matches in `<mark>`. The command line puts « » around them; here the
  /// text of each run is escaped on its own, so neither markup nor a « written in an answer
  /// can pass for a match.
  static func marked(_ snippet: SearchSnippet) -> String {
    snippet.segments.map {
      $0.isMatch ? "<mark>\(HTML.text($0.text))</mark>" : HTML.text($0.text)
    }.joined()
  }
}
