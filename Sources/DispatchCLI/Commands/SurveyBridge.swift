import DispatchCommandLine
import DispatchKit
import Foundation

/// Chooses how a survey collects answers: the interactive terminal survey when standard input
/// and output are a terminal, plain lines otherwise (scripts, pipes, tests).
enum SurveyBridge {
  /// The answers, or nil when the user cancelled.
  static func collect(
    title: String, questions: [Question], invocation: Invocation, store: DispatchStore
  ) throws -> [String: AnswerValue]? {
    guard invocation.terminal.isInteractive else {
      return try LineSurvey(title: title, questions: questions).run()
    }
    let survey = TerminalSurvey(
      title: title, questions: questions, colorEnabled: invocation.terminal.colorEnabled,
      suggest: { type, text in (try? store.people.suggestions(for: type, matching: text)) ?? [] })
    return try survey.run()
  }
}
