import DispatchCommandLine

/// Fits the survey's lists and drawings into a short terminal: 10–14 rows must show a whole
/// screen, or the redraw climbs past the top and leaves stale lines behind.
enum ScreenFit {
  /// The rows `line` takes on a terminal `width` columns wide (long lines wrap).
  static func rows(of line: String, width: Int) -> Int {
    let visible = TerminalStyle.visibleWidth(line)
    // Written without adding to `width`, which may be Int.max for "no limit".
    return visible == 0 ? 1 : (visible - 1) / max(width, 1) + 1
  }

  /// At most `rows` of `lines`, a window around the line at `focus` when they do not all fit;
  /// "↑ N more" and "↓ N more" stand for the lines scrolled off.
  static func window(_ lines: [String], rows: Int, focus: Int, style: TerminalStyle) -> [String] {
    guard lines.count > rows else { return lines }
    guard rows > 0 else { return [] }
    let focus = min(max(focus, 0), lines.count - 1)
    // The markers take rows themselves: shrink the window until it and its markers fit.
    var visible = rows
    while visible > 1 {
      let start = start(of: visible, around: focus, in: lines.count)
      let markers = (start > 0 ? 1 : 0) + (start + visible < lines.count ? 1 : 0)
      if visible + markers <= rows { break }
      visible -= 1
    }
    let start = start(of: visible, around: focus, in: lines.count)
    var shown = Array(lines[start..<(start + visible)])
    let below = lines.count - start - visible
    if start > 0, visible + 1 <= rows { shown.insert(style.dim("↑ \(start) more"), at: 0) }
    if below > 0, shown.count < rows { shown.append(style.dim("↓ \(below) more")) }
    return shown
  }

  /// The first line of a window `visible` lines tall that keeps `focus` near its middle.
  private static func start(of visible: Int, around focus: Int, in count: Int) -> Int {
    min(max(0, focus - visible / 2), max(0, count - visible))
  }
}
