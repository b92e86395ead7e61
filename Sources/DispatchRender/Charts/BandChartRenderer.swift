import DispatchSupport

/// Draws a ``BandChart``: one card-coloured panel holding a column of stacked option blocks
/// per period (docs/charts.md#question-series).
///
/// Block heights come from ``OptionBlockLayout/heights(shares:totalHeight:minimumHeight:spacing:)``
/// over the options answered in that period, colours from the palette's series colours by the
/// option's index, so an option looks the same in every period and two options never look
/// alike (Dispatch's app shades one blue, which left four or more options indistinguishable).
/// Each block carries a `<title>` with its count and share, and a label inside when it fits;
/// label text is black or white, whichever contrasts more with the block.
struct BandChartRenderer {
  let spec: ChartSpec
  let chart: BandChart
  let frame: ChartFrame

  /// Space between the card's edge and the blocks.
  private static let inset = 8.0

  func render() -> SVGElement {
    let description = spec.summary ?? ChartDescription.bands(chart)
    var svg = frame.root(title: spec.title, description: description)
    let lines = spec.subtitle.map { [$0] } ?? []
    let shades = chart.options.indices.map(frame.palette.seriesColor)
    guard chart.hasData else {
      let header = frame.header(title: spec.title, lines: lines, notes: [], legend: [])
      svg.append(contentsOf: header.elements)
      svg.append(frame.noData(top: header.bottom))
      return svg
    }
    let legend =
      chart.options.count > 1
      ? zip(chart.options, shades).map { LegendEntry(name: $0, color: $1, dash: nil) } : []
    let header = frame.header(title: spec.title, lines: lines, notes: [], legend: legend)
    svg.append(contentsOf: header.elements)
    let left = ChartFrame.padding
    let right = frame.width - ChartFrame.padding
    let top = header.bottom
    let bottom = max(top + 2 * Self.inset + 1, frame.height - ChartFrame.padding - 18)
    svg.append(
      SVGElement(
        "rect",
        [
          SVGAttribute("class", "card"), SVGAttribute("x", left), SVGAttribute("y", top),
          SVGAttribute("width", right - left), SVGAttribute("height", bottom - top),
          SVGAttribute("rx", 8),
          SVGAttribute("fill", frame.palette.background.hexText),
          SVGAttribute("stroke", frame.palette.grid.hexText),
        ]))
    let count = Double(chart.periods.count)
    let innerWidth = right - left - 2 * Self.inset
    let gap = count > 1 ? min(8, innerWidth * 0.2 / (count - 1)) : 0
    let columnWidth = max(0.5, (innerWidth - gap * (count - 1)) / count)
    var labels: [SVGElement] = []
    var lastEnd = -Double.infinity
    for (index, period) in chart.periods.enumerated() {
      let x = left + Self.inset + Double(index) * (columnWidth + gap)
      svg.append(
        column(
          period, x: x, width: columnWidth, top: top + Self.inset,
          height: bottom - top - 2 * Self.inset, shades: shades))
      let labelWidth = ChartText.estimatedWidth(period.label, fontSize: ChartFrame.tickSize)
      let center = min(
        max(x + columnWidth / 2, labelWidth / 2 + 2), frame.width - labelWidth / 2 - 2)
      guard center - labelWidth / 2 >= lastEnd + 6 else { continue }
      lastEnd = center + labelWidth / 2
      labels.append(
        frame.text(
          period.label, x: center, y: bottom + 14, size: ChartFrame.tickSize,
          color: frame.palette.mutedText, anchor: "middle"))
    }
    svg.append(
      SVGElement("g", [SVGAttribute("class", "x-labels")], children: labels.map(SVGNode.element)))
    return svg
  }

  /// One period's blocks, top to bottom in option order.
  private func column(
    _ period: BandChart.Period, x: Double, width: Double, top: Double, height: Double,
    shades: [RGBColor]
  ) -> SVGElement {
    let answered = chart.options.indices.filter { period.count($0) > 0 }
    let total = period.total
    guard total > 0 else {
      // An empty band says so instead of looking like missing drawing.
      let fits = ChartText.estimatedWidth("no answers", fontSize: ChartFrame.tickSize) <= width - 6
      let label = frame.text(
        fits ? "no answers" : "–", x: x + width / 2, y: top + height / 2 + 4,
        size: ChartFrame.tickSize, color: frame.palette.mutedText, anchor: "middle")
      return SVGElement(
        "g", [SVGAttribute("class", "band"), SVGAttribute("aria-label", period.label)],
        children: [.element(label)])
    }
    let heights = OptionBlockLayout.heights(
      shares: answered.map { Double(period.count($0)) / Double(max(1, total)) },
      totalHeight: height)
    var children: [SVGNode] = []
    var y = top
    for (option, blockHeight) in zip(answered, heights) {
      let shade = shades[option]
      let name = chart.options[option]
      let share = ChartDescription.percent(period.count(option), of: total)
      let tooltip =
        period.label + ": " + name + " " + ChartText.grouped(period.count(option)) + " of "
        + ChartText.grouped(total) + " (" + share + ")"
      children.append(
        .element(
          SVGElement(
            "rect",
            [
              SVGAttribute("x", x), SVGAttribute("y", y), SVGAttribute("width", width),
              SVGAttribute("height", blockHeight), SVGAttribute("rx", min(3, width / 4)),
              SVGAttribute("fill", shade.hexText),
            ], children: [.element(SVGElement("title", text: tooltip))])))
      if let label = blockLabel(name: name, share: share, width: width, height: blockHeight) {
        children.append(
          .element(
            frame.text(
              label, x: x + width / 2, y: y + blockHeight / 2 + 4, size: ChartFrame.tickSize,
              color: shade.readableTextColor, anchor: "middle")))
      }
      y += blockHeight + OptionBlockLayout.spacing
    }
    return SVGElement(
      "g", [SVGAttribute("class", "band"), SVGAttribute("aria-label", period.label)],
      children: children)
  }

  /// `Yes 67%` when it fits the block, else `67%`, else nothing.
  private func blockLabel(name: String, share: String, width: Double, height: Double) -> String? {
    guard height >= 16 else { return nil }
    for candidate in [name + " " + share, share]
    where ChartText.estimatedWidth(candidate, fontSize: ChartFrame.tickSize) <= width - 6 {
      return candidate
    }
    return nil
  }
}
