import DispatchAnalytics
import DispatchCore
import DispatchStorage
import Foundation

/// `/people` and `/places` (docs/serve.md#the-explorer): who and where the answers name, with
/// the counts the command line prints, each linking to the query that selects the reports
/// behind the count.
struct BrowsePeoplePages {
  let store: DispatchStore

  /// Everyone in the registry with their mentions, as `dispatch people` lists them: most
  /// mentioned first, then by name.
  func people() throws -> ServerResponse {
    let people = try store.people.listByMentions()
    let prompts = try store.questions.list().filter { $0.type == .people }.map(\.prompt)
    guard !people.isEmpty else {
      return page("People", "<p>Nobody yet: people answers add them to the registry.</p>")
    }
    let rows = people.map { person in
      let name = HTML.text(person.displayName)
      let link =
        BrowseLinks.personQuery(person.displayName, prompts: prompts).map {
          "<a href=\"\(BrowseLinks.query($0))\">\(name)</a>"
        } ?? name
      return "<tr><td>\(link)</td><td class=\"n\">\(person.usageCount)</td>"
        + "<td>\(HTML.text(person.alternateNames.joined(separator: ", ")))</td></tr>"
    }
    let table = Self.table(
      ["Name", "Mentions", "Also known as"], rows, id: "people",
      caption: "A mention is a name in an answer to a people question.")
    return page("People", table)
  }

  /// The places each location question was answered with, as `dispatch chart QUESTION`
  /// counts them (`VisualizationData`): the 20 most frequent of each question.
  func places() throws -> ServerResponse {
    let questions = try store.questions.list().filter { $0.type == .location }
    guard !questions.isEmpty else {
      return page("Places", "<p>No question asks where you are.</p>")
    }
    let reports = try store.reports.list()
    let people = try store.people.list()
    let sections = questions.map { question in
      var html = "<section class=\"places\"><h2>\(HTML.text(question.prompt))</h2>"
      let series = VisualizationData.build(question: question, reports: reports, people: people)
      guard case .places(let entries, let distinct) = series, !entries.isEmpty else {
        return html + "<p>Not answered yet.</p></section>"
      }
      let rows = entries.map { entry in
        let name = HTML.text(entry.value)
        let query = BrowseLinks.placeQuery(entry.value, prompt: question.prompt)
        // A venue answered without a name is counted as "Unknown place"; no query names it.
        let link =
          entry.value == "Unknown place"
          ? name : "<a href=\"\(BrowseLinks.query(query))\">\(name)</a>"
        return "<tr><td>\(link)</td><td class=\"n\">\(entry.count)</td></tr>"
      }
      let shown =
        distinct > entries.count
        ? "The \(entries.count) most frequent of \(distinct) places." : "Every place answered."
      html += Self.table(["Place", "Reports"], rows, id: nil, caption: shown)
      return html + "</section>"
    }
    return page("Places", sections.joined(separator: "\n"))
  }

  private func page(_ title: String, _ body: String) -> ServerResponse {
    WebPage.response(
      title: title,
      body: "<h1>\(title)</h1>" + BrowseLinks.nav(current: "/" + title.lowercased()) + body,
      wide: true)
  }

  private static func table(_ headers: [String], _ rows: [String], id: String?, caption: String)
    -> String
  {
    let header = headers.map { "<th scope=\"col\">\($0)</th>" }.joined()
    return """
      <p class="hint">\(HTML.text(caption))</p>
      <div class="table-wrap"><table\(id.map { " id=\"\($0)\"" } ?? "")><thead><tr>\(header)</tr></thead><tbody>
      \(rows.joined(separator: "\n"))
      </tbody></table></div>
      """
  }
}
