import DispatchSupport

extension XYChartRenderer {
  /// Above this many drawn points a chart gets no targets: they would cost more bytes than
  /// the drawing. A line reduced to fit the width keeps targets for the points it still draws;
  /// bars reduced to pixel columns have none, as a column is no longer one point.
  static let pointValueLimit = 2_000

  /// An invisible circle over each point, titled "mood: 2026-05-25 — 6.4", for a page to
  /// show values on hover; nil when the chart has too many points or bars in pixel columns.
  func pointTargets(_ series: [PreparedSeries], _ layout: Layout) -> SVGElement? {
    let count = series.reduce(0) { $0 + $1.points.count }
    guard count > 0, count <= Self.pointValueLimit,
      !series.contains(where: { $0.columnBars != nil })
    else { return nil }
    var targets = SVGElement("g", [SVGAttribute("class", "point-values")])
    for prepared in series {
      for point in prepared.points {
        let text = "\(prepared.name): \(xText(point.x)) — \(ChartText.number(point.y, decimals: 2))"
        var circle = SVGElement(
          "circle",
          [
            SVGAttribute("cx", layout.x.position(point.x)),
            SVGAttribute("cy", layout.y.position(point.y)), SVGAttribute("r", 6),
            SVGAttribute("fill", "transparent"), SVGAttribute("data-value", text),
          ])
        circle.append(SVGElement("title", [], text: text))
        targets.append(circle)
      }
    }
    return targets
  }

  /// A point's x as its axis reads it: a local date (and time, unless midnight), a category,
  /// or a number.
  private func xText(_ x: Double) -> String {
    switch chart.xAxis {
    case .time(let offset):
      let text = TimeTicks.fullText(x, offsetSeconds: offset)
      return text.hasSuffix(" 00:00") ? String(text.dropLast(6)) : text
    case .categorical(let names):
      let index = Int(x.rounded())
      return names.indices.contains(index) ? names[index] : ChartText.number(x, decimals: 2)
    case .numeric:
      return ChartText.number(x, decimals: 2)
    }
  }
}
