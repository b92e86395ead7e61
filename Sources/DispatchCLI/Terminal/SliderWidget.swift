import DispatchCommandLine
import DispatchKit

/// A number on a horizontal slider bar, moved with ← and → (docs/survey.md#per-question-type).
///
/// Home and End jump to the ends, Page Up and Page Down move a tenth of the range, and digits
/// type a value directly (``NumberTyping``). The value is shown under the knob. Until a key
/// chooses a value the knob is a hollow ◌ in the middle and Enter skips.
struct SliderWidget: SurveyWidget {
  /// The bar's width in columns, knob included.
  static let barWidth = 21

  /// The value and its range.
  private(set) var track: NumberTrack
  /// A number being typed instead of slid to.
  private(set) var typing = NumberTyping()

  /// A slider over `track`, with `typing` under way (a dial too short for its arc passes its own).
  init(track: NumberTrack, typing: NumberTyping = NumberTyping()) {
    self.track = track
    self.typing = typing
  }

  var hint: String { "←→ adjust · type a number · enter accept" }

  func render(style: TerminalStyle) -> [String] {
    let low = track.format(track.config.minimum)
    let high = track.config.isBounded ? track.format(track.config.maximum) : "∞"
    let knob = Int(((track.fraction ?? 0) * Double(Self.barWidth - 1)).rounded())
    let rest = String(repeating: "─", count: Self.barWidth - 1 - knob)
    let bar: String
    let value: String
    if track.isChosen {
      bar = style.accent(String(repeating: "━", count: knob) + "●") + style.dim(rest)
      value = track.text
    } else {
      bar = style.dim(String(repeating: "─", count: knob)) + "◌" + style.dim(rest)
      value = "–"
    }
    // Centre the value under the knob, without running off the left edge.
    let column = low.count + 1 + knob - value.count / 2
    return [
      low + " " + bar + " " + high,
      String(repeating: " ", count: max(0, column)) + (track.isChosen ? style.bold(value) : value),
    ] + typing.render(style: style)
  }

  mutating func handle(_ key: Key) -> WidgetAction {
    if let action = typing.handle(key, track: &track) { return action }
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

  private var tenth: Int { max(1, (track.maximumSteps ?? 10) / 10) }
}
