import DispatchAnalytics
import DispatchCore
import DispatchRender
import DispatchStorage

/// What to graph: the records of a query, one attribute, grouped and aggregated, optionally
/// paired with a second query grouped the same way (`dispatch graph`, docs/charts.md).
public struct GraphRequest: Sendable {
  public var query: String
  /// The attribute drawn; nil: the type's main value (none when only counting).
  public var attribute: String?
  /// Aggregations per group; empty: average when the values are numbers, else count.
  public var aggregations: [GraphAggregation]
  public var grouping: GraphGrouping?
  /// How to draw; nil: scatter for a paired graph, else line.
  public var kind: ChartSpec.GraphKind?
  /// A second query to pair with; needs `grouping`.
  public var pairedQuery: String?
  public var pairedAttribute: String?
  /// The second query's aggregation; nil: average.
  public var pairedAggregation: GraphAggregation?

  public init(
    query: String, attribute: String? = nil, aggregations: [GraphAggregation] = [],
    grouping: GraphGrouping? = nil, kind: ChartSpec.GraphKind? = nil, pairedQuery: String? = nil,
    pairedAttribute: String? = nil, pairedAggregation: GraphAggregation? = nil
  ) {
    self.query = query
    self.attribute = attribute
    self.aggregations = aggregations
    self.grouping = grouping
    self.kind = kind
    self.pairedQuery = pairedQuery
    self.pairedAttribute = pairedAttribute
    self.pairedAggregation = pairedAggregation
  }

  /// The kind drawn when none is chosen.
  public var effectiveKind: ChartSpec.GraphKind {
    kind ?? (pairedQuery != nil ? .scatter : .line)
  }
}

/// A graph ready to print or draw: its series, and the chart, or why there is nothing to draw.
public struct GraphResult: Sendable {
  public var series: [GraphSeries]
  /// The first axis's label of a paired graph (the series holds the second's).
  public var xLabel: String?
  /// The chart to draw; nil when there is nothing to draw (see `emptyReason`).
  public var chart: ChartSpec?
  /// Why nothing is drawn, for people: "No moods to draw."
  public var emptyReason: String?
}

/// Builds graphs: the one place their defaults live, for the command line and the web.
public struct GraphService {
  public let store: DispatchStore

  public init(store: DispatchStore) {
    self.store = store
  }

  /// The graph `request` asks for.
  ///
  /// - Throws: the query's diagnostic, an unknown attribute, ``DispatchError``
  ///   `.invalidRequest` for a pairing without a grouping, `.unknownReference` for an
  ///   aggregation that needs numbers of an attribute without any.
  public func graph(_ request: GraphRequest) throws -> GraphResult {
    var aggregations = request.aggregations
    let data = try store.graphData(
      query: request.query, attribute: request.attribute, counting: aggregations == [.count],
      perPeriod: request.grouping != nil)
    let hasNumbers = data.samples.contains { $0.value?.number != nil }
    if aggregations.isEmpty {
      aggregations = [data.sumsPerPeriod ? .sum : hasNumbers ? .average : .count]
    }
    let valueName = data.valueName
    if let other = request.pairedQuery {
      guard let grouping = request.grouping else {
        throw DispatchError(.invalidRequest, "--vs needs --per: how to pair the two types")
      }
      let second = try store.graphData(
        query: other, attribute: request.pairedAttribute, perPeriod: true)
      let otherAggregation = request.pairedAggregation ?? (second.sumsPerPeriod ? .sum : .average)
      let points = GraphBuilder.paired(
        x: data.samples, xAggregation: aggregations[0], y: second.samples,
        yAggregation: otherAggregation, grouping: grouping)
      let xLabel = "\(aggregations[0].title) \(data.typeName) \(valueName)"
      let yLabel =
        "\(otherAggregation.title) \(second.typeName) \(second.valueName)"
      let series = [GraphSeries(name: yLabel, points: points)]
      guard !points.isEmpty else {
        return GraphResult(
          series: series, xLabel: xLabel, chart: nil,
          emptyReason: "No \(grouping) has both \(data.typePlural) and \(second.typePlural).")
      }
      // The axis titles add each measure's unit; the JSON keeps the plain labels.
      let chart = ChartSpec.paired(
        points, title: "\(data.typeName) and \(second.typeName)",
        xLabel: Self.title(xLabel, data, aggregation: aggregations[0]),
        yLabel: Self.title(yLabel, second, aggregation: otherAggregation),
        subtitle: "\(points.count) groups")
      return GraphResult(series: series, xLabel: xLabel, chart: chart, emptyReason: nil)
    }
    if aggregations.contains(where: \.needsNumbers) && !hasNumbers && !data.samples.isEmpty {
      throw DispatchError(
        .unknownReference,
        "\(valueName) has no numbers to \(aggregations.first { $0.needsNumbers }?.rawValue ?? "average"); use --agg count, or --y with a number attribute"
      )
    }
    let series =
      request.grouping.map {
        GraphBuilder.grouped(
          data.samples, grouping: $0, aggregations: aggregations, name: valueName)
      }
      ?? [GraphBuilder.raw(data.samples, name: valueName)]
    guard series.contains(where: \.hasValues) else {
      return GraphResult(
        series: series, xLabel: nil, chart: nil, emptyReason: "No \(data.typePlural) to draw.")
    }
    let chart = ChartSpec.graph(
      series, grouping: request.grouping, kind: request.effectiveKind, title: request.query,
      subtitle: "\(data.samples.count) \(data.typePlural)", yLabel: valueName,
      yValues: data.valuesAreHours && !aggregations.contains(.count) ? .hours : .number)
    return GraphResult(series: series, xLabel: nil, chart: chart, emptyReason: nil)
  }

  /// An axis title with the measure's unit: `Average heart rate value (count/min)`, `… (hours)`.
  /// A count has no unit.
  private static func title(
    _ label: String, _ data: DispatchStore.GraphData, aggregation: GraphAggregation
  ) -> String {
    guard aggregation != .count else { return label }
    if let unit = data.unit { return label + " (" + unit + ")" }
    return data.valuesAreHours ? label + " (hours)" : label
  }
}
