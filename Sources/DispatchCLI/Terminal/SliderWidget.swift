import DispatchCommandLine
import DispatchKit

/// A number on a horizontal slider bar, moved with ← and → (docs/survey.md#per-question-type).
///
/// Home and End jump to the ends, Page Up and Page Down move a tenth of the range. The value is
/// shown under the knob. Enter accepts.
struct SliderWidget: SurveyWidget {
  /// The bar's width in columns, knob included.
  static let barWidth = 21

  /// The value and its range.
  private(set) var track: NumberTrack

  /// A slider over `track`.
  init(track: NumberTrack) {
    self.track = track
  }

  var hint: String { "←→ adjust · enter accept" }

  func render(style: TerminalStyle) -> [String] {
    let low = track.format(track.config.minimum)
    let high = track.config.isBounded ? track.format(track.config.maximum) : "∞"
    let knob = Int(((track.fraction ?? 0) * Double(Self.barWidth - 1)).rounded())
    let filled = String(repeating: "━", count: knob)
    let rest = String(repeating: "─", count: Self.barWidth - 1 - knob)
    let bar = low + " " + style.accent(filled + "●") + style.dim(rest) + " " + high
    // Centre the value under the knob, without running off the left edge.
    let column = low.count + 1 + knob - track.text.count / 2
    return [bar, String(repeating: " ", count: max(0, column)) + style.bold(track.text)]
  }

  mutating func handle(_ key: Key) -> WidgetAction {
    switch key {
    case .left: track.move(by: -1)
    case .right: track.move(by: 1)
    case .home: track.moveToMinimum()
    case .end: track.moveToMaximum()
    case .pageDown: track.move(by: -tenth)
    case .pageUp: track.move(by: tenth)
    case .enter: return .submit(.number(track.text))
    default: break
    }
    return .none
  }

  private var tenth: Int { max(1, (track.maximumSteps ?? 10) / 10) }
}
