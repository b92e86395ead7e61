import DispatchCommandLine
import DispatchKit

/// A number changed one step at a time with + and − (also ↑ and ↓), or typed
/// (docs/survey.md#per-question-type).
///
/// Steppers usually have no maximum (docs/formats/dispatch-v2.md#number-input-styles), so the range
/// is shown as "≥ min" then. Until a key chooses a value it shows "–" and Enter skips; digits
/// type a value directly (``NumberTyping``), which is how large values are reached.
struct StepperWidget: SurveyWidget {
  /// The value and its range.
  private(set) var track: NumberTrack
  /// A number being typed instead of stepped to.
  private(set) var typing = NumberTyping()

  /// A stepper over `track`.
  init(track: NumberTrack) {
    self.track = track
  }

  var hint: String { "+/- or ↑↓ change · type a number · enter accept" }

  func render(style: TerminalStyle) -> [String] {
    let config = track.config
    let range =
      config.isBounded
      ? track.format(config.minimum) + "–" + track.format(config.maximum)
      : "≥ " + track.format(config.minimum)
    let step = config.step == 1 ? "" : ", step " + track.format(config.step)
    let value = track.isChosen ? style.bold(style.accent(track.text)) : "–"
    return ["[−]  " + value + "  [+]   " + style.dim("(" + range + step + ")")]
      + typing.render(style: style)
  }

  mutating func handle(_ key: Key) -> WidgetAction {
    // - steps down even when the range goes below zero, so negative values are stepped to.
    if !typing.isTyping, let delta = Self.stepDelta(key) {
      track.move(by: delta)
      return .none
    }
    if let action = typing.handle(key, track: &track) { return action }
    switch key {
    case .home: track.moveToMinimum()
    case .end: track.moveToMaximum()
    case .enter: return .submit(track.answer)
    default: break
    }
    return .none
  }

  /// How many steps `key` moves, or nil for a key that does not step.
  private static func stepDelta(_ key: Key) -> Int? {
    switch key {
    case .character("+"), .character("="), .up: return 1
    case .character("-"), .character("_"), .down: return -1
    default: return nil
    }
  }
}
