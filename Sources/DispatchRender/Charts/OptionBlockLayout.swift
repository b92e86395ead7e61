/// Heights of the stacked option blocks of a proportion band (docs/charts.md#question-series,
/// Dispatch's `OptionBlockLayout.heights`).
///
/// Every block first gets the minimum height, with a fixed gap between neighbours; what is
/// left is split in proportion to the shares, so the blocks and gaps fill the band exactly.
/// When the minimums do not fit, the space is split equally instead.
public enum OptionBlockLayout {
  /// The smallest height a block gets while the minimums fit (Dispatch: 28 points).
  public static let minimumHeight = 28.0
  /// The gap between two blocks (Dispatch: 2 points).
  public static let spacing = 2.0

  /// The height of each block for `shares`, stacked in a band `totalHeight` tall.
  ///
  /// The heights sum to the available height, `totalHeight` minus one `spacing` per gap, so
  /// blocks plus gaps take exactly `totalHeight`. Shares need not sum to 1: they are used
  /// relative to their total. A share that is negative or not finite counts as 0, and when
  /// no share is positive the remainder is split equally. The result has one height per share
  /// and never contains a negative or non-finite value.
  public static func heights(
    shares: [Double], totalHeight: Double, minimumHeight: Double = minimumHeight,
    spacing: Double = spacing
  ) -> [Double] {
    guard !shares.isEmpty else { return [] }
    let count = Double(shares.count)
    let total = totalHeight.isFinite ? max(0, totalHeight) : 0
    let available = max(0, total - spacing * (count - 1))
    let remainder = available - minimumHeight * count
    guard remainder >= 0 else {
      return Array(repeating: available / count, count: shares.count)
    }
    let weights = shares.map { $0.isFinite && $0 > 0 ? $0 : 0 }
    let weightTotal = weights.reduce(0, +)
    guard weightTotal > 0, weightTotal.isFinite else {
      return Array(repeating: minimumHeight + remainder / count, count: shares.count)
    }
    return weights.map { minimumHeight + remainder * ($0 / weightTotal) }
  }
}
