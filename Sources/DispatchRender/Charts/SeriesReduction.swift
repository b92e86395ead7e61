/// Reduces series with more points than the plot has pixel columns.
///
/// Lines use the M4 envelope (Jugel et al., "M4: A Visualization-Oriented Time Series Data
/// Aggregation", VLDB 2014): per pixel column the first, lowest, highest and last point are
/// kept, in their original order. A polyline through those points covers the same pixels as the
/// polyline through all of them, so spikes and dips stay visible, which LTTB does not
/// promise (it keeps one point per bucket chosen by triangle area, and can drop an extreme).
/// M4 is also a single O(n) pass with no floating-point choices beyond the column index, so
/// the result is deterministic. Scatter plots keep the first point of each small pixel cell;
/// bars keep each column's extent.
package enum SeriesReduction {
  /// The M4 envelope of `points` (sorted by x) over `columns` columns; `column` maps a point
  /// to its column, and the result is in the input's order.
  static func envelope(
    _ points: [ChartPoint], columns: Int, column: (ChartPoint) -> Int
  ) -> [ChartPoint] {
    guard points.count > 1 else { return points }
    var result: [ChartPoint] = []
    result.reserveCapacity(min(points.count, columns * 4))
    var current = column(points[0])
    var first = 0
    var lowest = 0
    var highest = 0
    func flush(last: Int) {
      let low = min(lowest, highest)
      let high = max(lowest, highest)
      result.append(points[first])
      if low != first { result.append(points[low]) }
      if high != low { result.append(points[high]) }
      if last != high { result.append(points[last]) }
    }
    for index in 1..<points.count {
      let point = points[index]
      let pointColumn = column(point)
      if pointColumn != current {
        flush(last: index - 1)
        current = pointColumn
        first = index
        lowest = index
        highest = index
      } else {
        if point.y < points[lowest].y { lowest = index }
        if point.y > points[highest].y { highest = index }
      }
    }
    flush(last: points.count - 1)
    return result
  }

  /// The first point of each cell, in input order; `cell` maps a point to an index below
  /// `cellCount`.
  static func firstPerCell(
    _ points: [ChartPoint], cellCount: Int, cell: (ChartPoint) -> Int
  ) -> [ChartPoint] {
    var seen = [Bool](repeating: false, count: max(1, cellCount))
    var result: [ChartPoint] = []
    for point in points {
      let index = min(max(0, cell(point)), seen.count - 1)
      if !seen[index] {
        seen[index] = true
        result.append(point)
      }
    }
    return result
  }

  /// Per column that has points, the lowest and highest y, ascending by column.
  static func columnExtents(
    _ points: [ChartPoint], columns: Int, column: (ChartPoint) -> Int
  ) -> [(column: Int, lowest: Double, highest: Double)] {
    var lowest = [Double](repeating: .infinity, count: max(1, columns))
    var highest = [Double](repeating: -.infinity, count: max(1, columns))
    for point in points {
      let index = min(max(0, column(point)), lowest.count - 1)
      lowest[index] = min(lowest[index], point.y)
      highest[index] = max(highest[index], point.y)
    }
    return lowest.indices.compactMap { index in
      lowest[index] <= highest[index] ? (index, lowest[index], highest[index]) : nil
    }
  }
}
