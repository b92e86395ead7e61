import DispatchCore
import Foundation

/// What the Browse pages (`/day`, `/search`, `/people`, `/places`; docs/serve.md#the-explorer)
/// share: their links to one another, and the queries their figures link to. A number on these
/// pages links to a query of the query language (docs/query-language.md) that selects the
/// records behind it, so `/query` can show those records and count them again.
enum BrowseLinks {
  static let pages: [(path: String, title: String)] = [
    ("/day", "Days"), ("/search", "Search"), ("/people", "People"), ("/places", "Places"),
  ]

  /// The links between the Browse pages; `current` is marked for assistive technology.
  static func nav(current: String) -> String {
    let links = pages.map { page in
      let marked = page.path == current ? " aria-current=\"page\"" : ""
      return "<a href=\"\(page.path)\"\(marked)>\(page.title)</a>"
    }
    return
      "<nav class=\"ranges browse\" aria-label=\"Browse\">\(links.joined(separator: " "))</nav>"
  }

  /// The page's one-line problem, as the dashboard shows its own.
  static func problem(_ message: String) -> String {
    "<p class=\"problem\" role=\"alert\">\(HTML.text(message))</p>"
  }

  /// `href` of the query page running `expression`, escaped for an attribute.
  static func query(_ expression: String) -> String { "/query?q=" + QueryPage.encoded(expression) }

  /// `href` of the day page of `day` (`YYYY-MM-DD`), escaped for an attribute.
  static func day(_ day: String) -> String { "/day?date=" + QueryPage.encoded(day) }

  /// `text` as a string of the query language: in double quotes, `"` and `\` escaped.
  static func quoted(_ text: String) -> String {
    let escaped = text.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\"", with: "\\\"")
    return "\"" + escaped + "\""
  }

  /// The filed reports of a local day, each read in its own offset: the reports
  /// `dispatch reports list --from DAY --to DAY` lists.
  static func dayQuery(_ day: String) -> String { "reports where on \(day)" }

  /// One report. Reports have no ID attribute, so the query names its instant, exact to the
  /// millisecond, which only another report filed in the same millisecond shares.
  static func reportQuery(_ report: Report) -> String {
    "reports where time = \(report.date.iso8601)"
  }

  /// The reports whose answer to one of `prompts` (the people questions) names the person
  /// `name` stands for, under any of their names: the answers a person's mentions count.
  static func personQuery(_ name: String, prompts: [String]) -> String? {
    guard !prompts.isEmpty else { return nil }
    return "reports where "
      + prompts.map { "\(quoted(name)) in answer(\(quoted($0)))" }.joined(separator: " or ")
  }

  /// The reports whose answer to the location question `prompt` is the place `name`.
  static func placeQuery(_ name: String, prompt: String) -> String {
    "reports where answer(\(quoted(prompt))) = \(quoted(name))"
  }
}
