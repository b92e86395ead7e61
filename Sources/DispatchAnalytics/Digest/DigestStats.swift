import DispatchCore
import Foundation

/// What a digest says about one period (docs/insights.md#digest-sentences), worked out from filed
/// reports only.
public struct DigestStats: Sendable, Equatable {
  /// A name and how often it came up.
  public struct Count: Sendable, Equatable {
    public var name: String
    public var count: Int

    public init(name: String, count: Int) {
      self.name = name
      self.count = count
    }
  }

  /// The mean of a number question's answers in the period.
  public struct Average: Sendable, Equatable {
    public var prompt: String
    public var mean: Double
    public var count: Int

    public init(prompt: String, mean: Double, count: Int) {
      self.prompt = prompt
      self.mean = mean
      self.count = count
    }
  }

  public var period: DigestPeriod
  public var window: DigestWindow
  public var reportCount = 0
  public var priorPeriodReportCount = 0
  /// Top five each, most frequent first, then alphabetical.
  public var topTokens: [Count] = []
  public var topPeople: [Count] = []
  public var topPlaces: [Count] = []
  /// Per number question, by prompt.
  public var numericAverages: [Average] = []
  /// The mean over every state-of-mind answer (not per report), −1…+1.
  public var valenceAverage: Double?
  public var priorValenceAverage: Double?
  public var stepsTotal = 0.0
  /// Workouts once each by (type, start), with their seconds.
  public var workoutCount = 0
  public var workoutSeconds = 0.0
  public var streakDays = 0
  /// Up to two insights of the whole history whose sources do not overlap.
  public var topInsights: [Insight] = []

  static let topCount = 5

  public init(period: DigestPeriod, window: DigestWindow) {
    self.period = period
    self.window = window
  }

  /// The digest of the `period` ending on the local day of `ending` in `zone`. `insights`
  /// are the global engine's over the same reports, when the caller has them already;
  /// `stepsTotal` is the period's steps from the store's day figures (Apple Health where it
  /// has samples), else the reports' own step readings make it.
  public static func compute(
    reports: [Report], questions: [Question], people: [Person], period: DigestPeriod,
    ending: Instant, zone: TimeZone, insights: [Insight]? = nil, stepsTotal: Double? = nil
  ) -> DigestStats {
    let filed = reports.filter { !$0.isDraft }
    let window = period.window(ending: ending, zone: zone)
    let prior = period.prior(window, zone: zone)
    var stats = DigestStats(period: period, window: window)
    let current = filed.filter { window.contains($0.date) }
    let before = filed.filter { prior.contains($0.date) }
    stats.reportCount = current.count
    stats.priorPeriodReportCount = before.count
    let resolver = DigestAnswerReader(questions: questions, people: people)
    let answers = resolver.read(current)
    stats.topTokens = top(answers.tokens)
    stats.topPeople = top(answers.people)
    stats.topPlaces = top(answers.places)
    stats.numericAverages = answers.numbers.keys.sorted().compactMap { prompt in
      guard let values = answers.numbers[prompt], !values.isEmpty else { return nil }
      return Average(
        prompt: prompt, mean: values.reduce(0, +) / Double(values.count), count: values.count)
    }
    stats.valenceAverage = Descriptive.mean(answers.valence)
    stats.priorValenceAverage = Descriptive.mean(resolver.read(before).valence)
    stats.stepsTotal =
      stepsTotal
      ?? DayFigure.steps.dayValues(of: current).sorted { $0.key < $1.key }.reduce(0) {
        $0 + $1.value
      }
    stats.workoutCount = answers.workouts.count
    stats.workoutSeconds = answers.workouts.values.reduce(0, +)
    let lastDay = window.end.adding(seconds: -1)
    stats.streakDays = ReportStreak.days(filed, today: lastDay, zone: zone)
    stats.topInsights = disjointInsights(
      insights ?? InsightsEngine.compute(reports: filed, questions: questions, people: people))
    return stats
  }

  /// Counts, most first, then alphabetical; the first five.
  static func top(_ counts: [String: Int]) -> [Count] {
    counts.map { Count(name: $0.key, count: $0.value) }
      .sorted { $0.count != $1.count ? $0.count > $1.count : $0.name < $1.name }
      .prefix(topCount).map { $0 }
  }

  /// The first two insights whose sources are not among those already taken.
  static func disjointInsights(_ insights: [Insight]) -> [Insight] {
    var taken = Set<String>()
    var chosen: [Insight] = []
    for insight in insights where chosen.count < 2 {
      guard taken.isDisjoint(with: insight.sourceKeys) else { continue }
      taken.formUnion(insight.sourceKeys)
      chosen.append(insight)
    }
    return chosen
  }
}
