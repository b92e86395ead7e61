import DispatchCommandLine
import DispatchKit
import Foundation

/// The survey for standard input that is not a terminal (scripts, pipes, tests)
/// (docs/cli.md#taking-reports).
///
/// For each question it writes the prompt and a short hint of what it accepts to standard
/// error, so standard output stays clean, then reads one line and parses it with
/// ``AnswerParser``. An empty line is a skip (or a number question's default answer); at the
/// end of input every remaining question is skipped. The first answer a question does not
/// accept stops the survey with the parser's ``DispatchError`` and nothing is filed.
struct LineSurvey {
  /// The title written before the first question.
  let title: String
  /// The questions, in the order they are asked.
  let questions: [Question]
  private let readLine: () -> String?
  private let write: (String) -> Void

  /// A survey reading standard input and writing prompts to standard error, their control
  /// characters escaped (``TerminalText``): prompts and choices may come from an import.
  init(title: String, questions: [Question]) {
    self.init(
      title: title, questions: questions, readLine: { Swift.readLine(strippingNewline: true) },
      write: { FileHandle.standardError.write(Data(TerminalText.escaped($0).utf8)) })
  }

  /// A survey reading lines from `readLine` (nil at the end of input) and writing prompts
  /// through `write`, for tests.
  init(
    title: String, questions: [Question], readLine: @escaping () -> String?,
    write: @escaping (String) -> Void
  ) {
    self.title = title
    self.questions = questions
    self.readLine = readLine
    self.write = write
  }

  /// Asks every question in turn.
  ///
  /// - Returns: an answer for every question by ID, skips included; never nil.
  /// - Throws: ``DispatchError`` (`invalidValue`) for a line the question does not accept.
  func run() throws -> [String: AnswerValue] {
    if !title.isEmpty { write(title + "\n") }
    var answers: [String: AnswerValue] = [:]
    var reachedEnd = false
    for (index, question) in questions.enumerated() {
      if reachedEnd {
        answers[question.id] = .skipped
        continue
      }
      write("\(index + 1)/\(questions.count) \(question.prompt) (\(Self.hint(for: question)))\n")
      guard let line = readLine() else {
        reachedEnd = true
        answers[question.id] = .skipped
        continue
      }
      answers[question.id] = try AnswerParser.parse(line, for: question)
    }
    return answers
  }

  /// What `question` accepts, in a few words, with how to skip it.
  static func hint(for question: Question) -> String {
    let choices = question.effectiveChoices
    let accepts: String
    switch question.type {
    case .yesNo:
      accepts = choices.joined(separator: " or ")
    case .multipleChoice:
      let list = choices.joined(separator: ", ")
      accepts =
        question.allowsMultipleSelection
        ? "one or more of \(list), comma-separated" : "one of \(list)"
    case .tokens: accepts = "comma-separated"
    case .people: accepts = "names, comma-separated"
    case .location: accepts = "a place"
    case .note: accepts = "text"
    case .time: accepts = "HH:MM, add 'yesterday' for yesterday"
    case .number: accepts = numberHint(question) + labelsHint(question)
    }
    if question.type == .number, let fallback = question.defaultAnswer, !fallback.isEmpty {
      return accepts + "; empty line files \(fallback)"
    }
    return accepts + "; empty line skips"
  }

  /// The question's scale labels ("; 1 = exhausted, 5 = fully rested"), or nothing.
  private static func labelsHint(_ question: Question) -> String {
    guard let placeholder = question.placeholder,
      case .success(let labels) = ScaleLabels.parse(placeholder), !labels.anchors.isEmpty
    else { return "" }
    return "; " + labels.text
  }

  private static func numberHint(_ question: Question) -> String {
    guard let style = question.inputStyle, style != .textField else { return "a number" }
    let config = question.numberConfig
    let low = NumberText.format(config.minimum)
    guard config.isBounded else { return "a number from \(low)" }
    return "a number from \(low) to \(NumberText.format(config.maximum))"
  }
}
