import DispatchCommandLine
import DispatchKit

/// A number chosen on a labeled scale: a row of points from minimum to maximum by step, each
/// labeled with its value, moved with ← and → (docs/survey.md#per-question-type).
///
/// A scale has at most 20 points (docs/formats/dispatch-v2.md#number-input-styles). When the labels
/// do not fit in ``maximumWidth`` columns, the points draw closer and only the ends and the chosen
/// value are labeled. Home/End jump to the ends, digits type a value (``NumberTyping``). The
/// question's anchors ("1 = exhausted, 5 = fully rested", kept as its placeholder) go under
/// the scale. Until a key chooses a point the middle one is a hollow ◌ and Enter skips.
struct ScaleWidget: SurveyWidget {
  /// The widest a scale is drawn, leaving room for the indent in an 80-column terminal.
  static let maximumWidth = 76

  /// The value and its range.
  private(set) var track: NumberTrack
  /// What the ends or other points mean, e.g. "1 = exhausted, 5 = fully rested"; nil for none.
  let anchors: String?
  /// A number being typed instead of chosen with the arrows.
  private(set) var typing = NumberTyping()

  /// A scale over `track`, explained by `anchors`.
  init(track: NumberTrack, anchors: String? = nil) {
    self.track = track
    self.anchors = anchors.flatMap { $0.isEmpty ? nil : $0 }
  }

  var hint: String { "←→ choose · type a number · enter accept" }

  func render(style: TerminalStyle) -> [String] {
    var lines = renderPoints(style: style)
    if let anchors { lines.append(style.dim(anchors)) }
    return lines + typing.render(style: style)
  }

  private func renderPoints(style: TerminalStyle) -> [String] {
    let points = track.config.scalePoints
    guard !points.isEmpty else { return [track.isChosen ? style.bold(track.text) : "–"] }
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
      markRow += before + mark(index == chosen, style: style) + after
    }
    let value = track.isChosen ? style.bold(style.accent(labels[chosen])) : labels[chosen]
    guard !compact else {
      let width = cell * (points.count - 1) + middle + 1
      let low = labels[0]
      let high = labels[labels.count - 1]
      let gap = max(1, width - low.count - high.count)
      let column = chosen * cell + middle - labels[chosen].count / 2
      let ends = [low + String(repeating: " ", count: gap) + high, markRow]
      // Untouched, the hollow mark alone shows where the arrows start; no value is labeled.
      guard track.isChosen else { return ends }
      return ends + [String(repeating: " ", count: max(0, column)) + value]
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

  /// The point's mark: filled when chosen, hollow where an untouched scale rests.
  private func mark(_ isCurrent: Bool, style: TerminalStyle) -> String {
    guard isCurrent else { return "○" }
    return track.isChosen ? style.accent("●") : "◌"
  }

  mutating func handle(_ key: Key) -> WidgetAction {
    if let action = typing.handle(key, track: &track) { return action }
    switch key {
    case .left: track.move(by: -1)
    case .right: track.move(by: 1)
    case .home: track.moveToMinimum()
    case .end: track.moveToMaximum()
    case .enter: return .submit(track.answer)
    default: break
    }
    return .none
  }
}
