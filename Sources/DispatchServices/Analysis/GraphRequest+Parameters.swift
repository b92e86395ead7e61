import DispatchAnalytics
import DispatchCore
import DispatchRender
import DispatchSupport
import Foundation

extension GraphRequest {
  /// The graph `parameters` ask for, named as `GET /graph` and `/api/v1/graph` take them: `q`
  /// (the records), `y`, `per`, `agg` (comma-separated), `kind`, `vs`, `vs-y`, `vs-agg`. A saved
  /// graph is kept in the same form.
  ///
  /// - Throws: ``DispatchError`` `.invalidValue` naming the parameter that is wrong.
  public init(parameters: [String: String]) throws(DispatchError) {
    func value(_ name: String) -> String? {
      guard let text = parameters[name], !text.trimmingCharacters(in: .whitespaces).isEmpty
      else { return nil }
      return text
    }
    guard let query = value("q") else {
      throw DispatchError(.invalidValue, "give the query as q=, e.g. q=mood")
    }
    self.init(query: query)
    attribute = value("y")
    if let name = value("per") {
      guard let grouping = GraphGrouping(name: name) else {
        throw DispatchError(
          .invalidValue,
          "per must be one of \(GraphGrouping.names.joined(separator: ", ")), not '\(name)'")
      }
      self.grouping = grouping
    }
    if let names = value("agg") {
      var chosen: [GraphAggregation] = []
      for name in names.split(separator: ",") {
        chosen.append(
          try Self.aggregation(String(name).trimmingCharacters(in: .whitespaces), "agg"))
      }
      aggregations = chosen
    }
    if let name = value("kind") {
      guard let kind = ChartSpec.GraphKind(rawValue: name.lowercased()) else {
        throw DispatchError(.invalidValue, "kind must be line, bar or scatter, not '\(name)'")
      }
      self.kind = kind
    }
    pairedQuery = value("vs")
    pairedAttribute = value("vs-y")
    if let name = value("vs-agg") { pairedAggregation = try Self.aggregation(name, "vs-agg") }
  }

  /// The parameters that ask for this graph again, in a fixed order.
  public var parameters: [(String, String)] {
    var pairs: [(String, String)] = [("q", query)]
    if let attribute { pairs.append(("y", attribute)) }
    if let grouping { pairs.append(("per", grouping.description)) }
    if !aggregations.isEmpty {
      pairs.append(("agg", aggregations.map(\.rawValue).joined(separator: ",")))
    }
    if let kind { pairs.append(("kind", kind.rawValue)) }
    if let pairedQuery { pairs.append(("vs", pairedQuery)) }
    if let pairedAttribute { pairs.append(("vs-y", pairedAttribute)) }
    if let pairedAggregation { pairs.append(("vs-agg", pairedAggregation.rawValue)) }
    return pairs
  }

  /// ``parameters`` as a query string: `q=heart%20rate&per=week`.
  public var parameterText: String { URLText.query(parameters) }

  private static func aggregation(_ name: String, _ parameter: String) throws(DispatchError)
    -> GraphAggregation
  {
    guard let aggregation = GraphAggregation(rawValue: name.lowercased()) else {
      let names = GraphAggregation.allCases.map(\.rawValue).joined(separator: ", ")
      throw DispatchError(.invalidValue, "\(parameter) must be one of \(names), not '\(name)'")
    }
    return aggregation
  }
}
