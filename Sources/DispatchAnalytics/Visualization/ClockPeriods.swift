import DispatchCore

/// Times of day — bedtimes, wake-up times — per period, on a clock that does not break at
/// midnight: 23:30 and 00:30 are an hour apart, not 23 hours. The clock starts at the end of
/// the widest stretch of the day with no answers (for bedtimes, the afternoon), and a time
/// before that start counts as the next day's (00:30 is 24.5 h). The chart then draws each
/// period's average over a band from its earliest to its latest answer.
public struct ClockPeriods: Sendable, Equatable {
  /// Minutes after midnight where the chart's clock starts.
  public var startMinutes: Int
  /// Per period: the mean, earliest and latest answer, in hours after the midnight before
  /// the start (so up to 48).
  public var periods: NumberPeriods
  /// The mean of every answer, in the same hours.
  public var mean: Double

  /// The answers of `points` per `unit` (nil: the unit that fits their range), each on the
  /// local day its report was filed; nil without answers.
  public static func build(_ points: [QuestionSeries.TimePoint], unit: OptionSharesOverTime.Period?)
    -> ClockPeriods?
  {
    guard !points.isEmpty else { return nil }
    let start = startMinutes(points.map(\.minutes))
    let answers = points.map { point in
      (
        day: point.date.localDay(offsetSeconds: point.offsetSeconds),
        value: hours(point.minutes, start: start)
      )
    }
    let mean = answers.map(\.value).reduce(0, +) / Double(answers.count)
    return ClockPeriods(
      startMinutes: start, periods: .grouped(answers, unit: unit), mean: mean)
  }

  /// Where the clock starts: the first answered minute after the widest gap between answered
  /// minutes, going round the clock; 0 when the answers leave no gap or all agree.
  public static func startMinutes(_ minutes: [Int]) -> Int {
    let distinct = Set(minutes.map { (($0 % 1440) + 1440) % 1440 }).sorted()
    guard distinct.count > 1, let first = distinct.first, let last = distinct.last else {
      return 0
    }
    var widest = (gap: first + 1440 - last, start: first)
    for (earlier, later) in zip(distinct, distinct.dropFirst()) where later - earlier > widest.gap {
      widest = (later - earlier, later)
    }
    return widest.start
  }

  /// `minutes` as hours on the clock that starts at `start`.
  public static func hours(_ minutes: Int, start: Int) -> Double {
    let minute = ((minutes % 1440) + 1440) % 1440
    return Double(minute < start ? minute + 1440 : minute) / 60
  }
}
