import DispatchCommandLine
import DispatchKit

/// The interactive survey without the terminal: a ``SurveySession`` plus the widget of the
/// current question and the review cursor, driven one ``Key`` at a time and drawn as lines.
///
/// The key scheme, the same on every question (the hint line under each question shows it):
/// - Enter accepts the answer (an empty text field is a skip).
/// - Esc skips the question.
/// - Shift-Tab (or Ctrl-B) goes back to the previous question; from a question reopened from
///   the review, back to the review.
/// - Ctrl-D skips this and every remaining unanswered question and goes to the review.
/// - Ctrl-C cancels the survey; nothing is filed.
///
/// On the review: Enter on "File" files; ↑/↓ and Enter, or a number key 1–9, reopen a question
/// to change it; Shift-Tab goes back to the last question; Esc or Ctrl-C cancels.
struct SurveyFlow {
  /// How the survey ended, or that it has not.
  enum Outcome: Equatable {
    /// Still asking or reviewing.
    case running
    /// Filed: every question's answer by ID, skips included.
    case filed([String: AnswerValue])
    /// Cancelled: nothing is to be filed.
    case cancelled
  }

  /// The survey's title, shown at the top of every screen (e.g. "Report").
  let title: String
  /// Colour or plain text.
  let style: TerminalStyle
  private let suggest: (QuestionType, String) -> [String]
  /// The questions, answers and step.
  private(set) var session: SurveySession
  /// The widget asking the current question; nil on the review and after the end.
  private(set) var widget: (any SurveyWidget)?
  /// The review row under the cursor: a question's index, or the question count for "File".
  private(set) var reviewCursor: Int
  /// The question the current widget was built for.
  private var widgetQuestionIndex: Int?

  /// A survey of `questions`, starting at the first.
  init(
    title: String, questions: [Question], style: TerminalStyle,
    suggest: @escaping (QuestionType, String) -> [String]
  ) {
    self.title = title
    self.style = style
    self.suggest = suggest
    session = SurveySession(questions: questions)
    reviewCursor = questions.count
    widget = nil
    makeWidget()
  }

  /// How the survey stands.
  var outcome: Outcome {
    switch session.step {
    case .question, .review: return .running
    case .filed: return .filed(session.filedAnswers ?? [:])
    case .cancelled: return .cancelled
    }
  }

  /// Handles one key press.
  mutating func handle(_ key: Key) {
    if key == .interrupt {
      session.cancel()
    } else if session.step == .review {
      handleReview(key)
    } else if session.currentQuestion != nil {
      handleQuestion(key)
    }
    makeWidget()
  }

  /// Cancels the survey, as when the terminal goes away.
  mutating func cancel() {
    session.cancel()
    widget = nil
  }

  private mutating func handleQuestion(_ key: Key) {
    switch key {
    case .escape: session.skip()
    case .backTab, Key.backAlias: session.back()
    case .endOfTransmission: session.skipRemaining()
    default:
      guard var current = widget else { return }
      let action = current.handle(key)
      widget = current
      if case .submit(let value) = action { session.answer(value) }
    }
  }

  private mutating func handleReview(_ key: Key) {
    let count = session.questions.count
    switch key {
    case .escape: session.cancel()
    case .backTab, Key.backAlias: session.back()
    case .up: reviewCursor = (reviewCursor + count) % (count + 1)
    case .down: reviewCursor = (reviewCursor + 1) % (count + 1)
    case .home: reviewCursor = 0
    case .end: reviewCursor = count
    case .enter:
      if reviewCursor >= count { session.file() } else { session.revisit(reviewCursor) }
    default:
      if let digit = key.digit, digit <= count { session.revisit(digit - 1) }
    }
  }

  /// Builds the widget when the step changed to a question; keeps it while on the same one.
  private mutating func makeWidget() {
    guard let question = session.currentQuestion else {
      if widget != nil {
        // Coming back to the review: put the cursor on "File" so Enter files at once.
        widget = nil
        reviewCursor = session.questions.count
      }
      return
    }
    if widget == nil || widgetQuestionIndex != session.currentIndex {
      widget = SurveyWidgets.make(
        for: question, answer: session.recordedAnswer(for: question), suggest: suggest)
      widgetQuestionIndex = session.currentIndex
    }
  }
}
