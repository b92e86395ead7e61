/// Splitting a sorted series where it has gaps, so no line is drawn across an empty period.
extension PreparedSeries {
  /// The points in runs: a new run starts wherever a gap lies strictly between two
  /// consecutive points. Without gaps, one run of every point.
  var runs: [[ChartPoint]] {
    guard !gaps.isEmpty else { return points.isEmpty ? [] : [points] }
    let gaps = gaps.sorted()
    var runs: [[ChartPoint]] = []
    var current: [ChartPoint] = []
    for point in points {
      if let previous = current.last, Self.hasGap(gaps, between: previous.x, and: point.x) {
        runs.append(current)
        current = []
      }
      current.append(point)
    }
    if !current.isEmpty { runs.append(current) }
    return runs
  }

  /// Whether a gap in `gaps` (sorted) lies strictly between `first` and `second`.
  private static func hasGap(_ gaps: [Double], between first: Double, and second: Double) -> Bool {
    let lower = min(first, second)
    let upper = max(first, second)
    return gaps.contains { $0 > lower && $0 < upper }
  }
}
