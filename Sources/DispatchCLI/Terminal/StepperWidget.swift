import DispatchCommandLine
import DispatchKit

/// A number changed one step at a time with + and − (also ↑ and ↓)
/// (docs/survey.md#per-question-type).
///
/// Steppers usually have no maximum (docs/formats/dispatch-v2.md#number-input-styles), so the range
/// is shown as "≥ min" then. Enter accepts.
struct StepperWidget: SurveyWidget {
  /// The value and its range.
  private(set) var track: NumberTrack

  /// A stepper over `track`.
  init(track: NumberTrack) {
    self.track = track
  }

  var hint: String { "+/- or ↑↓ change · enter accept" }

  func render(style: TerminalStyle) -> [String] {
    let config = track.config
    let range =
      config.isBounded
      ? track.format(config.minimum) + "–" + track.format(config.maximum)
      : "≥ " + track.format(config.minimum)
    let step = config.step == 1 ? "" : ", step " + track.format(config.step)
    let value = style.bold(style.accent(track.text))
    return ["[−]  " + value + "  [+]   " + style.dim("(" + range + step + ")")]
  }

  mutating func handle(_ key: Key) -> WidgetAction {
    switch key {
    case .character("+"), .character("="), .up: track.move(by: 1)
    case .character("-"), .character("_"), .down: track.move(by: -1)
    case .home: track.moveToMinimum()
    case .end: track.moveToMaximum()
    case .enter: return .submit(.number(track.text))
    default: break
    }
    return .none
  }
}
