/// A one-line sparkline (`▁▂▃▄▅▆▇█`) of a series.
///
/// With more values than `width`, each column shows the mean of its share of the values, so
/// the line keeps the trend. Non-finite values are gaps (a space); a constant series sits at
/// the middle level. The ASCII ramp is `_.-:=+*#`.
public enum Sparkline {
  static let unicodeLevels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
  static let asciiLevels: [Character] = ["_", ".", "-", ":", "=", "+", "*", "#"]

  /// The sparkline of `values`, at most `width` columns.
  public static func text(
    _ values: [Double], width: Int, charset: TerminalCharset = .unicode
  ) -> String {
    let columns = bucketMeans(values, width: max(1, width))
    let finite = columns.compactMap { $0 }
    guard let low = finite.min(), let high = finite.max() else {
      return String(repeating: " ", count: columns.count)
    }
    let levels = charset == .unicode ? unicodeLevels : asciiLevels
    return String(
      columns.map { value -> Character in
        guard let value else { return " " }
        guard high > low else { return levels[3] }
        let fraction = (value * 0.5 - low * 0.5) / (high * 0.5 - low * 0.5)
        return levels[min(7, max(0, Int((fraction * 7).rounded())))]
      })
  }

  /// One value per column: the mean of the finite values falling in it, nil when none do.
  static func bucketMeans(_ values: [Double], width: Int) -> [Double?] {
    guard values.count > width else { return values.map { $0.isFinite ? $0 : nil } }
    return (0..<width).map { column in
      let start = column * values.count / width
      let end = (column + 1) * values.count / width
      let finite = values[start..<end].filter(\.isFinite)
      guard !finite.isEmpty else { return nil }
      // Dividing before summing keeps the mean finite for values near the largest Double.
      return finite.reduce(0) { $0 + $1 / Double(finite.count) }
    }
  }
}
