extension TerminalPlot {
  /// Raises one series' dots: lines within each run (never across a gap), single dots for
  /// scatter, columns from the baseline for bars.
  static func draw(
    _ series: PreparedSeries, mark: Mark, on canvas: inout BrailleCanvas, _ toDot: DotMapping,
    baseline: Double
  ) {
    for run in series.runs {
      var previous: (x: Int, y: Int)?
      for point in run {
        let dot = (x: toDot.x(point.x), y: toDot.y(point.y))
        switch mark {
        case .line:
          if let previous {
            canvas.line(from: previous, to: dot)
          } else {
            canvas.set(x: dot.x, y: dot.y)
          }
          previous = dot
        case .scatter:
          canvas.set(x: dot.x, y: dot.y)
        case .bar:
          canvas.line(from: (dot.x, toDot.y(baseline)), to: dot)
        }
      }
    }
  }

  /// Fills the empty cells each range of a band covers with `glyph`: a column from the
  /// range's lower to its upper value, under the dots already drawn.
  static func shade(
    _ band: [ChartRange], in cells: inout [[Character]], _ toDot: DotMapping, glyph: Character
  ) {
    for range in band {
      let column = toDot.x(range.x) / 2
      let top = toDot.y(range.upper) / 4
      let bottom = toDot.y(range.lower) / 4
      for row in top...max(top, bottom) where row < cells.count && column < cells[row].count {
        if cells[row][column] == " " { cells[row][column] = glyph }
      }
    }
  }
}

/// Tells series apart in a colourless terminal: each series' points carry its own marker
/// (`●`, `○`, `◆`, …; `*`, `o`, `+`, … in ASCII), named in the legend. A single series
/// without a band needs none, so it keeps the plain braille line.
struct PlotMarkers {
  static let unicode: [Character] = ["●", "○", "◆", "◇", "■", "□"]
  static let ascii: [Character] = ["*", "o", "+", "x", "#", "@"]

  let glyphs: [Character]
  /// Whether points are marked at all.
  let isOn: Bool
  /// The band's fill: a column like an error bar.
  let bandGlyph: Character

  init(chart: XYChart, seriesCount: Int, charset: TerminalCharset) {
    glyphs = charset == .ascii ? Self.ascii : Self.unicode
    isOn = seriesCount > 1 || chart.band != nil
    bandGlyph = charset == .ascii ? "|" : "┊"
  }

  /// Whether a scatter plot draws markers instead of braille dots.
  var replaceDots: Bool { isOn }

  func glyph(_ index: Int) -> Character { glyphs[index % glyphs.count] }

  /// Puts each point's marker in its cell; the first series is placed last, so it stays on
  /// top where points coincide.
  func place(_ series: [PreparedSeries], in cells: inout [[Character]], _ toDot: DotMapping) {
    guard isOn else { return }
    for prepared in series.reversed() {
      for point in prepared.points {
        let column = toDot.x(point.x) / 2
        let row = toDot.y(point.y) / 4
        guard row < cells.count, column < cells[row].count else { continue }
        cells[row][column] = glyph(prepared.index)
      }
    }
  }
}
