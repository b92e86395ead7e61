import DispatchCore

/// Turns samples into graph series (docs/charts.md#graph-grouping-and-aggregation): one point per
/// record, one point per group and aggregation, or two record types paired by group.
public enum GraphBuilder {
  /// One point per sample with a number: x the local wall time in milliseconds, y the value.
  /// A record known only to its day sits at the middle of that day, labelled with the date.
  public static func raw(_ samples: [GraphSample], name: String) -> GraphSeries {
    let points = samples.compactMap { sample -> GraphPoint? in
      guard let value = sample.value?.number else { return nil }
      let local = sample.start.milliseconds + Int64(sample.offsetSeconds) * 1000
      let civil = CivilTime(milliseconds: local, offsetSeconds: 0)
      if sample.isDayOnly {
        let day = GraphTimeKey.key(civil, .day)
        return GraphPoint(
          label: GraphTimeKey.label(day, .day), x: GraphTimeKey.start(day, .day) + 43_200_000,
          y: value)
      }
      return GraphPoint(
        label: GraphTimeKey.label(GraphTimeKey.key(civil, .hour), .hour), x: Double(local),
        y: value)
    }.sorted { $0.x < $1.x }
    return GraphSeries(name: name, points: points)
  }

  /// A series per aggregation, a point per group ("Average rating", per day).
  public static func grouped(
    _ samples: [GraphSample], grouping: GraphGrouping, aggregations: [GraphAggregation],
    name: String
  ) -> [GraphSeries] {
    let groups = grouping.groups(samples)
    return aggregations.map { aggregation in
      GraphSeries(
        name: aggregation == .count ? "Count" : "\(aggregation.title) \(name)",
        points: groups.map { group in
          GraphPoint(label: group.label, x: group.x, y: aggregation.value(of: group.samples))
        })
    }
  }

  /// Two types grouped alike and joined on equal groups: a point per group both have, x the
  /// first type's aggregate and y the second's (daily heart rate against daily mood). Groups
  /// either side lacks, or with no value on either side, are left out.
  public static func paired(
    x: [GraphSample], xAggregation: GraphAggregation, y: [GraphSample],
    yAggregation: GraphAggregation, grouping: GraphGrouping
  ) -> [GraphPoint] {
    let yGroups = Dictionary(
      grouping.groups(y).map { ($0.label, $0) }, uniquingKeysWith: { first, _ in first })
    return grouping.groups(x).compactMap { group in
      guard let other = yGroups[group.label], !group.samples.isEmpty, !other.samples.isEmpty,
        let xValue = xAggregation.value(of: group.samples),
        let yValue = yAggregation.value(of: other.samples)
      else { return nil }
      return GraphPoint(label: group.label, x: xValue, y: yValue)
    }
  }
}

/// A named list of points.
public struct GraphSeries: Sendable, Equatable {
  public var name: String
  public var points: [GraphPoint]

  public init(name: String, points: [GraphPoint]) {
    self.name = name
    self.points = points
  }

  /// Whether any point has a value.
  public var hasValues: Bool { points.contains { $0.y != nil } }
}

/// A point: its label (a group's name or the record's time), x, and y (nil for a gap: an
/// empty group of an aggregation other than count and total).
public struct GraphPoint: Sendable, Equatable {
  public var label: String
  public var x: Double
  public var y: Double?

  public init(label: String, x: Double, y: Double?) {
    self.label = label
    self.x = x
    self.y = y
  }
}
