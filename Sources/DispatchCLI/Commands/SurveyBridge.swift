import DispatchKit
import Foundation

/// Chooses how a survey collects answers: the interactive terminal survey on a TTY, plain lines
/// otherwise.
enum SurveyBridge {
  /// The answers, or nil when the user cancelled.
  static func collect(
    title: String, questions: [Question], invocation: Invocation, store: DispatchStore
  ) throws -> [String: AnswerValue]? {
    var answers: [String: AnswerValue] = [:]
    invocation.stderr.line(title)
    for question in questions {
      invocation.stderr.write(question.prompt + " ")
      invocation.stderr.flush()
      guard let line = readLine(strippingNewline: true) else { break }
      answers[question.id] = try AnswerParser.parse(line, for: question)
    }
    return answers
  }
}
