import DispatchCore
import Foundation

/// Two adjacent weeks of one metric side by side (docs/charts.md#from-the-command-line,
/// Introspective's mood check-ins): day-balanced averages (each day weighs the same however many
/// entries it has), the distribution, coverage, the same weekdays against each other, and the
/// metric-context entries that fall in each week. Days are each record's own local days.
public struct WeekComparison: Sendable {
  /// One week of the metric.
  public struct Week: Sendable {
    /// Its first local day, as days since 1970-01-01.
    public var firstDay: Int
    /// `2026-07-06 to 2026-07-12`.
    public var label: String
    public var entries: Int
    /// Days (of 7) with at least one entry.
    public var daysWithData: Int
    /// The mean of the daily means.
    public var dayBalancedMean: Double?
    /// The mean of every entry, for contrast: a day with many entries weighs more.
    public var entryMean: Double?
    /// Each day's mean, first day first; nil for a day without entries.
    public var dailyMeans: [Double?]
    public var distribution: Distribution?
    /// Metric-context entries (a cold, travel, a new scale) overlapping the week.
    public var context: [MetricContextEntry]
  }

  /// The spread of a week's entries: five-number summary, and counts per value when the
  /// values are few whole numbers (a rating scale).
  public struct Distribution: Sendable, Equatable {
    public var minimum: Double
    public var lowerQuartile: Double
    public var median: Double
    public var upperQuartile: Double
    public var maximum: Double
    public var valueCounts: [(value: Double, count: Int)]?

    public static func == (lhs: Distribution, rhs: Distribution) -> Bool {
      [lhs.minimum, lhs.lowerQuartile, lhs.median, lhs.upperQuartile, lhs.maximum]
        == [rhs.minimum, rhs.lowerQuartile, rhs.median, rhs.upperQuartile, rhs.maximum]
        && lhs.valueCounts?.map(\.value) == rhs.valueCounts?.map(\.value)
        && lhs.valueCounts?.map(\.count) == rhs.valueCounts?.map(\.count)
    }
  }

  /// The same weekday in both weeks.
  public struct MatchedDay: Sendable, Equatable {
    /// `Monday`.
    public var weekday: String
    public var earlier: Double?
    public var later: Double?
    /// later − earlier, when both weeks have the day.
    public var difference: Double? {
      guard let earlier, let later else { return nil }
      return later - earlier
    }
  }

  public var metric: String
  public var earlier: Week
  public var later: Week
  /// Monday to Sunday.
  public var weekdays: [MatchedDay]

  /// The mean difference over the weekdays both weeks have, and how many there are.
  public var matchedDifference: (mean: Double, days: Int)? {
    let differences = weekdays.compactMap(\.difference)
    guard let mean = Descriptive.mean(differences) else { return nil }
    return (mean, differences.count)
  }

  /// The week of 7 local days ending with the local day of `ending` in `zone`, against the 7
  /// days before it.
  public static func compute(
    _ samples: [GraphSample], metric: String, ending: Instant, zone: TimeZone,
    context: [MetricContextEntry]
  ) -> WeekComparison {
    let lastDay = ending.localDay(offsetSeconds: zone.secondsFromGMT(for: ending.date))
    var byDay: [Int: [Double]] = [:]
    for sample in samples {
      guard let value = sample.value?.number else { continue }
      byDay[sample.start.localDay(offsetSeconds: sample.offsetSeconds), default: []]
        .append(value)
    }
    let later = week(firstDay: lastDay - 6, byDay: byDay, context: context)
    let earlier = week(firstDay: lastDay - 13, byDay: byDay, context: context)
    var weekdays: [MatchedDay] = []
    for weekday in 1...7 {
      // isoWeekday 1 = Monday; find the day of each week with that weekday.
      let laterIndex = (0..<7).first { Self.isoWeekday(later.firstDay + $0) == weekday } ?? 0
      weekdays.append(
        MatchedDay(
          weekday: GraphTimeKey.weekdayNames[weekday % 7], earlier: earlier.dailyMeans[laterIndex],
          later: later.dailyMeans[laterIndex]))
    }
    return WeekComparison(metric: metric, earlier: earlier, later: later, weekdays: weekdays)
  }

  static func isoWeekday(_ day: Int) -> Int {
    CivilTime(milliseconds: Int64(day) * 86_400_000, offsetSeconds: 0).isoWeekday
  }

  private static func week(
    firstDay: Int, byDay: [Int: [Double]], context: [MetricContextEntry]
  ) -> Week {
    let days = (firstDay..<firstDay + 7).map { byDay[$0] ?? [] }
    let dailyMeans = days.map { Descriptive.mean($0) }
    let all = days.flatMap { $0 }
    let overlapping = context.filter { entry in
      let from = entry.from.instant.localDay(offsetSeconds: entry.from.utcOffsetSeconds)
      let to =
        entry.to.map { $0.localDay(offsetSeconds: entry.from.utcOffsetSeconds) } ?? from
      return from < firstDay + 7 && to >= firstDay
    }
    return Week(
      firstDay: firstDay,
      label: GraphTimeKey.label(firstDay, .day) + " to " + GraphTimeKey.label(firstDay + 6, .day),
      entries: all.count, daysWithData: days.filter { !$0.isEmpty }.count,
      dayBalancedMean: Descriptive.mean(dailyMeans.compactMap { $0 }),
      entryMean: Descriptive.mean(all), dailyMeans: dailyMeans, distribution: distribution(all),
      context: overlapping)
  }

  static func distribution(_ values: [Double]) -> Distribution? {
    guard let quartiles = Descriptive.quantiles(values, at: [0, 0.25, 0.5, 0.75, 1]) else {
      return nil
    }
    var counts: [(Double, Int)]?
    let distinct = Set(values)
    if distinct.count <= 11, distinct.allSatisfy({ $0 == $0.rounded() }) {
      counts = distinct.sorted().map { value in (value, values.filter { $0 == value }.count) }
    }
    return Distribution(
      minimum: quartiles[0], lowerQuartile: quartiles[1], median: quartiles[2],
      upperQuartile: quartiles[3], maximum: quartiles[4], valueCounts: counts)
  }
}
