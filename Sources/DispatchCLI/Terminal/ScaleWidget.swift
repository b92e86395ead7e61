import DispatchCommandLine
import DispatchKit

/// A number chosen on a labeled scale: a row of points from minimum to maximum by step, each
/// labeled with its value, moved with ← and → (docs/survey.md#per-question-type).
///
/// A scale has at most 20 points (docs/formats/dispatch-v2.md#number-input-styles). When the labels
/// do not fit in ``maximumWidth`` columns, the points draw closer and only the ends and the chosen
/// value are labeled. Home/End jump to the ends. Enter accepts.
struct ScaleWidget: SurveyWidget {
  /// The widest a scale is drawn, leaving room for the indent in an 80-column terminal.
  static let maximumWidth = 76

  /// The value and its range.
  private(set) var track: NumberTrack

  /// A scale over `track`.
  init(track: NumberTrack) {
    self.track = track
  }

  var hint: String { "←→ choose · enter accept" }

  func render(style: TerminalStyle) -> [String] {
    let points = track.config.scalePoints
    guard !points.isEmpty else { return [style.bold(track.text)] }
    let labels = points.map { track.format($0) }
    let chosen = min(track.steps, points.count - 1)
    let widest = labels.map(\.count).max() ?? 1
    let compact = (widest + 2) * points.count > Self.maximumWidth
    // Compact scales use narrow cells; the labels then go above the ends and under the choice.
    let cell = compact ? 3 : max(3, widest + 2)
    let middle = cell / 2
    var markRow = ""
    for index in points.indices {
      let before =
        index == 0
        ? String(repeating: " ", count: middle)
        : style.dim(String(repeating: "─", count: middle))
      let after =
        index == points.count - 1 ? "" : style.dim(String(repeating: "─", count: cell - middle - 1))
      markRow += before + (index == chosen ? style.accent("●") : "○") + after
    }
    let value = style.bold(style.accent(labels[chosen]))
    guard !compact else {
      let width = cell * (points.count - 1) + middle + 1
      let low = labels[0]
      let high = labels[labels.count - 1]
      let gap = max(1, width - low.count - high.count)
      let column = chosen * cell + middle - labels[chosen].count / 2
      return [
        low + String(repeating: " ", count: gap) + high, markRow,
        String(repeating: " ", count: max(0, column)) + value,
      ]
    }
    var labelRow = ""
    for (index, label) in labels.enumerated() {
      let left = (cell - label.count) / 2
      let trailing = index == labels.count - 1 ? 0 : cell - label.count - left
      labelRow +=
        String(repeating: " ", count: left) + (index == chosen ? value : label)
        + String(repeating: " ", count: trailing)
    }
    return [labelRow, markRow]
  }

  mutating func handle(_ key: Key) -> WidgetAction {
    switch key {
    case .left: track.move(by: -1)
    case .right: track.move(by: 1)
    case .home: track.moveToMinimum()
    case .end: track.moveToMaximum()
    case .enter: return .submit(.number(track.text))
    default: break
    }
    return .none
  }
}
