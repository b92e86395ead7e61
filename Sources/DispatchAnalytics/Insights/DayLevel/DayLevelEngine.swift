import DispatchCore

/// The day-level insights engine (docs/insights.md#day-level-rules): days, not reports, are the
/// unit, so several reports a day sharing one mood cannot pose as independent evidence
/// (docs/insights.md#why-days). Every exposure is tested against every outcome at lag 0 and lag 1 —
/// Mann–Whitney with the rank-biserial effect for yes/no exposures, Spearman for numeric ones —,
/// Benjamini–Hochberg runs over every test of the run, and only results past the q, effect and
/// split-half gates are shown.
public enum DayLevelEngine {
  /// Days needed with both the exposure and the outcome.
  public static let minimumDays = 14
  /// Days needed with, and without, a yes/no exposure.
  public static let minimumDaysPerGroup = 5
  /// The Benjamini–Hochberg q, and the display gate on each q-value.
  public static let falseDiscoveryRate = 0.10
  /// |r_rb| or |ρ| below this is "no clear difference" and stays hidden.
  public static let minimumEffect = 0.20
  /// Number questions used as outcomes, in sort order (docs/insights.md#day-level-rules: few
  /// outcomes, more power).
  public static let maximumOutcomeQuestions = 5
  /// Lag 0 (the same day) and lag 1 (the outcome the day after).
  public static let lags = [0, 1]
  /// Days needed on each side of a yes/no exposure before a strength word ("a little",
  /// "noticeably", "much") is used; below it a finding says only "higher" or "lower".
  public static let minimumDaysPerGroupForStrength = 10
  /// Days needed for a strength word with a numeric exposure.
  public static let minimumDaysForStrength = 20

  /// The findings and shortfalls of every filed report (drafts are left out), the direct
  /// records and the day of the week.
  public static func compute(
    reports: [Report], questions: [Question], people: [Person],
    records: DayLevelRecords = DayLevelRecords()
  ) -> DayLevelResult {
    let filed = reports.filter { !$0.isDraft }.sorted { ($0.date, $0.id) < ($1.date, $1.id) }
    let series = DayLevelSeries(
      reports: filed, questions: questions, people: people, records: records,
      outcomeLimit: maximumOutcomeQuestions)
    let context = DayLevelContext(series: series)
    var tests: [DayLevelTest] = []
    var shortfalls: [InsightRow] = []
    for exposure in series.exposures {
      for outcome in series.outcomes where !exposure.sources.contains(outcome.sourceKey) {
        for lag in exposure.lags {
          let pairs = context.pairs(exposure, outcome, lag: lag)
          if let test = DayLevelTest(exposure, outcome, lag: lag, pairs: pairs) {
            tests.append(test)
          } else if exposure.listsShortfalls {
            // Each lag that falls short says so: the day after needs consecutive days.
            shortfalls.append(DayLevelCopy.shortfall(exposure, outcome, lag: lag, pairs: pairs))
          }
        }
      }
    }
    let qValues = BenjaminiHochberg.adjusted(tests.map(\.p)) ?? tests.map { _ in 1 }
    var shown: [(test: DayLevelTest, q: Double)] = []
    for (test, q) in zip(tests, qValues) where isShown(test, q: q) { shown.append((test, q)) }
    // Strongest first by the effect the days support (the interval's end nearest zero), so a
    // perfect split on five days does not outrank a steady one on fifty.
    shown.sort { lhs, rhs in
      let (left, right) = (lhs.test.supportedEffect, rhs.test.supportedEffect)
      if left != right { return left > right }
      let (whole, other) = (abs(lhs.test.effect), abs(rhs.test.effect))
      if whole != other { return whole > other }
      if lhs.test.dayCount != rhs.test.dayCount { return lhs.test.dayCount > rhs.test.dayCount }
      return lhs.test.id < rhs.test.id
    }
    let findings = shown.map { entry in
      DayLevelCopy.finding(entry.test, q: entry.q, testCount: tests.count, context: context)
    }
    shortfalls.sort { lhs, rhs in
      lhs.insight.sampleCount != rhs.insight.sampleCount
        ? lhs.insight.sampleCount > rhs.insight.sampleCount : lhs.insight.id < rhs.insight.id
    }
    return DayLevelResult(
      findings: findings, shortfalls: shortfalls, testCount: tests.count,
      dayCount: series.days.count, reportCount: filed.count)
  }

  /// The display gates: q ≤ 0.10, |effect| ≥ 0.20, the same sign in both chronological halves.
  static func isShown(_ test: DayLevelTest, q: Double) -> Bool {
    guard q <= falseDiscoveryRate, abs(test.effect) >= minimumEffect,
      let first = test.firstHalfEffect, let second = test.secondHalfEffect
    else { return false }
    return first * test.effect > 0 && second * test.effect > 0
  }

  /// The strength word of a shown test, or nil for none (docs/insights.md#day-level-rules): only
  /// with at least 10 days on each side of a yes/no exposure (20 days for a numeric one), and
  /// taken from the end of the effect's 95% interval nearest zero, so the word claims no more
  /// than the days support. "r = -1.00" on 5 days is "lower", never "much lower".
  static func strengthWord(_ test: DayLevelTest) -> String? {
    let enoughDays =
      test.pairs.isBinary
      ? min(test.pairs.withCount, test.pairs.withoutCount) >= minimumDaysPerGroupForStrength
      : test.dayCount >= minimumDaysForStrength
    guard enoughDays, test.interval != nil else { return nil }
    return strengthLabel(test.supportedEffect)
  }

  /// "a little" (0.2–0.3), "noticeably" (0.3–0.5), "much" (≥ 0.5); nil below 0.2.
  public static func strengthLabel(_ effect: Double) -> String? {
    let size = abs(effect)
    guard size.isFinite, size >= minimumEffect else { return nil }
    if size < 0.3 { return "a little" }
    if size < 0.5 { return "noticeably" }
    return "much"
  }
}

/// The day-level engine's answer: shown findings, strongest first, and the exposure and
/// outcome pairs that need more days.
public struct DayLevelResult: Sendable, Equatable {
  /// Rows with status `finding` and kind `dayLevel`; `sampleCount` is days.
  public var findings: [InsightRow]
  /// "Not enough data yet" rows, one per exposure, outcome and lag that fell short, the pairs
  /// closest to testable first.
  public var shortfalls: [InsightRow]
  /// Every test computed in the run: what Benjamini–Hochberg corrected for.
  public var testCount: Int
  /// Local days with at least one filed report or direct record.
  public var dayCount: Int
  /// Filed reports read.
  public var reportCount: Int

  /// Findings, then shortfalls.
  public var rows: [InsightRow] { findings + shortfalls }
}
