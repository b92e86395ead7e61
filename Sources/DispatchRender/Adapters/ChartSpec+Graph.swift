import DispatchAnalytics

/// Graph series (Introspective's line, bar and scatter graphs) as chart specs.
extension ChartSpec {
  /// How a graph draws its series.
  public enum GraphKind: String, Sendable, CaseIterable {
    case line, bar, scatter
  }

  /// A chart of `series` grouped by `grouping` (nil: one point per record, on a time axis).
  /// Empty groups of averages are gaps: their points are left out and lines break there. Time
  /// axes read in local time: x is each record's own wall time.
  public static func graph(
    _ series: [GraphSeries], grouping: GraphGrouping?, kind: GraphKind, title: String,
    subtitle: String? = nil, yLabel: String? = nil, yValues: ChartValueStyle = .number
  ) -> ChartSpec {
    let axis: ChartXAxis
    switch grouping {
    case nil, .time?: axis = .time(offsetSeconds: 0)
    case .dayOfWeek?, .tag?, .value?:
      axis = .categorical(series.first?.points.map(\.label) ?? [])
    }
    let chartSeries = series.map { one in
      var points: [ChartPoint] = []
      var gaps: [Double] = []
      for (index, point) in one.points.enumerated() {
        let x: Double
        if case .categorical = axis { x = Double(index) } else { x = point.x }
        if let y = point.y { points.append(ChartPoint(x: x, y: y)) } else { gaps.append(x) }
      }
      return ChartSeries(name: one.name, points: points, gaps: gaps)
    }
    var chart = XYChart(xAxis: axis, yLabel: yLabel, series: chartSeries)
    chart.yValues = yValues
    if case .time = axis { chart.timeZoneName = XYChart.localTime }
    return ChartSpec(title: title, subtitle: subtitle, content: content(kind, chart))
  }

  /// Two types paired by group: a scatter of one aggregate against the other.
  public static func paired(
    _ points: [GraphPoint], title: String, xLabel: String, yLabel: String, subtitle: String? = nil
  ) -> ChartSpec {
    let chart = XYChart(
      xAxis: .numeric, xLabel: xLabel, yLabel: yLabel,
      series: [
        ChartSeries(
          name: yLabel,
          points: points.compactMap { point in point.y.map { ChartPoint(x: point.x, y: $0) } })
      ])
    return ChartSpec(title: title, subtitle: subtitle, content: .scatter(chart))
  }

  private static func content(_ kind: GraphKind, _ chart: XYChart) -> ChartContent {
    switch kind {
    case .line: return .line(chart)
    case .bar: return .bar(chart)
    case .scatter: return .scatter(chart)
    }
  }
}
