import DispatchCore

/// Dispatch's global insights engine (docs/insights.md#global-engine-rules): associations across
/// all filed reports — a categorical signal against a number (difference of means, standardized by
/// the combined population SD) and two categorical signals (difference of rates) — behind
/// sample-size and effect-size floors, ranked and capped at eight.
public enum InsightsEngine {
  /// No insights below this many filed reports.
  public static let minimumReports = 20
  /// Reports needed on each side of every comparison, and present / absent for a signal.
  public static let minimumSide = 10
  /// Categorical signals kept after the prefilter, by present count.
  public static let maximumCategoricalSignals = 24
  public static let minimumEffect = 0.5
  public static let minimumRateDifference = 0.25
  public static let maximumInsights = 8

  /// The insights of every filed report; drafts are left out, the rest taken in date order.
  public static func compute(reports: [Report], questions: [Question], people: [Person])
    -> [Insight]
  {
    let filed = reports.filter { !$0.isDraft }.sorted {
      ($0.date, $0.id) < ($1.date, $1.id)
    }
    guard filed.count >= minimumReports else { return [] }
    var builder = InsightSignalBuilder(reports: filed, questions: questions, people: people)
    let (allCategorical, numeric) = builder.build()
    let categorical = prefiltered(allCategorical)
    var candidates: [InsightCandidate] = []
    for signal in categorical {
      for metric in numeric where !signal.sources.contains(metric.sourceKey) {
        guard let (insight, difference) = meanDifference(signal, metric) else { continue }
        let measured = signal.eligible.intersection(metric.defined)
        let with = signal.present.intersection(measured)
        candidates.append(
          InsightCandidate(
            insight: insight,
            splits: [
              SplitSide(
                partner: "metric:\(metric.id)", sources: signal.sortedSources, universe: measured,
                subset: with)
            ].compactMap { $0 }, isPositive: difference > 0, splitSize: with.count))
      }
    }
    candidates += cooccurrences(categorical)
    return ranked(withoutMirrors(candidates))
  }

  /// Signals present and absent at least ten times each; the 24 most present, by ID on ties.
  static func prefiltered(_ signals: [CategoricalSignal]) -> [CategoricalSignal] {
    let kept = signals.filter { $0.present.count >= minimumSide && $0.absentCount >= minimumSide }
    let counted = kept.map { ($0, $0.present.count) }
    return counted.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.id < $1.0.id }
      .prefix(maximumCategoricalSignals).map(\.0)
  }

  /// Sort by strength, sample count, title and detail; at most eight, each kind limited to
  /// eight minus the other kind's count (at most four), so both kinds get room.
  static func ranked(_ candidates: [Insight]) -> [Insight] {
    let sorted = candidates.sorted { lhs, rhs in
      if lhs.strength != rhs.strength { return lhs.strength > rhs.strength }
      if lhs.sampleCount != rhs.sampleCount { return lhs.sampleCount > rhs.sampleCount }
      if lhs.title != rhs.title { return lhs.title < rhs.title }
      return lhs.detail < rhs.detail
    }
    var available: [Insight.Kind: Int] = [:]
    for insight in candidates { available[insight.kind, default: 0] += 1 }
    func quota(_ kind: Insight.Kind) -> Int {
      let others = available.filter { $0.key != kind }.values.reduce(0, +)
      return maximumInsights - min(others, maximumInsights / 2)
    }
    var taken: [Insight.Kind: Int] = [:]
    var result: [Insight] = []
    for insight in sorted where result.count < maximumInsights {
      guard taken[insight.kind, default: 0] < quota(insight.kind) else { continue }
      taken[insight.kind, default: 0] += 1
      result.append(insight)
    }
    return result
  }
}
