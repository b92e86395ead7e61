import DispatchAnalytics
import DispatchCore
import DispatchFeatures
import DispatchStorage
import Foundation

/// Week comparison over the store: the metric is a record type with its main value (`mood`,
/// `heart rate`, `steps`), a type and attribute (`fatigue` … ), or a number question by prompt.
extension DispatchStore {
  /// The 7 days ending with the local day of `ending` against the 7 before, for `metric`.
  /// - Throws: a metric that names no record type with numbers and no number question.
  public func weekComparison(metric: String, ending: Instant) throws -> WeekComparison {
    let zone = try ScheduleSettings.load(from: self).zone
    let data = try weekComparisonData(metric, ending: ending, zone: zone)
    let context = Self.context(
      try records.metricContext(to: ending.adding(seconds: 86_400)), for: [data.label, metric])
    return WeekComparison.compute(
      data.samples, metric: data.label, ending: ending, zone: zone, context: context)
  }

  /// The entries about any metric, or about one of `names` (ignoring case).
  static func context(_ entries: [MetricContextEntry], for names: [String]) -> [MetricContextEntry]
  {
    let folded = Set(names.map { $0.lowercased() })
    return entries.filter { entry in entry.metric.map { folded.contains($0.lowercased()) } ?? true }
  }

  /// A Health type that sums (steps) or sleep compares its days' figures, one entry a day;
  /// other types compare their records.
  private func weekComparisonData(_ metric: String, ending: Instant, zone: TimeZone) throws -> (
    label: String, samples: [GraphSample]
  ) {
    if let type = try? queries.queryEngine().plan(metric).type,
      let healthType = Self.summedHealthType(type)
    {
      // The two weeks and a day either side: the only days the comparison reads.
      let days = try health.dayValues(
        healthType: healthType, from: ending.adding(seconds: -15 * 86_400),
        to: ending.adding(seconds: 86_400), zone: zone
      ).days
      return (
        type.name,
        days.map { day in
          // Local noon of the day, so the day is the same in every zone.
          GraphSample(
            start: Instant(milliseconds: Int64(day.day) * 86_400_000 + 43_200_000),
            offsetSeconds: 0, value: .number(day.value))
        }
      )
    }
    if let data = try? graphData(query: metric, attribute: nil), data.attribute != nil {
      return (data.typeName, data.samples)
    }
    if let question = try? questions.question(matching: metric), question.type == .number {
      let escaped = question.prompt.replacingOccurrences(of: "\"", with: "\\\"")
      let data = try graphData(query: "reports", attribute: "answer(\"\(escaped)\")")
      return (question.prompt, data.samples)
    }
    throw DispatchError(
      .unknownReference,
      "'\(metric)' is neither a record type with numbers (mood, fatigue, steps, 'heart rate') "
        + "nor a number question")
  }
}
