import DispatchAnalytics
import DispatchCore
import DispatchFeatures
import DispatchRender
import DispatchStorage
import Foundation

extension DispatchStore {
  /// The dashboard's data: every enabled question's chart, daily graphs of moods and the
  /// common health metrics present, insights, the digest and mood week comparison for the
  /// week ending with the last report (or `now` when there is none), and the metric-context
  /// entries — of the whole history, or of what falls in `range` (`to` is exclusive, as
  /// `--to` gives it).
  public func dashboardData(now: Instant, range: DashboardData.Range = .init()) throws
    -> DashboardData
  {
    let input = try analysisInput()
    let filed = input.reports.filter { !$0.isDraft && range.contains($0.date) }
    let last = filed.map(\.date).max()
    let ending = last ?? now
    var charts: [DashboardData.QuestionChart] = []
    // A column per week stays wide enough for its percentages over three months; a longer
    // history is drawn a column per month.
    let first = filed.map(\.date).min()
    let span = first.map { (ending.milliseconds - $0.milliseconds) / 86_400_000 } ?? 0
    let bandPeriod: OptionSharesOverTime.Period = span > 91 ? .month : .week
    for question in input.questions where question.isEnabled {
      let series = VisualizationData.build(
        question: question, reports: filed, people: input.people)
      let bands =
        [.yesNo, .multipleChoice].contains(question.type)
        ? OptionSharesOverTime.build(question: question, reports: filed, period: bandPeriod)
        : nil
      let periods =
        question.type == .number
        ? NumberPeriods.build(question: question, reports: filed, unit: nil) : nil
      charts.append(.init(question: question, series: series, bands: bands, periods: periods))
    }
    let zone = try ScheduleSettings.load(from: self).zone
    let context = try records.metricContext().filter {
      range.overlaps(from: $0.from.instant, to: $0.to)
    }
    var metrics: [DashboardData.MetricChart] = []
    var weeks: WeekComparison?
    let moods = try graphData(query: "mood", attribute: nil).samples.filter {
      range.contains($0.start)
    }
    if !moods.isEmpty {
      metrics.append(
        .init(
          title: "Mood per day",
          series: GraphBuilder.grouped(
            moods, grouping: .time(.day), aggregations: [.average], name: "rating")))
      let comparison = WeekComparison.compute(
        moods, metric: "mood", ending: ending, zone: zone,
        context: Self.context(context, for: ["mood"]))
      if comparison.later.entries + comparison.earlier.entries > 0 { weeks = comparison }
    }
    metrics += try healthMetricCharts(zone: zone, range: range)
    let insights = InsightsEngine.compute(
      reports: filed, questions: input.questions, people: input.people)
    let digest = DigestStats.compute(
      reports: filed, questions: input.questions, people: input.people, period: .week,
      ending: ending, zone: zone, insights: insights,
      stepsTotal: try periodSteps(DigestPeriod.week.window(ending: ending, zone: zone), zone: zone))
    var data = DashboardData(
      reportCount: filed.count, firstReport: filed.map(\.date).min(), lastReport: last,
      questions: charts, metrics: metrics, insights: insights, digest: digest,
      weekComparison: weeks, context: context)
    data.zone = zone
    data.range = range
    data.savedGraphs = try SavedGraphs.drawn(self)
    return data
  }

  /// Daily steps (de-duplicated across sources), heart rate and resting heart rate, for the
  /// types the store has.
  private func healthMetricCharts(zone: TimeZone, range: DashboardData.Range) throws
    -> [DashboardData.MetricChart]
  {
    let days = range.localDays(in: zone)
    let present = Set(try health.healthTypes().map(\.type))
    let wanted = [
      ("HKQuantityTypeIdentifierStepCount", "Steps per day (one source per interval)", "steps"),
      ("HKQuantityTypeIdentifierHeartRate", "Heart rate per day (average)", "bpm"),
      ("HKQuantityTypeIdentifierRestingHeartRate", "Resting heart rate per day", "bpm"),
    ]
    return try wanted.filter { present.contains($0.0) }.map { type, title, name in
      let series = try health.healthSeries(type: type, period: .day, zone: zone)
      let points = series.points.compactMap { point -> GraphPoint? in
        guard days.from.map({ point.date >= $0 }) ?? true,
          days.to.map({ point.date <= $0 }) ?? true,
          let day = DateArgument.dayNumber(point.date)
        else { return nil }
        return GraphPoint(label: point.date, x: Double(day) * 86_400_000, y: point.value)
      }
      return DashboardData.MetricChart(
        title: title, series: [GraphSeries(name: name, points: points)])
    }
  }
}
