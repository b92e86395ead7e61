import DispatchSupport

/// Draws an ``XYChart`` as SVG lines, bars or points.
///
/// Layout runs in an order without cycles: y ticks depend only on the data and the chart
/// height, the left margin on their labels, the pixel columns on the margin, downsampling on
/// the columns, the header (with the downsampling note) on that, and the plot's height last.
struct XYChartRenderer {
  /// How points are marked.
  enum Mark { case line, bar, scatter }

  let spec: ChartSpec
  let chart: XYChart
  let mark: Mark
  let frame: ChartFrame

  /// The plot rectangle and its scales.
  struct Layout {
    let left: Double
    let right: Double
    let top: Double
    let bottom: Double
    let x: LinearScale
    let y: LinearScale
    let yTicks: NiceTicks
    let yLabels: [String]
    let xDomain: (lower: Double, upper: Double)
  }

  func render() -> SVGElement {
    var series = XYSeriesPreparation.prepare(chart, sortByX: mark != .scatter)
    let description = spec.summary ?? ChartDescription.xy(chart, kind: spec.content, series)
    var svg = frame.root(title: spec.title, description: description)
    let lines = spec.subtitle.map { [$0] } ?? []
    guard series.contains(where: { !$0.points.isEmpty }) || chart.hasData else {
      let header = frame.header(title: spec.title, lines: lines, notes: [], legend: [])
      svg.append(contentsOf: header.elements)
      svg.append(frame.noData(top: header.bottom))
      return svg
    }
    let partial = horizontalLayout(series)
    let notes = XYSeriesPreparation.reduce(
      &series, mark: mark, columns: partial.columns, rows: Int(max(2, frame.height)),
      column: partial.column, cellY: { partial.yFraction($0) }, categorical: isCategorical)
    var legend =
      series.count > 1 || chart.band != nil
      ? series.map {
        LegendEntry(
          name: $0.name, color: frame.palette.seriesColor($0.index),
          dash: frame.palette.seriesDash($0.index))
      } : []
    if let band = chart.band {
      legend.append(
        LegendEntry(
          name: band.name,
          color: frame.palette.seriesColor(0).blended(toward: .white, fraction: 0.8),
          dash: nil))
    }
    let header = frame.header(title: spec.title, lines: lines, notes: notes, legend: legend)
    svg.append(contentsOf: header.elements)
    let layout = partial.layout(top: header.bottom + 4, bottom: plotBottom)
    svg.append(contentsOf: axes(layout))
    if let band = band(layout) { svg.append(band) }
    svg.append(contentsOf: marks(series, layout))
    if let reference = referenceLine(layout) { svg.append(reference) }
    if frame.pointValues, let targets = pointTargets(series, layout) { svg.append(targets) }
    return svg
  }

  /// The bottom of the plot: room for tick labels and, when there is one, the x caption.
  private var plotBottom: Double {
    frame.height - ChartFrame.padding - 16 - (xCaption == nil ? 0 : ChartFrame.lineHeight)
  }

  /// The x caption; time axes always have one, naming the date range and the zone (the UTC
  /// offset, or local time).
  var xCaption: String? {
    guard case .time(let offset) = chart.xAxis else { return chart.xLabel }
    let bounds = XYSeriesPreparation.xBounds(chart)
    let range = TimeTicks.rangeText(
      lower: bounds?.lower ?? 0, upper: bounds?.upper ?? 0, offsetSeconds: offset,
      zoneName: chart.timeZoneName)
    return (chart.xLabel ?? "Time") + " (" + range + ")"
  }

  /// Everything about the layout that does not depend on the header.
  struct HorizontalLayout {
    let left: Double
    let right: Double
    let yTicks: NiceTicks
    let yLabels: [String]
    let xDomain: (lower: Double, upper: Double)

    var columns: Int { max(1, Int(right - left)) }

    var xScale: LinearScale {
      LinearScale(
        domainLower: xDomain.lower, domainUpper: xDomain.upper, rangeLower: left,
        rangeUpper: right)
    }

    func column(_ point: ChartPoint) -> Int {
      min(columns - 1, max(0, Int(xScale.position(point.x) - left)))
    }

    /// Where a point's y sits in the domain, 0 (bottom) … 1 (top).
    func yFraction(_ point: ChartPoint) -> Double {
      LinearScale(
        domainLower: yTicks.lower, domainUpper: yTicks.upper, rangeLower: 0, rangeUpper: 1
      )
      .position(point.y)
    }

