import DispatchSupport

/// Draws a ``FrequencyChart``: one horizontal bar per value, longest first, with its count.
///
/// Labels sit right-aligned in a column left of the bars (truncated with `…` past 35 % of the
/// width); counts follow each bar's end. When there are more values than rows fit (14 px a
/// row at least) or than the limit, the chart shows the top ones and says so.
struct FrequencyChartRenderer {
  let spec: ChartSpec
  let chart: FrequencyChart
  let frame: ChartFrame

  func render() -> SVGElement {
    let description = spec.summary ?? ChartDescription.frequency(chart)
    var svg = frame.root(title: spec.title, description: description)
    let lines = spec.subtitle.map { [$0] } ?? []
    var items = chart.topItems
    guard !items.isEmpty else {
      let header = frame.header(title: spec.title, lines: lines, notes: [], legend: [])
      svg.append(contentsOf: header.elements)
      svg.append(frame.noData(top: header.bottom))
      return svg
    }
    // The header's height depends on whether a note is needed, which depends on the rows
    // that fit; one note line is assumed when deciding, which errs toward fewer rows.
    let noteHeight = ChartFrame.lineHeight
    let estimatedTop =
      ChartFrame.padding + 24 + (spec.subtitle == nil ? 0 : ChartFrame.lineHeight) + noteHeight
    let fitting = max(1, Int((frame.height - ChartFrame.padding - estimatedTop) / 14))
    items = Array(items.prefix(fitting))
    var notes: [String] = []
    if chart.totalDistinct > items.count {
      notes.append(
        "Top " + ChartText.grouped(items.count) + " of " + ChartText.grouped(chart.totalDistinct)
          + " values")
    }
    let header = frame.header(title: spec.title, lines: lines, notes: notes, legend: [])
    svg.append(contentsOf: header.elements)
    svg.append(bars(items, top: header.bottom))
    return svg
  }

  private func bars(_ items: [FrequencyChart.Item], top: Double) -> SVGElement {
    let left = ChartFrame.padding
    let right = frame.width - ChartFrame.padding
    let size = ChartFrame.textSize
    let widest = items.map { ChartText.estimatedWidth($0.label, fontSize: size) }.max() ?? 0
    let labelWidth = min((right - left) * 0.35, widest)
    let counts = items.map { ChartText.grouped($0.count) }
    let countWidth = counts.map { ChartText.estimatedWidth($0, fontSize: size) }.max() ?? 0
    let barLeft = left + labelWidth + 8
    let barSpace = max(1, right - barLeft - countWidth - 6)
    let rowHeight = min(
      28, max(14, (frame.height - ChartFrame.padding - top) / Double(items.count)))
    let largest = Double(items.map(\.count).max() ?? 1)
    let color = frame.palette.seriesColor(0)
    var path = SVGPathData()
    var texts: [SVGElement] = []
    for (row, item) in items.enumerated() {
      let y = top + Double(row) * rowHeight
      let middle = y + rowHeight / 2
      let length = max(1, Double(item.count) / largest * barSpace)
      path.rectangle(x: barLeft, y: y + rowHeight * 0.15, width: length, height: rowHeight * 0.7)
      var label = frame.text(
        ChartText.truncated(item.label, toWidth: labelWidth, fontSize: size), x: barLeft - 8,
        y: middle, size: size, color: frame.palette.text, anchor: "end")
      label.set("dy", "0.32em")
      var count = frame.text(
        counts[row], x: barLeft + length + 6, y: middle, size: size, color: frame.palette.mutedText)
      count.set("dy", "0.32em")
      texts += [label, count]
    }
    var children: [SVGNode] = [
      .element(
        SVGElement("path", [SVGAttribute("d", path.text), SVGAttribute("fill", color.hexText)]))
    ]
    children += texts.map(SVGNode.element)
    return SVGElement("g", [SVGAttribute("class", "bars")], children: children)
  }
}
