import DispatchCore
import DispatchServices
import DispatchStorage
import DispatchSupport
import Foundation

/// The explorer's pages behind the paired session (docs/serve.md#the-explorer): the query page
/// and what its forms change (saving, pinning, removing queries), the graph builder, the
/// dashboard and the Browse pages (days, search, people, places). Every POST needs the page's
/// CSRF token and the same origin, as the survey's forms do.
struct ExplorerRoutes {
  let store: DispatchStore
  let csrf: String
  let origin: WebOrigin
  /// The session's secret, to check a form's CSRF token against.
  let session: String
  /// The clock "the last 30 days" counts back from.
  let environment: RunEnvironment

  static let actions = [
    "/query/save", "/query/pin", "/query/unpin", "/query/remove", "/query/move", "/graph/save",
    "/graph/remove",
  ]

  static func isPage(_ path: String) -> Bool {
    ["/query", "/query/types", "/graph", "/dashboard", "/dashboard/export"].contains(path)
      || actions.contains(path) || BrowseLinks.pages.contains { $0.path == path }
  }

  /// The page `request` asks for, or nil when it is not one of the explorer's.
  func respond(to request: ServerRequest) throws -> ServerResponse? {
    switch (request.method, request.path) {
    case ("GET", "/query"):
      return try QueryPage(store: store, csrf: csrf).respond(to: request)
    case ("GET", "/graph"):
      return try GraphPage(store: store, csrf: csrf).respond(to: request)
    case ("GET", "/dashboard"):
      return try DashboardWebPage(store: store, environment: environment, csrf: csrf).respond(
        to: request)
    case ("GET", "/dashboard/export"):
      return try DashboardWebPage(store: store, environment: environment, csrf: csrf).export(
        request)
    case ("GET", "/query/types"):
      return try QueryTypesPage.response(store: store)
    case ("GET", "/day"):
      return try BrowseDayPage(store: store).respond(to: request)
    case ("GET", "/search"):
      return try BrowseSearchPage(store: store).respond(to: request)
    case ("GET", "/people"):
      return try BrowsePeoplePages(store: store).people()
    case ("GET", "/places"):
      return try BrowsePeoplePages(store: store).places()
    case ("POST", let path) where Self.actions.contains(path):
      let form = FormBody(request.body)
      guard origin.isSameOrigin(request), WebSession.csrfMatches(form["csrf"], session: session)
      else {
        return WebPage.message(
          403, title: "Refused",
          paragraphs: ["The form was not sent by this page (its CSRF token is missing or wrong)."])
      }
      return try act(path, form: form)
    case (_, let path) where Self.isPage(path):
      return WebPage.message(405, title: "Not allowed", paragraphs: ["Use the page's buttons."])
    default:
      return nil
    }
  }

  /// Saves, pins, unpins, moves or removes a query, then shows the query page again; saves or
  /// removes a graph, then shows the dashboard that draws the saved graphs.
  private func act(_ path: String, form: FormBody) throws -> ServerResponse {
    let name = (form["name"] ?? "").trimmingCharacters(in: .whitespaces)
    if path.hasPrefix("/graph/") { return try actOnGraph(path, name: name, form: form) }
    var expression = form["q"] ?? ""
    do {
      switch path {
      case "/query/save":
        try store.queries.saveQuery(name: name, expression: expression)
      case "/query/remove":
        try store.queries.removeSavedQuery(name)
      case "/query/move":
        guard let position = Int(form["position"] ?? "") else {
          throw DispatchError(.invalidValue, "position must be a whole number, 1 for the top")
        }
        try store.queries.movePinnedQuery(name, to: position)
      default:
        try store.queries.setQueryPinned(name, path == "/query/pin")
        if expression.isEmpty { expression = try store.queries.savedQuery(named: name).expression }
      }
    } catch let diagnostic as QueryDiagnostic {
      return WebPage.message(
        400, title: "Not saved",
        paragraphs: [HTML.text(diagnostic.rendered(source: expression))])
    }
    let location =
      expression.isEmpty ? "/query" : "/query?q=" + QueryPage.percentEncoded(expression)
    return ServerResponse(status: 303, headers: ["Location": location])
  }

  private func actOnGraph(_ path: String, name: String, form: FormBody) throws -> ServerResponse {
    do {
      if path == "/graph/save" {
        let request = try GraphRequest(parameters: URLText.parameters(form["parameters"] ?? ""))
        try SavedGraphs.save(store, name: name, request: request)
      } else {
        try store.queries.removeSavedGraph(name)
      }
    } catch let diagnostic as QueryDiagnostic {
      return WebPage.message(
        400, title: "Not saved", paragraphs: [HTML.text(diagnostic.description)])
    }
    return ServerResponse(status: 303, headers: ["Location": "/dashboard"])
  }
}
