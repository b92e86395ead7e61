extension ChartSpec {
  /// The chart as terminal text: the title, the subtitle, then the chart, in at most `width`
  /// columns and `height` lines, each line ending in a newline.
  ///
  /// Line and scatter charts (and bars over time or numbers) become braille plots
  /// (``TerminalPlot``), bars over categories and frequency charts horizontal bars
  /// (``TerminalBars``), proportion bands stacked rows (``TerminalBands``). A chart without
  /// data says "No data". The output depends only on the arguments.
  public func terminalText(width: Int, height: Int, charset: TerminalCharset = .unicode)
    -> String
  {
    let width = max(8, width)
    let height = max(3, height)
    var lines = [TerminalColumns.fitted(title, columns: width, charset: charset)]
    if let subtitle, height >= 6 {
      lines.append(TerminalColumns.fitted(subtitle, columns: width, charset: charset))
    }
    let room = max(1, height - lines.count)
    let body: [String]
    switch content {
    case .line(let chart):
      body = TerminalPlot.lines(chart, mark: .line, width: width, height: room, charset: charset)
    case .scatter(let chart):
      body = TerminalPlot.lines(chart, mark: .scatter, width: width, height: room, charset: charset)
    case .bar(let chart):
      body = barLines(chart, width: width, height: room, charset: charset)
    case .bands(let chart):
      body = TerminalBands.lines(chart, width: width, height: room, charset: charset)
    case .frequency(let chart):
      let items = chart.topItems.prefix(room).map { (label: $0.label, value: Double($0.count)) }
      body = items.isEmpty ? ["No data"] : TerminalBars.lines(items, width: width, charset: charset)
    }
    return (lines + body.prefix(room)).map { TerminalColumns.clipped($0, columns: width) + "\n" }
      .joined()
  }

  /// Categories as horizontal bars (`category · series` with several series), other bar
  /// charts as braille columns.
  private func barLines(_ chart: XYChart, width: Int, height: Int, charset: TerminalCharset)
    -> [String]
  {
    guard case .categorical(let categories) = chart.xAxis else {
      return TerminalPlot.lines(chart, mark: .bar, width: width, height: height, charset: charset)
    }
    var items: [(label: String, value: Double)] = []
    let separator = charset == .ascii ? " - " : " · "
    for (index, category) in categories.enumerated() {
      for series in chart.series {
        for point in series.points where point.isFinite && Int(exactly: point.x) == index {
          let label = chart.series.count > 1 ? category + separator + series.name : category
          items.append((label, point.y))
        }
      }
    }
    guard !items.isEmpty else { return ["No data"] }
    return TerminalBars.lines(
      Array(items.prefix(height)), width: width, charset: charset, style: chart.yValues)
  }
}
