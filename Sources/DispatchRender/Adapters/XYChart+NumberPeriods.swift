import DispatchAnalytics

extension XYChart {
  /// A number question per period (docs/charts.md#question-series): a line through each
  /// period's mean, broken where a period has no answers, over a band from each period's
  /// lowest to its highest answer, and the mean of every answer as the reference line. x is
  /// each period's first local day, so the axis reads in local time.
  public static func numberPeriods(_ periods: NumberPeriods, yLabel: String, mean: Double)
    -> XYChart
  {
    var points: [ChartPoint] = []
    var gaps: [Double] = []
    var ranges: [ChartRange] = []
    for period in periods.periods {
      let x = Double(period.firstDay) * 86_400_000
      guard let average = period.mean, let lowest = period.lowest, let highest = period.highest
      else {
        gaps.append(x)
        continue
      }
      points.append(ChartPoint(x: x, y: average))
      ranges.append(ChartRange(x: x, lower: lowest, upper: highest))
    }
    var chart = XYChart(
      xAxis: .time(offsetSeconds: 0), yLabel: yLabel,
      series: [
        ChartSeries(name: "mean per " + periods.unit.rawValue, points: points, gaps: gaps)
      ],
      referenceLine: XYChart.ReferenceLine(value: mean, label: "mean of all"))
    chart.band = ChartBand(name: "lowest to highest", ranges: ranges)
    chart.timeZoneName = XYChart.localTime
    return chart
  }

  /// A time-of-day question per period: the average time over a band from the earliest to
  /// the latest, on a clock that runs on past midnight (``ClockPeriods``), ticks as `23:30`.
  public static func clockPeriods(_ clock: ClockPeriods) -> XYChart {
    var chart = numberPeriods(clock.periods, yLabel: "time of day", mean: clock.mean)
    chart.series[0].name = "average per " + clock.periods.unit.rawValue
    chart.band?.name = "earliest to latest"
    chart.referenceLine?.label = "average of all"
    chart.yValues = .clock
    return chart
  }

  /// The caption of time axes whose x values are each record's own wall time.
  public static let localTime = "local time"
}
