import DispatchAnalytics
import DispatchCore
import DispatchStorage
import Foundation

/// The store's entry points for the insights engines and the digest: they read every filed
/// report with the questions and people its answers resolve through, then compute in memory.
extension DispatchStore {
  /// What the analysis engines read.
  public struct AnalysisInput: Sendable {
    public var reports: [Report]
    public var questions: [Question]
    public var people: [Person]
  }

  /// Every filed report, oldest first, with the questions and the people registry.
  public func analysisInput() throws -> AnalysisInput {
    AnalysisInput(
      reports: try reports.list(), questions: try questions.list(), people: try people.list())
  }

  /// The global engine's insights and the number of filed reports they looked at.
  public func insights() throws -> (insights: [Insight], reportCount: Int) {
    let input = try analysisInput()
    let insights = InsightsEngine.compute(
      reports: input.reports, questions: input.questions, people: input.people)
    return (insights, input.reports.filter { !$0.isDraft }.count)
  }

  /// The per-question drill-in of `question` over every filed report
  /// (docs/insights.md#drill-in-rules).
  public func drillIn(for question: Question) throws -> DrillIn {
    let input = try analysisInput()
    return DrillInEngine.compute(
      question: question, reports: input.reports, questions: input.questions,
      people: input.people)
  }

  /// The day-level engine's findings and shortfalls over every filed report, the direct records
  /// (mood and fatigue ratings, activities, medication doses, stress check-ins) and the day of
  /// the week (docs/insights.md#day-level-rules).
  public func dayLevelInsights() throws -> DayLevelResult {
    let input = try analysisInput()
    return DayLevelEngine.compute(
      reports: input.reports, questions: input.questions, people: input.people,
      records: try dayLevelRecords())
  }

  /// Every direct record the day-level engine compares, and the day figures it reads.
  public func dayLevelRecords() throws -> DayLevelRecords {
    let zone = try ScheduleSettings.load(from: self).zone
    return DayLevelRecords(
      ratings: try records.ratings(.mood) + records.ratings(.fatigue),
      activityDefinitions: try records.activityDefinitions(),
      activities: try records.activities(), medications: try records.medications(),
      doses: try records.doses(),
      stressCheckIns: try records.stressCheckIns(),
      dayFigures: [
        .steps: try health.dayFigures(.steps, zone: zone).values,
        .sleepHours: try health.dayFigures(.sleepHours, zone: zone).values,
      ])
  }

  /// The digest of the `period` ending on the local day of `ending` in the store's zone.
  public func digest(period: DigestPeriod, ending: Instant) throws -> DigestStats {
    let input = try analysisInput()
    let zone = try ScheduleSettings.load(from: self).zone
    return DigestStats.compute(
      reports: input.reports, questions: input.questions, people: input.people, period: period,
      ending: ending, zone: zone,
      stepsTotal: try periodSteps(period.window(ending: ending, zone: zone), zone: zone))
  }

  /// A digest window's steps: the sum of its days' ``DayFigure/steps``.
  public func periodSteps(_ window: DigestWindow, zone: TimeZone) throws -> Double {
    try health.dayFigures(.steps, from: window.start, to: window.end, zone: zone).total
  }
}
