import DispatchCore

/// How a graph groups its samples into points (docs/charts.md#graph-grouping-and-aggregation): per
/// unit of time, per weekday, per tag or per distinct value. Times are each record's local ones.
public enum GraphGrouping: Sendable, Equatable, CustomStringConvertible {
  case time(TimeUnit)
  case dayOfWeek
  case tag
  case value

  public enum TimeUnit: String, Sendable, CaseIterable, CustomStringConvertible {
    case hour, day, week, month, quarter, year

    /// "hour", "day", …: the word a message uses for one group.
    public var description: String { rawValue }
  }

  /// The word for one group in a message ("No day has both …"): the time unit, "weekday",
  /// "tag" or "value".
  public var description: String {
    switch self {
    case .time(let unit): return unit.description
    case .dayOfWeek: return "weekday"
    case .tag: return "tag"
    case .value: return "value"
    }
  }

  /// Parses `hour`…`year`, `weekday`, `tag`, `value`.
  public init?(name: String) {
    switch name.lowercased() {
    case "weekday", "day of week", "dayofweek": self = .dayOfWeek
    case "tag", "tags": self = .tag
    case "value": self = .value
    default:
      guard let unit = TimeUnit(rawValue: name.lowercased()) else { return nil }
      self = .time(unit)
    }
  }

  public static let names = TimeUnit.allCases.map(\.rawValue) + ["weekday", "tag", "value"]

  /// The samples in groups, ordered: time units oldest first with every missing unit between
  /// the first and the last inserted empty, weekdays Sunday to Saturday, tags and values by
  /// name (values numerically when all are numbers). A sample with several tags joins each.
  public func groups(_ samples: [GraphSample]) -> [GraphGroup] {
    var byKey: [Int: (label: String, samples: [GraphSample])] = [:]
    var textKeys: [String: Int] = [:]
    // The label is made once per group, not per sample: a week of heart rate has thousands.
    func add(_ key: Int, _ label: @autoclosure () -> String, _ sample: GraphSample) {
      byKey[key, default: (label(), [])].samples.append(sample)
    }
    for sample in samples {
      let local = CivilTime(
        milliseconds: sample.start.milliseconds, offsetSeconds: sample.offsetSeconds)
      switch self {
      case .time(let unit):
        // A record known only to its day has no hour to be counted in.
        if unit == .hour && sample.isDayOnly { continue }
        let key = GraphTimeKey.key(local, unit)
        add(key, GraphTimeKey.label(key, unit), sample)
      case .dayOfWeek:
        let weekday = local.isoWeekday % 7  // 0 = Sunday
        add(weekday, GraphTimeKey.weekdayNames[weekday], sample)
      case .tag, .value:
        let names: [String]
        switch (self, sample.value) {
        case (.tag, .tags(let tags)?): names = tags
        case (_, let value?): names = [value.text]
        case (_, nil): names = ["No value"]
        }
        for name in Set(names) {
          let key = textKeys[name] ?? textKeys.count
          textKeys[name] = key
          add(key, name, sample)
        }
      }
    }
    switch self {
    case .time(let unit):
      guard let first = byKey.keys.min(), let last = byKey.keys.max() else { return [] }
      return (first...last).map { key in
        GraphGroup(
          key: key, label: byKey[key]?.label ?? GraphTimeKey.label(key, unit),
          x: GraphTimeKey.start(key, unit), samples: byKey[key]?.samples ?? [])
      }
    case .dayOfWeek:
      return byKey.keys.sorted().map { key in
        GraphGroup(
          key: key, label: byKey[key]?.label ?? "", x: Double(key),
          samples: byKey[key]?.samples ?? [])
      }
    case .tag, .value:
      let labels = textKeys.keys.sorted()
      let numeric = labels.allSatisfy { Double($0) != nil }
      let ordered = numeric ? labels.sorted { (Double($0) ?? 0) < (Double($1) ?? 0) } : labels
      return ordered.enumerated().map { index, label in
        let key = textKeys[label] ?? 0
        return GraphGroup(
          key: key, label: label, x: numeric ? (Double(label) ?? 0) : Double(index),
          samples: byKey[key]?.samples ?? [])
      }
    }
  }
}

/// A group of samples: its key (equal keys are the same group, for pairing two types), its
/// label, its position on a numeric x axis (milliseconds for time units) and its samples.
public struct GraphGroup: Sendable, Equatable {
  public var key: Int
  public var label: String
  public var x: Double
  public var samples: [GraphSample]
}
