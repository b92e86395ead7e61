import DispatchCommandLine
import DispatchKit

/// `dispatch init`: create the store and seed the default questions.
enum InitCommand {
  static let spec: CommandSpec = CommandSpec(
    "init",
    abstract: "Create the store and add the seven default questions",
    discussion: """
      Creates the store file (mode 0600) if it does not exist and, when it holds no questions \
      and no reports, adds Dispatch's seven default questions. Running it again changes nothing.
      """,
    json: true,
    examples: ["dispatch init", "dispatch init --store ~/study/participant-07.sqlite"],
    run: run)

  static func run(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.write)
    let seeded = try store.questions.seedDefaultQuestionsIfEmpty()
    let counts = try store.maintenance.counts()
    if invocation.wantsJSON {
      invocation.printJSON(
        .object([
          ("store", .string(invocation.storePath)),
          ("seededDefaultQuestions", .bool(seeded)),
          ("questions", .int(Int64(counts.questions))),
          ("reports", .int(Int64(counts.reports))),
        ]))
      return
    }
    if seeded {
      invocation.stdout.line("Created \(invocation.storePath) with the 7 default questions.")
      invocation.stdout.line("Next: 'dispatch report' to file your first report.")
    } else {
      invocation.stdout.line(
        "\(invocation.storePath) is ready: \(counts.questions) questions, \(counts.reports) reports. Nothing changed."
      )
    }
  }
}
