import DispatchCommandLine
import DispatchKit
import Foundation

/// A number on a dial: a 270° arc of tick marks with a needle pointing at the value, turned
/// with ← and → (docs/survey.md#per-question-type).
///
/// The arc opens at the bottom like a gauge, minimum at the lower left, maximum at the lower
/// right, the value written inside. A dial without a maximum turns round like a clock, one
/// revolution per ``ticks`` − 1 steps. Home/End jump to the ends, Page Up/Down a tenth of the
/// range, digits type a value (``NumberTyping``). Until a key chooses a value the needle is
/// hollow, no value is written, and Enter skips.
struct DialWidget: SurveyWidget {
  /// The number of tick marks on the arc.
  static let ticks = 21
  /// Half the dial's width in columns; twice its half height because cells are tall.
  static let radiusX = 9.0
  /// Half the dial's height in rows.
  static let radiusY = 4.0
  /// The angle of the minimum, in degrees counter-clockwise from 3 o'clock.
  static let startAngle = 225.0
  /// The angle the needle turns from minimum to maximum.
  static let sweep = 270.0

  /// The value and its range.
  private(set) var track: NumberTrack
  /// A number being typed instead of turned to.
  private(set) var typing = NumberTyping()

  /// A dial over `track`.
  init(track: NumberTrack) {
    self.track = track
  }

  var hint: String { "←→ turn · type a number · enter accept" }

  /// On a terminal too short for the arc the dial draws as a slider, which reads the same.
  func render(style: TerminalStyle, rows: Int) -> [String] {
    let full = render(style: style)
    guard full.count > rows else { return full }
    let slider = SliderWidget(track: track, typing: typing)
    return ScreenFit.window(slider.render(style: style), rows: rows, focus: 0, style: style)
  }

  func render(style: TerminalStyle) -> [String] {
    let width = Int(2 * Self.radiusX) + 1
    let centre = (x: Int(Self.radiusX), y: Int(Self.radiusY))
    let height = centre.y + Int((Self.radiusY * sin(Double.pi / 4)).rounded()) + 1
    var grid = Array(repeating: Array(repeating: " ", count: width), count: height)
    func put(_ text: String, at radius: Double, _ degrees: Double) {
      let radians = degrees * Double.pi / 180
      let x = centre.x + Int((Self.radiusX * radius * cos(radians)).rounded())
      let y = centre.y - Int((Self.radiusY * radius * sin(radians)).rounded())
      if grid.indices.contains(y) && grid[y].indices.contains(x) { grid[y][x] = text }
    }
    for tick in 0..<Self.ticks {
      put(style.dim("·"), at: 1, angle(Double(tick) / Double(Self.ticks - 1)))
    }
    let needle = angle(needleFraction)
    if track.isChosen {
      let body = style.accent(Self.needleGlyph(needle))
      put(body, at: 0.4, needle)
      put(body, at: 0.7, needle)
      put(style.accent("●"), at: 1, needle)
    } else {
      put("◌", at: 1, needle)
    }
    grid[centre.y][centre.x] = "◉"
    // The value goes two rows under the centre, inside the arc's open bottom.
    let text = track.isChosen ? track.text : "–"
    let start = max(0, centre.x - text.count / 2)
    if grid.indices.contains(centre.y + 2), start + text.count <= width {
      let row = centre.y + 2
      grid[row].replaceSubrange(
        start..<(start + text.count),
        with: [style.bold(text)] + Array(repeating: "", count: text.count - 1))
    }
    var lines = grid.map { trimmedRight($0.joined()) }
    lines.append(labelRow(width: width))
    return lines + typing.render(style: style)
  }

  mutating func handle(_ key: Key) -> WidgetAction {
    if let action = typing.handle(key, track: &track) { return action }
    let tenth = max(1, (track.maximumSteps ?? 10) / 10)
    switch key {
    case .left: track.move(by: -1)
    case .right: track.move(by: 1)
    case .home: track.moveToMinimum()
    case .end: track.moveToMaximum()
    case .pageDown: track.move(by: -tenth)
    case .pageUp: track.move(by: tenth)
    case .enter: return .submit(track.answer)
    default: break
    }
    return .none
  }

  /// Where the needle points, from 0 (minimum) to 1 (maximum).
  var needleFraction: Double {
    if let fraction = track.fraction { return fraction }
    let revolution = Self.ticks - 1
    return Double(track.steps % revolution) / Double(revolution)
  }

  private func angle(_ fraction: Double) -> Double {
    Self.startAngle - Self.sweep * fraction
  }

  /// A line-drawing character along `degrees`, so the needle reads as a line from the centre.
  static func needleGlyph(_ degrees: Double) -> String {
    let folded = (degrees.truncatingRemainder(dividingBy: 180) + 180)
      .truncatingRemainder(dividingBy: 180)
    switch folded {
    case 22.5..<67.5: return "╱"
    case 67.5..<112.5: return "│"
    case 112.5..<157.5: return "╲"
    default: return "─"
    }
  }

  /// The minimum under the arc's lower-left end and the maximum under its lower-right end.
  private func labelRow(width: Int) -> String {
    let low = track.format(track.config.minimum)
    let high = track.config.isBounded ? track.format(track.config.maximum) : "∞"
    let end = Int((Self.radiusX * cos(Self.startAngle * Double.pi / 180)).rounded())
    let lowStart = max(0, Int(Self.radiusX) + end - low.count / 2)
    let highStart = max(lowStart + low.count + 1, Int(Self.radiusX) - end - high.count / 2)
    return String(repeating: " ", count: lowStart) + low
      + String(repeating: " ", count: highStart - lowStart - low.count) + high
  }

  private func trimmedRight(_ text: String) -> String {
    var result = text
    while result.last == " " { result.removeLast() }
    return result
  }
}
