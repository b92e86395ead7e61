/// Proportion bands for the terminal: one row per period, the bar split into option segments.
///
/// Each answered option first gets one cell (so no answered option disappears), the rest is
/// split in proportion to the counts by largest remainder, so the segments always fill the bar
/// exactly: the terminal counterpart of ``OptionBlockLayout``. Options are told apart by fill
/// (`█▓▒░` and more; `#=+-` in ASCII) and a legend line names them.
public enum TerminalBands {
  static let unicodeFills: [Character] = ["█", "▓", "▒", "░", "▞", "▚", "▖", "▗"]
  static let asciiFills: [Character] = ["#", "=", "+", "-", ":", ".", "o", "x"]

  /// The legend and one row per period, at most `width` columns and `height` lines; when the
  /// periods do not fit, the latest are shown and a line says how many earlier ones are not.
  public static func lines(
    _ chart: BandChart, width: Int, height: Int, charset: TerminalCharset = .unicode
  ) -> [String] {
    guard chart.hasData else { return ["No data"] }
    let width = max(8, width)
    let fills = charset == .unicode ? unicodeFills : asciiFills
    let legend = chart.options.enumerated().map { index, option in
      String(fills[index % fills.count]) + " " + TerminalColumns.sanitized(option, charset: charset)
    }
    var output = [
      TerminalColumns.fitted(legend.joined(separator: "  "), columns: width, charset: charset)
    ]
    var periods = chart.periods[...]
    let room = max(1, height - 1)
    if periods.count > room {
      let hidden = periods.count - (room - 1)
      periods = periods.suffix(max(0, room - 1))
      output.append(
        TerminalColumns.fitted(
          (charset == .ascii ? "... " : "… ") + ChartText.grouped(hidden)
            + " earlier periods not shown",
          columns: width, charset: charset))
    }
    let labels = periods.map { TerminalColumns.sanitized($0.label, charset: charset) }
    let labelColumns = min(labels.map(TerminalColumns.width(of:)).max() ?? 0, width * 35 / 100)
    let totals = periods.map { ChartText.grouped($0.total) }
    let totalColumns = totals.map(TerminalColumns.width(of:)).max() ?? 0
    let barColumns = max(1, width - labelColumns - totalColumns - 2)
    for (offset, period) in periods.enumerated() {
      let label = TerminalColumns.padded(
        TerminalColumns.fitted(labels[offset], columns: labelColumns, charset: charset),
        to: labelColumns)
      let cells = segments(period, options: chart.options.count, columns: barColumns)
      var bar = ""
      for (option, count) in cells.enumerated() {
        bar += String(repeating: fills[option % fills.count], count: count)
      }
      let line =
        label + " " + TerminalColumns.padded(bar, to: barColumns) + " "
        + TerminalColumns.padded(totals[offset], to: totalColumns, right: true)
      output.append(TerminalBars.trimmedTrailingSpaces(line))
    }
    return output
  }

  /// Cells per option for one period, summing to `columns` when the period has answers.
  static func segments(_ period: BandChart.Period, options: Int, columns: Int) -> [Int] {
    let counts = (0..<options).map { period.count($0) }
    let answered = counts.filter { $0 > 0 }.count
    guard answered > 0 else { return counts.map { _ in 0 } }
    let minimum = columns >= answered ? 1 : 0
    let remainder = columns - minimum * answered
    let total = Double(counts.reduce(0, +))
    let exact = counts.map { Double($0) / total * Double(remainder) }
    var cells = zip(counts, exact).map { $0 > 0 ? minimum + Int($1) : 0 }
    var left = columns - cells.reduce(0, +)
    // Largest remainder first; ties go to the earlier option.
    let order = exact.indices.filter { counts[$0] > 0 }.sorted { first, second in
      let a = exact[first] - exact[first].rounded(.down)
      let b = exact[second] - exact[second].rounded(.down)
      return a != b ? a > b : first < second
    }
    for index in order where left > 0 {
      cells[index] += 1
      left -= 1
    }
    return cells
  }
}
