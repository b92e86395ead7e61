import DispatchCore

/// The days an exposure and an outcome are both known on, in chronological order: for lag 1
/// the outcome is the next calendar day's.
package struct DayPairs: Sendable {
  var isBinary: Bool
  /// 1 or 0 for a yes/no exposure.
  var exposure: [Double] = []
  var outcome: [Double] = []
  /// Indices into the series' days.
  var exposureDays: [Int] = []
  var outcomeDays: [Int] = []

  var withCount: Int { exposure.filter { $0 > 0 }.count }
  var withoutCount: Int { exposure.count - withCount }
}

/// Pairs days and says what they rest on.
struct DayLevelContext {
  let series: DayLevelSeries
  private let position: [Int: Int]

  init(series: DayLevelSeries) {
    self.series = series
    position = Dictionary(uniqueKeysWithValues: series.days.enumerated().map { ($1, $0) })
  }

  func pairs(_ exposure: DayExposure, _ outcome: DayOutcome, lag: Int) -> DayPairs {
    var pairs: DayPairs
    let values: [Double?]
    switch exposure.values {
    case .binary(let flags):
      pairs = DayPairs(isBinary: true)
      values = flags.map { $0.map { $0 ? 1 : 0 } }
    case .numeric(let numbers):
      pairs = DayPairs(isBinary: false)
      values = numbers
    }
    for (day, key) in series.days.enumerated() {
      guard let exposed = values[day], let later = position[key + lag],
        let result = outcome.values[later]
      else { continue }
      pairs.exposure.append(exposed)
      pairs.outcome.append(result)
      pairs.exposureDays.append(day)
      pairs.outcomeDays.append(later)
    }
    return pairs
  }

  /// Reports filed on any day the pairs use.
  func reportCount(_ pairs: DayPairs) -> Int {
    Set(pairs.exposureDays + pairs.outcomeDays).reduce(0) { $0 + series.reportCounts[$1] }
  }

  /// Direct records (ratings, activities, doses, check-ins) on any day the pairs use.
  func recordCount(_ pairs: DayPairs) -> Int {
    Set(pairs.exposureDays + pairs.outcomeDays).reduce(0) { $0 + series.recordCounts[$1] }
  }

  /// `YYYY-MM-DD` of a day index.
  func dateText(_ day: Int) -> String {
    CivilTime(milliseconds: Int64(series.days[day]) * 86_400_000, offsetSeconds: 0).dateText
  }
}

/// One exposure × outcome × lag test at the daily level (docs/insights.md#day-level-rules).
package struct DayLevelTest: Sendable {
  var id: String
  var exposure: DayExposure
  var outcome: DayOutcome
  var lag: Int
  var pairs: DayPairs
  /// The rank-biserial correlation (yes/no) or Spearman's ρ (numeric).
  var effect: Double
  var p: Double
  /// The effect's 95% interval: Newcombe's score interval of the rank-biserial correlation, or
  /// Bonett and Wright's of ρ. Nil when the test gave none.
  var interval: ConfidenceInterval?
  /// The same effect over the chronologically first and second halves of the days; nil when
  /// a half cannot give one (a group empty, a series constant).
  var firstHalfEffect: Double?
  var secondHalfEffect: Double?

  var dayCount: Int { pairs.exposure.count }

  /// The size of the smallest effect in the effect's direction that the interval allows: its
  /// end nearest zero, 0 when it reaches zero or there is none.
  var supportedEffect: Double {
    guard let interval else { return 0 }
    return max(0, effect > 0 ? interval.lower : -interval.upper)
  }

  /// Nil below the minimums: 14 days with both variables, 5 with and 5 without.
  init?(_ exposure: DayExposure, _ outcome: DayOutcome, lag: Int, pairs: DayPairs) {
    guard pairs.exposure.count >= DayLevelEngine.minimumDays else { return nil }
    if pairs.isBinary {
      guard pairs.withCount >= DayLevelEngine.minimumDaysPerGroup,
        pairs.withoutCount >= DayLevelEngine.minimumDaysPerGroup
      else { return nil }
    }
    id = "dayLevel:\(exposure.id)|\(outcome.id)|lag\(lag)"
    self.exposure = exposure
    self.outcome = outcome
    self.lag = lag
    self.pairs = pairs
    let whole = Self.effect(pairs.exposure, pairs.outcome, isBinary: pairs.isBinary)
    effect = whole?.effect ?? 0
    p = whole?.p ?? 1
    interval = whole?.interval
    let half = pairs.exposure.count / 2
    firstHalfEffect =
      Self.effect(
        Array(pairs.exposure[..<half]), Array(pairs.outcome[..<half]), isBinary: pairs.isBinary)?
      .effect
    secondHalfEffect =
      Self.effect(
        Array(pairs.exposure[half...]), Array(pairs.outcome[half...]), isBinary: pairs.isBinary)?
      .effect
  }

  /// Mann–Whitney's rank-biserial (positive: higher outcomes with the exposure) or Spearman.
  private static func effect(_ exposure: [Double], _ outcome: [Double], isBinary: Bool)
    -> (effect: Double, p: Double, interval: ConfidenceInterval?)?
  {
    let result: (Double, Double, ConfidenceInterval?)?
    if isBinary {
      let with = zip(exposure, outcome).filter { $0.0 > 0 }.map(\.1)
      let without = zip(exposure, outcome).filter { $0.0 <= 0 }.map(\.1)
      // Asymptotics above 30 days, exact below (docs/insights.md#day-level-rules): the exact table
      // of a few exposure days among hundreds costs more than it changes.
      let method: RankTestMethod = exposure.count > 30 ? .asymptotic : .automatic
      result = MannWhitneyU(with, without, method: method).map { test in
        let interval = MannWhitneyU.rankBiserialInterval(
          commonLanguageEffectSize: test.commonLanguageEffectSize, firstCount: with.count,
          secondCount: without.count)
        return (test.rankBiserial, test.p, interval)
      }
    } else {
      result = SpearmanCorrelation(exposure, outcome).map {
        ($0.coefficient, $0.p, $0.confidenceInterval)
      }
    }
    guard let (effect, p, interval) = result, effect.isFinite, p.isFinite else { return nil }
    return (effect, min(max(p, 0), 1), interval)
  }

  /// The outcome's mean on days with and without a yes/no exposure.
  var groupMeans: (with: Double, without: Double) {
    let with = zip(pairs.exposure, pairs.outcome).filter { $0.0 > 0 }.map(\.1)
    let without = zip(pairs.exposure, pairs.outcome).filter { $0.0 <= 0 }.map(\.1)
    return (Descriptive.mean(with) ?? 0, Descriptive.mean(without) ?? 0)
  }
}
