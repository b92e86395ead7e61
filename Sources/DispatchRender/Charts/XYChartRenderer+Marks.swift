import DispatchSupport

extension XYChartRenderer {
  /// One group per series, labelled with the series name, holding its path.
  func marks(_ series: [PreparedSeries], _ layout: Layout) -> [SVGElement] {
    series.compactMap { prepared in
      guard !prepared.points.isEmpty else { return nil }
      let color = frame.palette.seriesColor(prepared.index).hexText
      let shape: SVGElement
      switch mark {
      case .line: shape = line(prepared, layout, color: color)
      case .scatter: shape = points(prepared, layout, color: color)
      case .bar: shape = bars(prepared, seriesCount: series.count, layout, color: color)
      }
      return SVGElement(
        "g", [SVGAttribute("class", "series"), SVGAttribute("aria-label", prepared.name)],
        children: [.element(shape)])
    }
  }

  /// A polyline per run between gaps; a single point becomes a dot, since a one-point line
  /// draws nothing.
  private func line(_ series: PreparedSeries, _ layout: Layout, color: String) -> SVGElement {
    let runs = series.runs
    guard runs.contains(where: { $0.count > 1 }) else {
      return points(series, layout, color: color)
    }
    var path = SVGPathData(reservingCapacity: series.points.count * 14)
    for run in runs {
      for (offset, point) in run.enumerated() {
        let x = layout.x.position(point.x)
        let y = layout.y.position(point.y)
        if offset == 0 { path.move(x: x, y: y) } else { path.line(x: x, y: y) }
      }
      // A lone point between two gaps: a round cap on a zero-length segment draws a dot.
      if run.count == 1 {
        path.line(x: layout.x.position(run[0].x), y: layout.y.position(run[0].y))
      }
    }
    var attributes = [
      SVGAttribute("d", path.text), SVGAttribute("fill", "none"), SVGAttribute("stroke", color),
      SVGAttribute("stroke-width", 2), SVGAttribute("stroke-linejoin", "round"),
      SVGAttribute("stroke-linecap", "round"),
    ]
    if let dash = frame.palette.seriesDash(series.index) {
      attributes.append(SVGAttribute("stroke-dasharray", dash))
    }
    return SVGElement("path", attributes)
  }

  /// A dot of radius 2.5 per point, all in one path.
  private func points(_ series: PreparedSeries, _ layout: Layout, color: String) -> SVGElement {
    var path = SVGPathData(reservingCapacity: series.points.count * 40)
    for point in series.points {
      path.circle(x: layout.x.position(point.x), y: layout.y.position(point.y), radius: 2.5)
    }
    return SVGElement("path", [SVGAttribute("d", path.text), SVGAttribute("fill", color)])
  }

  /// Bars from the zero line: grouped within each category band, centred on x otherwise, and
  /// one pixel wide per column when the series was reduced.
  private func bars(
    _ series: PreparedSeries, seriesCount: Int, _ layout: Layout, color: String
  ) -> SVGElement {
    let baseline = layout.y.position(min(max(0, layout.yTicks.lower), layout.yTicks.upper))
    var path = SVGPathData()
    func bar(x: Double, width: Double, from low: Double, to high: Double) {
      let top = min(layout.y.position(low), layout.y.position(high))
      let bottom = max(layout.y.position(low), layout.y.position(high))
      path.rectangle(x: x, y: top, width: width, height: bottom - top)
    }
    if let columns = series.columnBars {
      for column in columns {
        bar(
          x: layout.left + Double(column.column), width: 1, from: min(0, column.lowest),
          to: max(0, column.highest))
      }
    } else {
      let group = groupWidth(layout)
      let width = group / Double(seriesCount)
      let inset = width > 4 ? 0.5 : 0
      for point in series.points {
        let x = layout.x.position(point.x) - group / 2 + width * Double(series.index) + inset
        let y = layout.y.position(point.y)
        path.rectangle(
          x: x, y: min(y, baseline), width: max(0.5, width - 2 * inset),
          height: abs(baseline - y))
      }
    }
    return SVGElement("path", [SVGAttribute("d", path.text), SVGAttribute("fill", color)])
  }

  /// The width a group of bars takes: 80 % of a category band, or of the smallest gap between
  /// two x values (at most 48 px, at least 1 px).
  private func groupWidth(_ layout: Layout) -> Double {
    if case .categorical = chart.xAxis {
      let count = max(1, (layout.xDomain.upper - layout.xDomain.lower).rounded())
      return (layout.right - layout.left) / count * 0.8
    }
    let positions = Set(
      chart.series.flatMap { $0.points.filter(\.isFinite).map { layout.x.position($0.x) } }
    ).sorted()
    let gaps = zip(positions, positions.dropFirst()).map { $1 - $0 }
    let gap = gaps.min() ?? 60
    return min(48, max(1, gap * 0.8))
  }
}
