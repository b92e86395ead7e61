import DispatchCommandLine
import DispatchKit

/// The interactive survey without the terminal: a ``SurveySession`` plus the widget of the
/// current question and the review cursor, driven one ``Key`` at a time and drawn as lines.
///
/// The key scheme, the same on every question (the hint line under each question shows it):
/// - Enter accepts the answer; with nothing chosen yet (an empty text field, an untouched
///   number widget or choice list) it skips, so a stray Enter files nothing.
/// - Esc skips the question.
/// - Shift-Tab (or Ctrl-B) goes back to the previous question; from a question reopened from
///   the review, back to the review.
/// - Ctrl-D skips this and every remaining unanswered question and goes to the review.
/// - Ctrl-C cancels the survey; nothing is filed.
///
/// On the review: Enter on "File" files; ↑/↓ and Enter, or a question's number, reopen a question
/// to change it (up to nine questions one digit reopens at once; with more, the digits typed
/// move the cursor to that number and Enter reopens it); Shift-Tab goes back to the last
/// question; Esc or Ctrl-C cancels.
///
/// A question left without Enter (Shift-Tab, or back to the review) keeps its widget as a draft,
/// so coming back shows the unconfirmed value instead of resetting it.
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
  /// Widgets of questions left without an answer being confirmed, by question index.
  private var drafts: [Int: any SurveyWidget] = [:]
  /// The digits typed on the review of a survey with ten or more questions.
  private(set) var typedNumber = ""

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
    guard let index = session.currentIndex else { return }
    switch key {
    case .escape:
      drafts[index] = nil
      session.skip()
    case .backTab, Key.backAlias:
      drafts[index] = widget
      session.back()
    case .endOfTransmission:
      drafts[index] = nil
      session.skipRemaining()
    default:
      guard var current = widget else { return }
      let action = current.handle(key)
      widget = current
      if case .submit(let value) = action {
        drafts[index] = nil
        session.answer(value)
      }
    }
  }

  private mutating func handleReview(_ key: Key) {
    let count = session.questions.count
    if count > 9, let digit = Self.digit(of: key) {
      typeNumber(digit)
      return
    }
    typedNumber = ""
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

  /// Adds `digit` to the number typed on a long review and moves the cursor to that question;
  /// a digit that would pass the last question starts a new number.
  private mutating func typeNumber(_ digit: Int) {
    let count = session.questions.count
    let longer = Int(typedNumber + String(digit)) ?? 0
    if (1...count).contains(longer) {
      typedNumber += String(digit)
      reviewCursor = longer - 1
    } else if digit > 0 {
      // Only reached with ten or more questions, so any single digit 1–9 is a question.
      typedNumber = String(digit)
      reviewCursor = digit - 1
    } else {
      typedNumber = ""
    }
  }

  /// The digit 0–9 `key` types, or nil.
  private static func digit(of key: Key) -> Int? {
    guard case .character(let character) = key, character.isASCII else { return nil }
    return character.wholeNumberValue
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
      let index = session.currentIndex ?? 0
      widget =
        drafts[index]
        ?? SurveyWidgets.make(
          for: question, answer: session.recordedAnswer(for: question), suggest: suggest)
      widgetQuestionIndex = session.currentIndex
    }
  }
}
