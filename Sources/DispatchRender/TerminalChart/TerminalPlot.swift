/// Line, scatter and column plots in braille cells, with y labels and the x range underneath.
///
/// Layout, in `width` × `height` terminal cells: the y axis title when both axes carry a
/// measure (`↑ Average rating`), y labels right-aligned against an axis (`┤` where a row is
/// labelled, `│` elsewhere), the plot in braille dots (2 × 4 per cell, so a 60-column plot has
/// 120 dots across), the x axis (`└───`), then the first and last x value with the x caption
/// between them (the time zone on time axes, the x title on numeric ones). A legend line names
/// the series by their markers when there are several, the band and the reference line, drawn
/// dotted. Every point is drawn, so nothing needs downsampling: dots simply coincide. Lines
/// break at the series' gaps.
public enum TerminalPlot {
  /// How points are drawn.
  public enum Mark: Sendable {
    /// Consecutive points joined by straight lines.
    case line
    /// One dot per point.
    case scatter
    /// A vertical run of dots from zero to the value.
    case bar
  }

  /// The plot's lines, at most `width` columns and `height` lines (at least 3 lines).
  public static func lines(
    _ chart: XYChart, mark: Mark, width: Int, height: Int, charset: TerminalCharset = .unicode
  ) -> [String] {
    let series = XYSeriesPreparation.prepare(chart, sortByX: mark != .scatter)
    let points = series.flatMap(\.points)
    let band = chart.band?.ranges.filter(\.isFinite) ?? []
    guard !points.isEmpty || !band.isEmpty else { return ["No data"] }
    var lower = (points.map(\.y) + band.map(\.lower)).min() ?? 0
    var upper = (points.map(\.y) + band.map(\.upper)).max() ?? 1
    let reference = chart.referenceLine.flatMap { $0.value.isFinite ? $0 : nil }
    if let reference {
      lower = min(lower, reference.value)
      upper = max(upper, reference.value)
    }
    if mark == .bar {
      lower = min(lower, 0)
      upper = max(upper, 0)
    }
    let markers = PlotMarkers(chart: chart, seriesCount: series.count, charset: charset)
    let footer = legendText(
      series, chart: chart, markers: markers, reference: reference, charset: charset)
    let yTitle = yTitleLine(chart, width: width, charset: charset)
    let rows = max(
      1, height - 2 - (footer == nil ? 0 : 1) - (yTitle == nil || height < 6 ? 0 : 1))
    // About one labelled tick every three rows; each label sits on the row its value falls in.
    let ticks = NiceTicks(lower: lower, upper: upper, targetCount: max(2, min(6, rows / 3 + 1)))
    let rowOf = DotMapping(
      xRange: (0, 1), yRange: (ticks.lower, ticks.upper), width: 1, height: rows * 4)
    var labels: [Int: String] = [:]
    let texts = ChartText.tickLabels(ticks.values, step: ticks.step, style: chart.yValues)
    for (value, text) in zip(ticks.values, texts) {
      let row = rowOf.y(value) / 4
      if labels[row] == nil { labels[row] = text }
    }
    // Labels never take the whole width: past that they are cut like any other text.
    let labelWidth = min(
      labels.values.map(TerminalColumns.width(of:)).max() ?? 1, max(1, width / 2 - 2))
    labels = labels.mapValues { TerminalColumns.fitted($0, columns: labelWidth, charset: charset) }
    let plotColumns = max(1, width - labelWidth - 2)
    var canvas = BrailleCanvas(columns: plotColumns, rows: rows)
    let xRange = xDomain(chart, points + band.map { ChartPoint(x: $0.x, y: $0.lower) })
    let toDot = DotMapping(
      xRange: xRange, yRange: (ticks.lower, ticks.upper), width: canvas.dotWidth,
      height: canvas.dotHeight)
    let baseline = min(max(0, ticks.lower), ticks.upper)
    for prepared in series where !(mark == .scatter && markers.replaceDots) {
      draw(prepared, mark: mark, on: &canvas, toDot, baseline: baseline)
    }
    if let reference {
      let y = toDot.y(reference.value)
      for x in stride(from: 0, to: canvas.dotWidth, by: 2) { canvas.set(x: x, y: y) }
    }
    var cells = canvas.lines(charset: charset).map { Array($0) }
    shade(band, in: &cells, toDot, glyph: markers.bandGlyph)
    markers.place(series, in: &cells, toDot)
    let ascii = charset == .ascii
    var output: [String] = []
    if let yTitle, height >= 6 { output.append(yTitle) }
    for (index, row) in cells.enumerated() {
      let label = labels[index]
      let axis = label == nil ? (ascii ? "|" : "│") : (ascii ? "+" : "┤")
      let line =
        TerminalColumns.padded(label ?? "", to: labelWidth, right: true) + " " + axis
        + String(row)
      output.append(TerminalBars.trimmedTrailingSpaces(line))
    }
    output.append(
      String(repeating: " ", count: labelWidth + 1) + (ascii ? "+" : "└")
        + String(repeating: ascii ? "-" : "─", count: plotColumns))
    output.append(rangeLine(chart, xRange, indent: labelWidth + 2, width: width, charset: charset))
    if let footer {
      output.append(TerminalColumns.fitted(footer, columns: width, charset: charset))
    }
    return output
  }

  /// The x domain: the data's range, or the categories' index range.
  private static func xDomain(_ chart: XYChart, _ points: [ChartPoint]) -> (Double, Double) {
    if case .categorical(let categories) = chart.xAxis, !categories.isEmpty {
      return (0, Double(max(1, categories.count - 1)))
    }
    let lower = points.map(\.x).min() ?? 0
    let upper = points.map(\.x).max() ?? 1
    return lower < upper ? (lower, upper) : (lower - 1, upper + 1)
  }
}

/// Maps chart values to braille dot coordinates (y grows downward).
struct DotMapping {
  let xRange: (lower: Double, upper: Double)
  let yRange: (lower: Double, upper: Double)
  let width: Int
  let height: Int

  func x(_ value: Double) -> Int { Self.index(value, xRange.lower, xRange.upper, count: width) }

  func y(_ value: Double) -> Int {
    height - 1 - Self.index(value, yRange.lower, yRange.upper, count: height)
  }

  private static func index(_ value: Double, _ lower: Double, _ upper: Double, count: Int)
    -> Int
  {
    let span = upper * 0.5 - lower * 0.5
    let fraction = span > 0 ? (value * 0.5 - lower * 0.5) / span : 0.5
    let clamped = min(1, max(0, fraction.isFinite ? fraction : 0.5))
    return Int((clamped * Double(count - 1)).rounded())
  }
}
