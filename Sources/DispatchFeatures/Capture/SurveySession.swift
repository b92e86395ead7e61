import DispatchCore

/// The state of one survey being taken: which question is current, the answers so far, and the
/// review before filing (docs/survey.md#the-interactive-survey).
///
/// A pure value with no terminal code and no I/O, so the interactive survey, a line-mode survey
/// or another front end can drive it and tests can walk it step by step. Actions that do not
/// apply to the current step do nothing, because key presses arrive in any order.
public struct SurveySession: Sendable, Equatable {
  /// Where the survey stands.
  public enum Step: Sendable, Equatable {
    /// The question at this index of ``SurveySession/questions`` is being asked.
    case question(Int)
    /// Every question has been visited; the answers are shown before filing.
    case review
    /// The user filed the answers; ``SurveySession/filedAnswers`` holds them.
    case filed
    /// The user abandoned the survey; nothing is to be filed.
    case cancelled
  }

  /// One line of the review: a question and its answer (``AnswerValue/skipped`` when skipped
  /// or never reached).
  public struct ReviewEntry: Sendable, Equatable {
    /// The position of the question in the survey, from 0.
    public var index: Int
    /// The question asked.
    public var question: Question
    /// The answer given, or a skip.
    public var answer: AnswerValue
  }

  /// The questions, in the order they are asked.
  public let questions: [Question]
  /// The current step.
  public private(set) var step: Step
  /// Answers given so far, by question ID; a skipped question maps to ``AnswerValue/skipped``
  /// and a question not yet reached has no entry.
  public private(set) var answers: [String: AnswerValue]
  /// Whether the current question was reopened from the review, so answering it (or going
  /// back) returns to the review instead of walking on through the survey.
  public private(set) var isRevisiting: Bool

  /// Starts a survey at its first question, or at the review when there are no questions.
  ///
  /// - Parameter answers: answers to start from, by question ID (for example a draft).
  public init(questions: [Question], answers: [String: AnswerValue] = [:]) {
    self.questions = questions
    self.answers = answers
    self.step = questions.isEmpty ? .review : .question(0)
    self.isRevisiting = false
  }

  /// The index of the question being asked, or nil outside a question step.
  public var currentIndex: Int? {
    if case .question(let index) = step { return index }
    return nil
  }

  /// The question being asked, or nil outside a question step.
  public var currentQuestion: Question? {
    currentIndex.map { questions[$0] }
  }

  /// Whether the survey has ended, filed or cancelled.
  public var isFinished: Bool {
    step == .filed || step == .cancelled
  }

  /// The answer recorded for `question`, or nil when it has not been reached yet.
  public func recordedAnswer(for question: Question) -> AnswerValue? {
    answers[question.id]
  }

  /// Every question with its answer, in survey order, as the review lists them.
  public var reviewEntries: [ReviewEntry] {
    questions.enumerated().map { index, question in
      ReviewEntry(index: index, question: question, answer: answers[question.id] ?? .skipped)
    }
  }

  /// The answers to file once the survey is filed: one entry per question, unanswered ones as
  /// ``AnswerValue/skipped``; nil before filing or after a cancel.
  public var filedAnswers: [String: AnswerValue]? {
    guard step == .filed else { return nil }
    var complete: [String: AnswerValue] = [:]
    for entry in reviewEntries { complete[entry.question.id] = entry.answer }
    return complete
  }

  /// Records `value` for the current question and moves on: to the next question, or to the
  /// review after the last one or when the question was reopened from the review.
  public mutating func answer(_ value: AnswerValue) {
    guard let index = currentIndex else { return }
    answers[questions[index].id] = value
    advance(from: index)
  }

  /// Records the current question as skipped and moves on as ``answer(_:)`` does.
  public mutating func skip() {
    answer(.skipped)
  }

  /// Skips the current question and every later one not answered yet, then shows the review.
  ///
  /// The terminal's Ctrl-D does this, mirroring the end of input in line mode, where every
  /// remaining question is skipped. Answers already given to later questions are kept.
  public mutating func skipRemaining() {
    guard let index = currentIndex else { return }
    answers[questions[index].id] = .skipped
    for question in questions[(index + 1)...] where answers[question.id] == nil {
      answers[question.id] = .skipped
    }
    isRevisiting = false
    step = .review
  }

  /// Goes back one step without changing any answer.
  ///
  /// From a question, to the previous question (nothing happens on the first one); from a
  /// question reopened from the review, back to the review; from the review, to the last
  /// question.
  public mutating func back() {
    switch step {
    case .question(let index):
      if isRevisiting {
        isRevisiting = false
        step = .review
      } else if index > 0 {
        step = .question(index - 1)
      }
    case .review:
      if !questions.isEmpty { step = .question(questions.count - 1) }
    case .filed, .cancelled:
      break
    }
  }

  /// Reopens the question at `index` from the review to change its answer; answering it returns
  /// to the review. Does nothing outside the review or for an index out of range.
  public mutating func revisit(_ index: Int) {
    guard step == .review, questions.indices.contains(index) else { return }
    isRevisiting = true
    step = .question(index)
  }

  /// Files the answers from the review; read them from ``filedAnswers``.
  ///
  /// - Returns: the answers to file, or nil when the survey is not at its review.
  @discardableResult
  public mutating func file() -> [String: AnswerValue]? {
    guard step == .review else { return nil }
    step = .filed
    return filedAnswers
  }

  /// Abandons the survey from any step that has not already ended; nothing is to be filed.
  public mutating func cancel() {
    guard !isFinished else { return }
    isRevisiting = false
    step = .cancelled
  }

  private mutating func advance(from index: Int) {
    if isRevisiting || index + 1 >= questions.count {
      isRevisiting = false
      step = .review
    } else {
      step = .question(index + 1)
    }
  }
}
