import DispatchCommandLine
import DispatchKit

/// A number counted by tapping Space, one step per tap; Backspace takes one back
/// (docs/survey.md#per-question-type).
///
/// Each tap is drawn as a dot (up to ``maximumDots``, then an ellipsis) next to the value.
/// Digits type a count directly (``NumberTyping``); Backspace then edits the digits. Enter
/// accepts; before the first key it skips, so a count of zero is one tap and Backspace, or 0.
struct TapCounterWidget: SurveyWidget {
  /// The most dots drawn; more taps show as "…".
  static let maximumDots = 20

  /// The value and its range; the taps are its steps above the minimum.
  private(set) var track: NumberTrack
  /// A count being typed instead of tapped.
  private(set) var typing = NumberTyping()

  /// A counter over `track`.
  init(track: NumberTrack) {
    self.track = track
  }

  var hint: String { "space tap · backspace undo · type a number · enter accept" }

  func render(style: TerminalStyle) -> [String] {
    let taps = track.steps
    let dots =
      taps == 0
      ? style.dim("○")
      : style.accent(
        Array(repeating: "●", count: min(taps, Self.maximumDots)).joined(separator: " ")
          + (taps > Self.maximumDots ? " …" : ""))
    guard track.isChosen else {
      return [dots + "  –  " + style.dim("(no taps yet)")] + typing.render(style: style)
    }
    let noun = taps == 1 ? "tap" : "taps"
    return [dots + "  " + style.bold(track.text) + " " + style.dim("(\(taps) \(noun))")]
      + typing.render(style: style)
  }

  mutating func handle(_ key: Key) -> WidgetAction {
    if let action = typing.handle(key, track: &track) { return action }
    switch key {
    case .character(" "): track.move(by: 1)
    case .backspace: track.move(by: -1)
    case .enter: return .submit(track.answer)
    default: break
    }
    return .none
  }
}
