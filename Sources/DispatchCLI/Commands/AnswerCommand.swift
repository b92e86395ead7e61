import DispatchKit

/// `dispatch answer`: a one-question quick answer, like the seed's quick-answer widget.
enum AnswerCommand {
  static let spec: CommandSpec = CommandSpec(
    "answer",
    abstract: "File a one-question quick answer",
    discussion: """
      With one argument, answers the first enabled yes/no question of the regular survey \
      (the quick-answer question). With two, answers the named question. The report holds \
      only that answer.
      """,
    arguments: [
      ArgumentSpec(
        "QUESTION", "A prompt or question ID (default: the quick-answer question)", optional: true),
      ArgumentSpec("VALUE", "The answer, e.g. yes, 3, 'coding, email', 07:30"),
    ],
    options: ReportSensors.options,
    json: true,
    examples: ["dispatch answer yes", "dispatch answer 'How many coffees did you have today?' 2"],
    run: run)

  static func run(_ invocation: Invocation) throws {
    let positionals = invocation.parsed.positionals
    guard positionals.count <= 2 else {
      throw invocation.usage("unexpected argument '\(positionals[2])'")
    }
    let store = try invocation.openStore(.write)
    let seeds = try store.isEmpty()
    let questions = seeds ? DefaultQuestions.all : try store.questions()
    let question: Question
    if positionals.count == 2 {
      question = try Question.match(positionals[0], in: questions)
      guard question.appears(in: .regular) else {
        throw invocation.usage(
          "'\(question.prompt)' is not an enabled question of the regular survey")
      }
    } else {
      guard
        let quick = questions.first(where: {
          $0.type == .yesNo && $0.appears(in: .regular)
        })
      else {
        throw CLIError(
          .dataError,
          "there is no enabled yes/no question for a quick answer; name a question: dispatch answer QUESTION VALUE"
        )
      }
      question = quick
    }
    let value = try AnswerParser.parse(positionals.last ?? "", for: question)
    guard value != .skipped else {
      throw CLIError(.dataError, "an empty answer cannot be filed as a quick answer")
    }
    let sensors = try ReportSensors.start(invocation, store: store)
    let composer = ReportComposer(store: store)
    let report = composer.compose(
      kind: .regular, trigger: .quickAnswer, questions: [question], answers: [question.id: value],
      context: try ReportSensors.context(sensors, store: store))
    try SurveyFiling.fileSeeding(seeds, report, in: store)
    try PromptLifecycle.reportFiled(report, fromPrompt: nil, in: store)
    AutomaticBackup.afterFiling(invocation, store: store)
    WebhookAfterFiling.deliver(invocation, store: store)
    SurveyFiling.printFiled(report, invocation)
  }
}
