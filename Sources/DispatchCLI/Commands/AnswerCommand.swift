import DispatchCommandLine
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
    let sensors = try ReportSensors.choice(invocation)
    let store = try invocation.openStore(.write)
    let filed = try ReportFiling(store: store, environment: invocation.serviceEnvironment)
      .quickAnswer(
        positionals.count == 2 ? positionals[0] : nil, positionals.last ?? "", sensors: sensors)
    invocation.warn(filed.warnings)
    SurveyFiling.printFiled(filed.report, invocation)
  }
}
