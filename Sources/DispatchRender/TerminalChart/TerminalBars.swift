/// Horizontal bars for the terminal, with eighth-block precision (`▏▎▍▌▋▊▉█`).
///
/// Each row is `label bar value`: labels left-aligned in a column of at most 35 % of the
/// width, bars scaled so the largest value fills the bar column, values after the bar. A
/// positive value always shows at least one eighth; zero, negative and non-finite values show
/// no bar. The ASCII form draws whole cells of `#`.
public enum TerminalBars {
  /// The partial blocks for 1…7 eighths of a cell.
  static let eighths = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

  /// The rows for `items` in at most `width` columns, in the given order.
  public static func lines(
    _ items: [(label: String, value: Double)], width: Int, charset: TerminalCharset = .unicode,
    style: ChartValueStyle = .number
  ) -> [String] {
    guard !items.isEmpty else { return [] }
    let width = max(8, width)
    let values = items.map { $0.value.isFinite ? max(0, $0.value) : 0 }
    let valueTexts = items.map {
      style == .number ? valueText($0.value) : ChartText.value($0.value, style: style)
    }
    let valueColumns = valueTexts.map(TerminalColumns.width(of:)).max() ?? 0
    let labels = items.map { TerminalColumns.sanitized($0.label, charset: charset) }
    let widest = labels.map(TerminalColumns.width(of:)).max() ?? 0
    let labelColumns = min(widest, max(1, width * 35 / 100))
    let barColumns = max(1, width - labelColumns - valueColumns - 2)
    let largest = values.max() ?? 0
    return items.indices.map { index in
      let label = TerminalColumns.padded(
        TerminalColumns.fitted(labels[index], columns: labelColumns, charset: charset),
        to: labelColumns)
      let fraction = largest > 0 ? values[index] / largest : 0
      let bar = self.bar(fraction: fraction, columns: barColumns, charset: charset)
      let line = label + " " + TerminalColumns.padded(bar, to: barColumns) + " " + valueTexts[index]
      return trimmedTrailingSpaces(line)
    }
  }

  /// A bar `fraction` (0…1) of `columns` long.
  static func bar(fraction: Double, columns: Int, charset: TerminalCharset) -> String {
    guard fraction > 0 else { return "" }
    switch charset {
    case .unicode:
      let eighthCount = max(1, Int((fraction * Double(columns * 8)).rounded()))
      return String(repeating: "█", count: eighthCount / 8) + eighths[eighthCount % 8]
    case .ascii:
      return String(repeating: "#", count: max(1, Int((fraction * Double(columns)).rounded())))
    }
  }

  /// Whole numbers grouped (`1,234`), others short (``ChartText/value(_:)``).
  static func valueText(_ value: Double) -> String {
    guard value.isFinite else { return "n/a" }
    if value == value.rounded(), value.magnitude < 1e15 { return ChartText.grouped(Int(value)) }
    return ChartText.value(value)
  }

  static func trimmedTrailingSpaces(_ line: String) -> String {
    var line = line
    while line.last == " " { line.removeLast() }
    return line
  }
}
