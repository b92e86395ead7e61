/// A grid of braille cells, each 2 dots wide and 4 tall, for terminal line and scatter plots.
///
/// Dot (x, y) counts from the top left. A cell's pattern is U+2800 plus one bit per raised
/// dot, in the Unicode braille numbering (dots 1–3 and 7 down the left column, 4–6 and 8 down
/// the right). The ASCII rendering keeps half the vertical resolution: `'` for dots only in
/// a cell's top half, `.` for the bottom half, `:` for both.
package struct BrailleCanvas {
  /// Cells across and down.
  let columns: Int
  let rows: Int
  private var cells: [UInt8]

  /// Bit of dot (column 0…1, row 0…3) inside a cell.
  private static let bits: [[UInt8]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]

  init(columns: Int, rows: Int) {
    self.columns = max(1, columns)
    self.rows = max(1, rows)
    cells = [UInt8](repeating: 0, count: self.columns * self.rows)
  }

  /// Dots across and down.
  var dotWidth: Int { columns * 2 }
  var dotHeight: Int { rows * 4 }

  /// Raises dot (x, y); dots outside the canvas are ignored.
  mutating func set(x: Int, y: Int) {
    guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return }
    cells[(y / 4) * columns + x / 2] |= Self.bits[y % 4][x % 2]
  }

  /// Raises the dots of a straight line (Bresenham), both ends included.
  mutating func line(from start: (x: Int, y: Int), to end: (x: Int, y: Int)) {
    var x = start.x
    var y = start.y
    let dx = abs(end.x - x)
    let dy = -abs(end.y - y)
    let stepX = x < end.x ? 1 : -1
    let stepY = y < end.y ? 1 : -1
    var error = dx + dy
    while true {
      set(x: x, y: y)
      if x == end.x && y == end.y { return }
      let doubled = 2 * error
      if doubled >= dy {
        error += dy
        x += stepX
      }
      if doubled <= dx {
        error += dx
        y += stepY
      }
    }
  }

  /// Whether cell (column, row) has any dot, for tests.
  func isSet(column: Int, row: Int) -> Bool { cells[row * columns + column] != 0 }

  /// One string per row, exactly `columns` terminal columns each.
  func lines(charset: TerminalCharset) -> [String] {
    (0..<rows).map { row in
      var scalars = String.UnicodeScalarView()
      for column in 0..<columns {
        let pattern = cells[row * columns + column]
        switch charset {
        case .unicode:
          // An empty cell is a space, not the blank pattern, so copied text stays clean.
          scalars.append(pattern == 0 ? " " : Unicode.Scalar(0x2800 + UInt32(pattern)) ?? " ")
        case .ascii:
          let top = pattern & 0x1B != 0
          let bottom = pattern & 0xE4 != 0
          scalars.append(top && bottom ? ":" : top ? "'" : bottom ? "." : " ")
        }
      }
      return String(scalars)
    }
  }
}
