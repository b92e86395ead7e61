import DispatchCore

/// How a group of samples becomes one number (docs/charts.md#graph-grouping-and-aggregation).
public enum GraphAggregation: String, Sendable, CaseIterable {
  case average, sum
  case minimum = "min"
  case maximum = "max"
  case median, mode, count
  case standardDeviation = "sd"
  case first, last

  /// Whether the aggregation needs numeric values (count, first and last of any value do not).
  public var needsNumbers: Bool { self != .count }

  /// The name used in series titles: "Average rating".
  public var title: String {
    switch self {
    case .average: return "Average"
    case .sum: return "Total"
    case .minimum: return "Minimum"
    case .maximum: return "Maximum"
    case .median: return "Median"
    case .mode: return "Mode"
    case .count: return "Count"
    case .standardDeviation: return "Standard deviation"
    case .first: return "First"
    case .last: return "Last"
    }
  }

  /// The aggregate of `samples`; nil when there is no value to aggregate (an empty group of an
  /// average is a gap, not a zero). Count and sum of an empty group are 0.
  public func value(of samples: [GraphSample]) -> Double? {
    if self == .count { return Double(samples.count) }
    let ordered = samples.sorted { $0.start < $1.start }
    let values = ordered.compactMap { $0.value?.number }
    if self == .sum { return values.reduce(0, +) }
    guard !values.isEmpty else { return nil }
    switch self {
    case .average: return Descriptive.mean(values)
    case .minimum: return values.min()
    case .maximum: return values.max()
    case .first: return values.first
    case .last: return values.last
    case .median: return Descriptive.median(values)
    // The smallest of equally frequent values, so it is deterministic.
    case .mode: return Descriptive.mode(values)
    // Population SD (divisor n), as Introspective's graphs.
    case .standardDeviation: return Descriptive.populationStandardDeviation(values)
    case .sum, .count: return nil
    }
  }
}
