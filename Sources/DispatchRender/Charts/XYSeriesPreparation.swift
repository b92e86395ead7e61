/// A series ready to draw: finite points only, sorted when its mark needs it, possibly reduced.
struct PreparedSeries {
  let name: String
  /// The series' position in the chart, which picks its colour.
  let index: Int
  var points: [ChartPoint]
  /// x values lines must not cross (see ``ChartSeries/gaps``).
  var gaps: [Double] = []
  /// Finite points before any reduction.
  let finiteCount: Int
  /// Points left out because a coordinate was NaN or infinite.
  let droppedCount: Int
  /// For reduced bar series: each pixel column's lowest and highest value.
  var columnBars: [(column: Int, lowest: Double, highest: Double)]?

  init(
    name: String, index: Int, points: [ChartPoint], finiteCount: Int, droppedCount: Int,
    gaps: [Double] = []
  ) {
    self.name = name
    self.index = index
    self.points = points
    self.finiteCount = finiteCount
    self.droppedCount = droppedCount
    self.gaps = gaps
  }
}

/// Turns a chart's series into ``PreparedSeries`` and writes the notes that say what changed.
enum XYSeriesPreparation {
  /// Finite points per series, sorted by x (stable) when `sortByX` is set.
  static func prepare(_ chart: XYChart, sortByX: Bool) -> [PreparedSeries] {
    chart.series.enumerated().map { index, series in
      var points = series.points.filter(\.isFinite)
      if sortByX && !isSortedByX(points) {
        points = points.enumerated().sorted { left, right in
          left.element.x != right.element.x
            ? left.element.x < right.element.x : left.offset < right.offset
        }.map(\.element)
      }
      return PreparedSeries(
        name: series.name, index: index, points: points, finiteCount: points.count,
        droppedCount: series.points.count - points.count, gaps: series.gaps.filter(\.isFinite))
    }
  }

  /// The smallest and largest finite x of the chart, nil without finite points.
  static func xBounds(_ chart: XYChart) -> (lower: Double, upper: Double)? {
    var lower = Double.infinity
    var upper = -Double.infinity
    for series in chart.series {
      for point in series.points where point.isFinite {
        lower = min(lower, point.x)
        upper = max(upper, point.x)
      }
    }
    return lower <= upper ? (lower, upper) : nil
  }

  /// Reduces every series with more points than `columns` (see ``SeriesReduction``) and
  /// returns the note lines: one per reduced series (`100,000 points, drawn as 2,480`) and one
  /// for points left out as not finite.
  ///
  /// Categorical bars are never reduced: one bar per category is the chart.
  static func reduce(
    _ series: inout [PreparedSeries], mark: XYChartRenderer.Mark, columns: Int, rows: Int,
    column: (ChartPoint) -> Int, cellY: (ChartPoint) -> Double, categorical: Bool = false
  ) -> [String] {
    var notes: [String] = []
    for index in series.indices where series[index].points.count > columns {
      let points = series[index].points
      switch mark {
      case .line:
        series[index].points = SeriesReduction.envelope(points, columns: columns, column: column)
      case .scatter:
        // Cells of 2 × 2 pixels: points closer than that draw as one mark anyway.
        let cellRows = max(1, rows / 2)
        let cellColumns = max(1, (columns + 1) / 2)
        series[index].points = SeriesReduction.firstPerCell(
          points, cellCount: cellRows * cellColumns
        ) { point in
          let row = min(cellRows - 1, max(0, Int(cellY(point) * Double(cellRows))))
          return column(point) / 2 * cellRows + row
        }
      case .bar:
        guard !categorical else { continue }
        series[index].columnBars = SeriesReduction.columnExtents(
          points, columns: columns, column: column)
      }
      let drawn = series[index].columnBars?.count ?? series[index].points.count
      let prefix = series.count > 1 ? series[index].name + ": " : ""
      notes.append(
        prefix + ChartText.grouped(series[index].finiteCount) + " points, drawn as "
          + ChartText.grouped(drawn))
    }
    let dropped = series.reduce(0) { $0 + $1.droppedCount }
    if dropped > 0 {
      notes.append(
        ChartText.grouped(dropped) + (dropped == 1 ? " point" : " points")
          + " with a missing or infinite value left out")
    }
    return notes
  }

  private static func isSortedByX(_ points: [ChartPoint]) -> Bool {
    var previous = -Double.infinity
    for point in points {
      if point.x < previous { return false }
      previous = point.x
    }
    return true
  }
}
