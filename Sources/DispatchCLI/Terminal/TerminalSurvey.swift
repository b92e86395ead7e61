import DispatchCommandLine
import DispatchKit
import Foundation

/// The interactive survey `dispatch report` runs when standard input and output are a
/// terminal (docs/survey.md#the-interactive-survey): one question at a time with widgets, skip,
/// back and a review.
///
/// The terminal is in raw mode only while ``run()`` runs; it is restored on every way out:
/// return, thrown error, Ctrl-C (a cancel), and SIGINT/SIGTERM/SIGHUP (see
/// ``RawTerminalMode``). The key scheme is documented on ``SurveyFlow``.
struct TerminalSurvey {
  /// The title shown above every question.
  let title: String
  /// The questions, in the order they are asked.
  let questions: [Question]
  /// Whether to draw with ANSI colour (``TerminalInfo/colorEnabled``).
  let colorEnabled: Bool
  /// Completions for tokens, people and places: the question type and the item typed so far
  /// give the suggestions, best first.
  let suggest: (QuestionType, String) -> [String]

  /// A survey of `questions` under `title`.
  init(
    title: String, questions: [Question], colorEnabled: Bool,
    suggest: @escaping (QuestionType, String) -> [String]
  ) {
    self.title = title
    self.questions = questions
    self.colorEnabled = colorEnabled
    self.suggest = suggest
  }

  /// Runs on the process's stdin/stdout terminal; returns nil when the user cancelled.
  ///
  /// - Returns: an answer for every question by ID (``AnswerValue/skipped`` for skips), or nil
  ///   after Ctrl-C, Esc on the review, or the terminal closing.
  /// - Throws: ``TerminalError`` when the terminal cannot be put in raw mode or read.
  func run() throws -> [String: AnswerValue]? {
    let input = STDIN_FILENO
    let output = STDOUT_FILENO
    let mode = try RawTerminalMode(input: input, output: output)
    defer { mode.restore() }
    let screen = ScreenWriter(fileDescriptor: output)
    // Declared after `mode`, so it runs first: the cursor comes back before the settings do.
    defer { try? screen.end() }
    try screen.begin()
    let reader = KeyReader(fileDescriptor: input)
    let environment = ProcessInfo.processInfo.environment
    var flow = SurveyFlow(
      title: title, questions: questions, style: TerminalStyle(colorEnabled: colorEnabled),
      suggest: suggest)
    while flow.outcome == .running {
      // Asked before every frame, so resizing the window mid-survey is picked up.
      let width = TerminalInfo.width(environment: environment)
      let rows = TerminalInfo.height(environment: environment) ?? 24
      try screen.draw(flow.render(rows: rows, width: width), width: width)
      guard let key = try reader.next() else {
        flow.cancel()
        break
      }
      flow.handle(key)
    }
    guard case .filed(let answers) = flow.outcome else {
      try screen.clear()
      return nil
    }
    // Leave the filed answers on screen as a record of what was filed.
    try screen.draw(flow.render(), width: TerminalInfo.width(environment: environment))
    try screen.keep()
    return answers
  }
}
