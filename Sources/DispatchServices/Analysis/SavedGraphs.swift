import DispatchAnalytics
import DispatchCore
import DispatchRender
import DispatchStorage
import DispatchSupport

/// Graphs kept under a name for the dashboard (docs/charts.md#saved-graphs): saved from the
/// graph page or `dispatch graph --save NAME`, drawn on `dispatch dashboard`'s page and the
/// served dashboard with the command that draws each.
public enum SavedGraphs {
  /// Saves `request` as `name` once it draws: a query that does not parse or an attribute the
  /// type lacks is refused with its diagnostic, and nothing is saved.
  public static func save(_ store: DispatchStore, name: String, request: GraphRequest) throws {
    _ = try GraphService(store: store).graph(request)
    try store.queries.saveGraph(name: name, parameters: request.parameterText)
  }

  /// Every saved graph drawn now, in the order they were saved; one that no longer draws (a
  /// question renamed) carries its reason instead of a chart.
  public static func drawn(_ store: DispatchStore) throws -> [DashboardData.SavedGraphChart] {
    try store.queries.savedGraphs().map { saved in
      let request: GraphRequest
      do {
        request = try GraphRequest(parameters: URLText.parameters(saved.parameters))
      } catch let error as DispatchError {
        return .init(
          name: saved.name, command: "", parameters: saved.parameters, chart: nil,
          problem: error.message)
      }
      let command = request.commandLine
      do {
        let graph = try GraphService(store: store).graph(request)
        return .init(
          name: saved.name, command: command, parameters: saved.parameters, chart: graph.chart,
          problem: graph.chart == nil ? graph.emptyReason ?? "Nothing to draw." : nil)
      } catch let diagnostic as QueryDiagnostic {
        return .init(
          name: saved.name, command: command, parameters: saved.parameters, chart: nil,
          problem: diagnostic.rendered(source: request.query))
      } catch let error as DispatchError {
        return .init(
          name: saved.name, command: command, parameters: saved.parameters, chart: nil,
          problem: error.message)
      }
    }
  }
}
