import DispatchStorage
import Foundation

/// `/query/types`: what `dispatch query types` lists, every record type with its attributes and
/// the questions, metrics and names the families take, so a query can be written from the page.
enum QueryTypesPage {
  static func response(store: DispatchStore) throws -> ServerResponse {
    let engine = try store.queries.queryEngine()
    let sections = engine.registry.types.map { type in
      let attributes = type.attributes.map { attribute in
        "<tr><td><code>\(HTML.text(attribute.name))</code></td><td>\(HTML.text(attribute.kind.name))</td>"
          + "<td>\(HTML.text(attribute.summary))</td></tr>"
      }.joined()
      let families = type.families.map { family in
        let names = family.candidates.prefix(40).map {
          "<code>\(HTML.text(family.name))(\"\(HTML.text($0))\")</code>"
        }.joined(separator: " ")
        return "<p>\(HTML.text(family.summary)): \(names)</p>"
      }.joined()
      return """
        <section id="type-\(HTML.attribute(type.name.replacingOccurrences(of: " ", with: "-")))">\
        <h2>\(HTML.text(type.name))</h2><p>\(HTML.text(type.summary))</p>
        <div class="table-wrap"><table><thead><tr><th scope="col">attribute</th>\
        <th scope="col">kind</th><th scope="col">meaning</th></tr></thead><tbody>\(attributes)\
        </tbody></table></div>\(families)</section>
        """
    }
    return WebPage.response(
      title: "Types and attributes",
      body: "<h1>Types and attributes</h1><p><a href=\"/query\">Back to the query</a></p>"
        + sections.joined(separator: "\n"), wide: true)
  }
}
