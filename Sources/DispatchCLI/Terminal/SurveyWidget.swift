import DispatchCommandLine
import DispatchKit

/// What the survey does after a widget handled a key.
enum WidgetAction: Equatable {
  /// Nothing beyond redrawing the widget.
  case none
  /// The answer is complete: record it and move on.
  case submit(AnswerValue)
}

/// One question's input on the terminal: it draws itself as lines of text and handles keys.
///
/// Widgets are values that render to strings, so each is tested without a terminal. They never
/// see the survey-wide keys (Esc skip, Shift-Tab back, Ctrl-D skip the rest, Ctrl-C cancel),
/// which ``SurveyFlow`` handles first; so no widget may give those keys another meaning.
protocol SurveyWidget {
  /// The widget's own keys for the hint line, e.g. "↑↓ move · enter choose".
  var hint: String { get }
  /// The widget's lines, without the prompt or the hint.
  func render(style: TerminalStyle) -> [String]
  /// The widget's lines in at most `rows` rows, for short terminals.
  func render(style: TerminalStyle, rows: Int) -> [String]
  /// The line that must stay in view when the lines are cut to fit, e.g. a list's cursor.
  var focusLine: Int { get }
  /// Handles one key.
  mutating func handle(_ key: Key) -> WidgetAction
}

extension SurveyWidget {
  var focusLine: Int { 0 }

  /// Every line when they fit, else a window around ``focusLine``.
  func render(style: TerminalStyle, rows: Int) -> [String] {
    ScreenFit.window(render(style: style), rows: rows, focus: focusLine, style: style)
  }
}

/// Chooses the widget for each kind of question (docs/survey.md#per-question-type).
enum SurveyWidgets {
  /// The widget asking `question`, showing `answer` when the question was answered before
  /// (after going back or from the review).
  ///
  /// - Parameter suggest: completions for the item being typed, for tokens, people and places.
  static func make(
    for question: Question, answer: AnswerValue?,
    suggest: @escaping (QuestionType, String) -> [String]
  ) -> any SurveyWidget {
    switch question.type {
    case .yesNo:
      return ChoiceListWidget(question: question, answer: answer)
    case .multipleChoice:
      if question.allowsMultipleSelection {
        return MultiChoiceWidget(question: question, answer: answer)
      }
      return ChoiceListWidget(question: question, answer: answer)
    case .tokens, .people, .location, .note:
      return TextEntryWidget(question: question, answer: answer, suggest: suggest)
    case .time:
      return TimeWidget(question: question, answer: answer)
    case .number:
      return numberWidget(for: question, answer: answer, suggest: suggest)
    }
  }

  private static func numberWidget(
    for question: Question, answer: AnswerValue?,
    suggest: @escaping (QuestionType, String) -> [String]
  ) -> any SurveyWidget {
    // Start from the earlier answer, else the question's default answer, else untouched: with
    // nothing chosen, Enter skips instead of filing the minimum.
    var initial: Double?
    if case .number(let text) = answer { initial = Double(text) }
    if initial == nil, let fallback = question.defaultAnswer { initial = Double(fallback) }
    let config = question.numberConfig
    let track =
      initial.map { NumberTrack(config: config, initial: $0) } ?? .untouched(config: config)
    switch question.inputStyle ?? .textField {
    case .textField:
      return TextEntryWidget(question: question, answer: answer, suggest: suggest)
    case .slider: return SliderWidget(track: track)
    case .stepper: return StepperWidget(track: track)
    case .dial: return DialWidget(track: track)
    case .tapCounter: return TapCounterWidget(track: track)
    case .scale: return ScaleWidget(track: track, anchors: question.placeholder)
    }
  }
}
