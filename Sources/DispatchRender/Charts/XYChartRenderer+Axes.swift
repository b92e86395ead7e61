import DispatchSupport

extension XYChartRenderer {
  /// Whether x is an index into categories.
  var isCategorical: Bool {
    if case .categorical = chart.xAxis { return true }
    return false
  }

  /// Grid, y tick labels, the x axis line with its ticks and labels, and the captions.
  func axes(_ layout: Layout) -> [SVGElement] {
    let palette = frame.palette
    var grid = SVGPathData()
    var yLabels: [SVGElement] = []
    for (value, label) in zip(layout.yTicks.values, layout.yLabels) {
      let y = layout.y.position(value)
      grid.horizontal(fromX: layout.left, toX: layout.right, y: y)
      var text = frame.text(
        label, x: layout.left - 6, y: y, size: ChartFrame.tickSize, color: palette.mutedText,
        anchor: "end")
      text.set("dy", "0.32em")
      yLabels.append(text)
    }
    var elements = [
      SVGElement(
        "path",
        [
          SVGAttribute("class", "grid"), SVGAttribute("d", grid.text),
          SVGAttribute("stroke", palette.grid.hexText), SVGAttribute("stroke-width", 1),
        ]),
      SVGElement("g", [SVGAttribute("class", "y-axis")], children: yLabels.map(SVGNode.element)),
    ]
    var axis = SVGPathData()
    axis.horizontal(fromX: layout.left, toX: layout.right, y: layout.bottom)
    var labels: [SVGElement] = []
    var lastEnd = -Double.infinity
    for (position, label) in xTicks(layout) {
      axis.vertical(x: position, fromY: layout.bottom, toY: layout.bottom + 4)
      let width = ChartText.estimatedWidth(label, fontSize: ChartFrame.tickSize)
      let center = min(max(position, width / 2 + 2), frame.width - width / 2 - 2)
      // Labels that would overlap the previous one are skipped; the tick mark stays.
      guard center - width / 2 >= lastEnd + 6 else { continue }
      lastEnd = center + width / 2
      labels.append(
        frame.text(
          label, x: center, y: layout.bottom + 16, size: ChartFrame.tickSize,
          color: palette.mutedText, anchor: "middle"))
    }
    elements.append(
      SVGElement(
        "path",
        [
          SVGAttribute("class", "x-axis"), SVGAttribute("d", axis.text),
          SVGAttribute("stroke", palette.mutedText.hexText), SVGAttribute("stroke-width", 1),
        ]))
    elements.append(
      SVGElement("g", [SVGAttribute("class", "x-labels")], children: labels.map(SVGNode.element)))
    elements += captions(layout)
    return elements
  }

  /// The x caption centred under the tick labels and the y caption turned along the axis.
  private func captions(_ layout: Layout) -> [SVGElement] {
    var elements: [SVGElement] = []
    let inner = frame.width - 2 * ChartFrame.padding
    if let caption = xCaption {
      elements.append(
        frame.text(
          ChartText.truncated(caption, toWidth: inner, fontSize: ChartFrame.textSize),
          x: (layout.left + layout.right) / 2, y: layout.bottom + 32, size: ChartFrame.textSize,
          color: frame.palette.text, anchor: "middle"))
    }
    if let yLabel = chart.yLabel {
      let x = ChartFrame.padding + 10
      let y = (layout.top + layout.bottom) / 2
      var text = frame.text(
        ChartText.truncated(
          yLabel, toWidth: layout.bottom - layout.top, fontSize: ChartFrame.textSize),
        x: x, y: y, size: ChartFrame.textSize, color: frame.palette.text, anchor: "middle")
      text.set("transform", "rotate(-90 " + SVGNumber.text(x) + " " + SVGNumber.text(y) + ")")
      elements.append(text)
    }
    return elements
  }

  /// Tick positions in pixels with their labels, for the chart's x axis.
  private func xTicks(_ layout: Layout) -> [(Double, String)] {
    let width = layout.right - layout.left
    switch chart.xAxis {
    case .time(let offset):
      let ticks = TimeTicks(
        lower: layout.xDomain.lower, upper: layout.xDomain.upper, offsetSeconds: offset,
        targetCount: max(2, Int(width / 90)))
      return zip(ticks.values.map(layout.x.position), ticks.labels).map { ($0, $1) }
    case .numeric:
      let ticks = NiceTicks(
        lower: layout.xDomain.lower, upper: layout.xDomain.upper,
        targetCount: max(2, Int(width / 70)))
      let labels = ChartText.tickLabels(ticks.values, step: ticks.step)
      return zip(ticks.values.map(layout.x.position), labels).map { ($0, $1) }
    case .categorical(let categories):
      let band = width / Double(max(1, categories.count))
      return categories.enumerated().map { index, name in
        let label = ChartText.truncated(
          name, toWidth: max(band - 6, 24), fontSize: ChartFrame.tickSize)
        return (layout.x.position(Double(index)), label)
      }
    }
  }
}