    func layout(top: Double, bottom: Double) -> Layout {
      let plotBottom = max(top + 1, bottom)
      return Layout(
        left: left, right: right, top: top, bottom: plotBottom, x: xScale,
        y: LinearScale(
          domainLower: yTicks.lower, domainUpper: yTicks.upper, rangeLower: plotBottom,
          rangeUpper: top),
        yTicks: yTicks, yLabels: yLabels, xDomain: xDomain)
    }
  }

  private func horizontalLayout(_ series: [PreparedSeries]) -> HorizontalLayout {
    let band = chart.band?.ranges.filter(\.isFinite) ?? []
    let ys = series.flatMap { $0.points.map(\.y) } + band.flatMap { [$0.lower, $0.upper] }
    var lower = ys.min() ?? 0
    var upper = ys.max() ?? 1
    if let reference = chart.referenceLine?.value, reference.isFinite {
      lower = min(lower, reference)
      upper = max(upper, reference)
    }
    if mark == .bar {
      lower = min(lower, 0)
      upper = max(upper, 0)
    }
    if mark == .scatter {
      // Dots on the axis line are hard to see; leave a little room around the data.
      let pad = upper * 0.02 - lower * 0.02
      lower -= pad
      upper += pad
    }
    let target = max(3, min(8, Int(frame.height / 60)))
    let yTicks = NiceTicks(lower: lower, upper: upper, targetCount: target)
    let yLabels = ChartText.tickLabels(yTicks.values, step: yTicks.step, style: chart.yValues)
    let labelWidth =
      yLabels.map { ChartText.estimatedWidth($0, fontSize: ChartFrame.tickSize) }.max() ?? 0
    let left = min(
      frame.width / 2,
      ChartFrame.padding + (chart.yLabel == nil ? 0 : ChartFrame.lineHeight) + labelWidth + 8)
    let right = max(left + 1, frame.width - ChartFrame.padding)
    return HorizontalLayout(
      left: left, right: right, yTicks: yTicks, yLabels: yLabels,
      xDomain: xDomain(series, width: right - left))
  }

  /// The x domain: the data's range for time (a day around a single instant), nice ticks for
  /// numbers, half a band beyond the first and last category.
  private func xDomain(_ series: [PreparedSeries], width: Double) -> (lower: Double, upper: Double)
  {
    let xs = series.flatMap { $0.points.map(\.x) }
    let lower = xs.min() ?? 0
    let upper = xs.max() ?? 1
    switch chart.xAxis {
    case .categorical(let categories):
      let count = max(categories.count, Int(max(0, min(upper, 10_000))) + 1)
      return (-0.5, Double(count) - 0.5)
    case .time:
      guard lower < upper else { return (lower - 43_200_000, upper + 43_200_000) }
      let pad = mark == .bar ? (upper - lower) * 0.03 : 0
      return (lower - pad, upper + pad)
    case .numeric:
      let ticks = NiceTicks(lower: lower, upper: upper, targetCount: max(2, Int(width / 70)))
      return (ticks.lower, ticks.upper)
    }
  }

  private func referenceLine(_ layout: Layout) -> SVGElement? {
    guard let reference = chart.referenceLine, reference.value.isFinite else { return nil }
    let y = layout.y.position(reference.value)
    var path = SVGPathData()
    path.horizontal(fromX: layout.left, toX: layout.right, y: y)
    let color = frame.palette.mutedText.hexText
    return SVGElement(
      "g", [SVGAttribute("class", "reference")],
      children: [
        .element(
          SVGElement(
            "path",
            [
              SVGAttribute("d", path.text), SVGAttribute("stroke", color),
              SVGAttribute("stroke-width", 1.5), SVGAttribute("stroke-dasharray", "4 4"),
            ])),
        .element(
          halo(
            frame.text(
              reference.label + " " + ChartText.value(reference.value, style: chart.yValues),
              x: layout.right,
              y: y - 4, size: ChartFrame.tickSize, color: frame.palette.mutedText, anchor: "end"))),
      ])
  }

  /// `text` with a background-coloured outline painted under it, so it stays legible where
  /// it crosses a series.
  private func halo(_ text: SVGElement) -> SVGElement {
    var text = text
    text.set("stroke", frame.palette.background.hexText)
    text.set("stroke-width", "3")
    text.set("paint-order", "stroke")
    return text
  }
}
