import DispatchAnalytics
import DispatchCore
import DispatchFeatures
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
    /// Whether the samples are the parts of a Health sum or of sleep each day counts, so a
    /// period's value is their total (docs/charts.md#graph-grouping-and-aggregation).
    public var sumsPerPeriod = false
    /// What the values are called: the attribute, "hours asleep", or the records.
    public var valueName: String {
      sumsPerPeriod && attribute == nil ? "hours" : attribute?.name ?? typePlural
    }
    /// The unit the values are recorded in, e.g. `count/min` for heart rate: the most common
    /// `unit` of the records when their type has one; nil otherwise.
    public var unit: String?
    /// Whether the values are hours: a duration attribute, or sleep per period.
    public var valuesAreHours: Bool {
      attribute?.kind == .duration || (sumsPerPeriod && attribute == nil)
    }
  }

  /// The records `query` selects (`mood`, `mood where rating <= 3`, `heart rate`) with the
  /// values of `attribute` (default: the type's main value, or none when counting).
  /// - Throws: the query's diagnostic; an unknown attribute with the type's attributes.
  ///
  /// With `perPeriod`, a Health type that sums (steps, energy) or sleep gives the parts of its
  /// samples each local day counts, de-duplicated across sources, as `health show` and the
  /// digest read them; their total per day is the day's figure.
  public func graphData(
    query: String, attribute: String?, counting: Bool = false, perPeriod: Bool = false
  ) throws -> GraphData {
    let engine = try queries.queryEngine()
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
    let missing = try queries.missingQueryIndexes(for: plan)
    if !missing.isEmpty { try queries.buildQueryIndexes(missing) }
    if perPeriod, !counting, let healthType = Self.summedHealthType(type),
      chosen == nil || chosen?.name == type.mainValue
    {
      let read = try health.healthDayParts(
        type: healthType, zone: try ScheduleSettings.load(from: self).zone,
        only: try engine.integerIDs(plan))
      let samples = zip(read.parts, read.shares).map { part, share in
        GraphSample(
          start: Instant(milliseconds: Self.graphStart(of: part)),
          offsetSeconds: part.offsetSeconds, value: .number(share))
      }
      var data = GraphData(
        typeName: type.name, typePlural: type.plural, attribute: chosen, samples: samples)
      data.sumsPerPeriod = true
      return data
    }
    var data = GraphData(
      typeName: type.name, typePlural: type.plural, attribute: chosen,
      samples: try engine.samples(plan, attribute: chosen))
    if chosen != nil, chosen?.name == type.mainValue, let unit = type.attribute(named: "unit") {
      data.unit = Self.mostCommonText(try engine.samples(plan, attribute: unit))
    }
    return data
  }

  /// The most common text among `samples` (the first in order among equals).
  private static func mostCommonText(_ samples: [GraphSample]) -> String? {
    var counts: [String: Int] = [:]
    var order: [String] = []
    for case .text(let text)? in samples.map(\.value) where !text.isEmpty {
      if counts[text] == nil { order.append(text) }
      counts[text, default: 0] += 1
    }
    return order.max { counts[$0, default: 0] < counts[$1, default: 0] }
  }

  /// The Apple Health type whose day parts stand for `type`'s records per period: a Health
  /// type whose day is a sum (steps, energy) or sleep; nil for every other type.
  static func summedHealthType(_ type: QueryRecordType) -> String? {
    guard let healthType = type.healthType,
      let aggregation = HealthTypeCatalog.info(healthType)?.aggregation,
      aggregation == .cumulative || aggregation == .categorical
    else { return nil }
    return healthType
  }

  /// Where a day part is drawn: its start, but a night's sleep on the day the night ends
  /// (local noon), which is not always the day its stages start.
  private static func graphStart(of part: HealthSeriesSample) -> Int64 {
    let local = part.start + Int64(part.offsetSeconds) * 1000
    let startDay = Int(local.floorDivided(by: 86_400_000).quotient)
    guard startDay != part.day else { return part.start }
    return Int64(part.day) * 86_400_000 + 43_200_000 - Int64(part.offsetSeconds) * 1000
  }
}
