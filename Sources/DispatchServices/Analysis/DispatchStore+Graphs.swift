import DispatchAnalytics
import DispatchCore
import DispatchStorage
import DispatchSupport

/// Graph data from the store: the records a query selects, as samples of one attribute.
extension DispatchStore {
  /// What a graph of one record type draws.
  public struct GraphData: Sendable {
    /// The record type's name (`mood`) and plural (`moods`).
    public var typeName: String
    public var typePlural: String
    /// The attribute drawn, nil when the graph counts records.
    public var attribute: QueryAttribute?
    public var samples: [GraphSample]
  }

  /// The records `query` selects (`mood`, `mood where rating <= 3`, `heart rate`) with the
  /// values of `attribute` (default: the type's main value, or none when counting).
  /// - Throws: the query's diagnostic; an unknown attribute with the type's attributes.
  public func graphData(query: String, attribute: String?, counting: Bool = false) throws
    -> GraphData
  {
    let engine = try queryEngine()
    let plan = try engine.plan(query)
    let type = plan.type
    var chosen: QueryAttribute?
    if let attribute {
      guard let found = engine.attribute(attribute, of: type) else {
        let names = type.attributes.map(\.name) + type.families.map { "\($0.name)(\"…\")" }
        let closest = Suggestion.closest(to: attribute, in: type.attributes.map(\.name))
        let hint =
          closest.map { "did you mean '\($0)'?" }
          ?? "\(type.plural) have: " + names.joined(separator: ", ")
        throw DispatchError(
          .unknownReference, "\(type.plural) have no attribute '\(attribute)'; \(hint)")
      }
      chosen = found
    } else if !counting, let main = type.mainValue {
      chosen = type.attribute(named: main)
    }
    let missing = try missingQueryIndexes(for: plan)
    if !missing.isEmpty { try buildQueryIndexes(missing) }
    return GraphData(
      typeName: type.name, typePlural: type.plural, attribute: chosen,
      samples: try engine.samples(plan, attribute: chosen))
  }
}
