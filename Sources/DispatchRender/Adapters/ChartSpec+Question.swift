import DispatchAnalytics
import DispatchCore

/// The home chart of a question (docs/charts.md#question-series) as a chart spec: option shares as
/// proportion bands over time, numbers as their mean per period over a band of their range (or,
/// without periods, a line of every answer), tokens, people and places as frequency bars, times
/// of day as points.
extension ChartSpec {
  /// A question's chart; nil for notes, which are listed rather than drawn.
  public static func question(
    _ question: Question, series: QuestionSeries, bands: OptionSharesOverTime?,
    periods: NumberPeriods? = nil, subtitle: String? = nil
  ) -> ChartSpec? {
    let title = question.prompt
    switch series {
    case .optionShares(let shares):
      if let bands, bands.slices.count > 1 {
        return ChartSpec(
          title: title, subtitle: subtitle,
          content: .bands(
            BandChart(
              options: bands.options,
              periods: bands.slices.map { slice in
                BandChart.Period(label: slice.label, counts: slice.shares.map(\.count))
              })))
      }
      return ChartSpec(
        title: title, subtitle: subtitle,
        content: .frequency(
          FrequencyChart(items: shares.map { .init(label: $0.option, count: $0.count) })))
    case .numeric(let points, let mean):
      if let periods, !periods.periods.isEmpty {
        return ChartSpec(
          title: title, subtitle: subtitle,
          content: .line(.numberPeriods(periods, yLabel: question.prompt, mean: mean)))
      }
      return ChartSpec(
        title: title, subtitle: subtitle,
        content: .line(
          XYChart(
            xAxis: .time(offsetSeconds: 0), yLabel: question.prompt,
            series: [
              ChartSeries(
                name: question.prompt, points: points.map { ChartPoint($0.date, $0.value) })
            ],
            referenceLine: .mean(mean))))
    case .frequency(let entries, let distinct), .places(let entries, let distinct):
      return ChartSpec(
        title: title, subtitle: subtitle,
        content: .frequency(
          FrequencyChart(
            items: entries.map { .init(label: $0.value, count: $0.count) },
            distinctCount: distinct)))
    case .timePoints(let points, _):
      if let clock = ClockPeriods.build(points, unit: periods?.unit),
        clock.periods.periods.count > 1
      {
        return ChartSpec(
          title: title, subtitle: subtitle, content: .line(.clockPeriods(clock)))
      }
      // x is each report's local wall time, as the hour of day on y is.
      var chart = XYChart(
        xAxis: .time(offsetSeconds: 0), yLabel: "hour of day",
        series: [
          ChartSeries(
            name: question.prompt,
            points: points.map { point in
              ChartPoint(
                point.date.adding(seconds: Int64(point.offsetSeconds)),
                Double(point.minutes) / 60)
            })
        ])
      chart.timeZoneName = XYChart.localTime
      return ChartSpec(title: title, subtitle: subtitle, content: .scatter(chart))
    case .recentNotes:
      return nil
    case .empty:
      return ChartSpec(
        title: title, subtitle: subtitle,
        content: .line(XYChart(xAxis: .time(offsetSeconds: 0), series: [])))
    }
  }
}
