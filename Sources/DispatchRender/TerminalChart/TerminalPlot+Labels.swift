extension TerminalPlot {
  /// `first … last` x values under the plot, with the x caption centred between them when
  /// it fits: the time zone on a time axis, the x title on a numeric one.
  static func rangeLine(
    _ chart: XYChart, _ range: (Double, Double), indent: Int, width: Int,
    charset: TerminalCharset
  ) -> String {
    let texts: (String, String)
    var caption: String?
    switch chart.xAxis {
    case .time(let offset):
      texts = (
        timeText(range.0, offsetSeconds: offset), timeText(range.1, offsetSeconds: offset)
      )
      caption = chart.timeZoneName ?? TimeTicks.zoneText(offsetSeconds: offset)
    case .numeric:
      texts = (ChartText.value(range.0), ChartText.value(range.1))
      caption = chart.xLabel.map { $0 + (charset == .ascii ? " ->" : " →") }
    case .categorical(let categories):
      texts = (categories.first ?? "", categories.last ?? "")
    }
    let room = max(1, width - indent)
    let left = TerminalColumns.sanitized(texts.0, charset: charset)
    let right = TerminalColumns.sanitized(texts.1, charset: charset)
    let gap = room - TerminalColumns.width(of: left) - TerminalColumns.width(of: right)
    var middle = String(repeating: " ", count: max(0, gap))
    if let caption, gap >= 5 {
      let fitted = TerminalColumns.fitted(caption, columns: gap - 4, charset: charset)
      let free = gap - TerminalColumns.width(of: fitted)
      middle =
        String(repeating: " ", count: free / 2) + fitted
        + String(repeating: " ", count: free - free / 2)
    }
    let body =
      gap >= 1
      ? left + middle + right
      : TerminalColumns.fitted(left, columns: room, charset: charset)
    return String(repeating: " ", count: min(indent, max(0, width - 1))) + body
  }

  /// A day's date alone when the value falls on local midnight (periods), else date and time.
  private static func timeText(_ milliseconds: Double, offsetSeconds: Int) -> String {
    let local = milliseconds + Double(offsetSeconds) * 1000
    let isMidnight = local.truncatingRemainder(dividingBy: 86_400_000) == 0
    let full = TimeTicks.fullText(milliseconds, offsetSeconds: offsetSeconds)
    return isMidnight ? String(full.prefix { $0 != " " }) : full
  }

  /// The y axis title above the plot, when both axes carry a measure (a scatter of one
  /// against the other), so a reader knows which is which.
  static func yTitleLine(_ chart: XYChart, width: Int, charset: TerminalCharset) -> String? {
    guard chart.xLabel != nil, case .numeric = chart.xAxis, let yLabel = chart.yLabel else {
      return nil
    }
    return TerminalColumns.fitted(
      (charset == .ascii ? "^ " : "↑ ") + yLabel, columns: width, charset: charset)
  }

  /// The legend: each series by its marker when there are several, the band, and the
  /// reference line's label.
  static func legendText(
    _ series: [PreparedSeries], chart: XYChart, markers: PlotMarkers,
    reference: XYChart.ReferenceLine?, charset: TerminalCharset
  ) -> String? {
    var parts: [String] = []
    if markers.isOn {
      for prepared in series where series.count > 1 || chart.band != nil {
        parts.append(String(markers.glyph(prepared.index)) + " " + prepared.name)
      }
    }
    if let band = chart.band { parts.append(String(markers.bandGlyph) + " " + band.name) }
    if let reference {
      parts.append(
        (charset == .ascii ? "..." : "┈┈") + " " + reference.label + " "
          + ChartText.value(reference.value, style: chart.yValues))
    }
    return parts.isEmpty ? nil : parts.joined(separator: "  ")
  }
}
