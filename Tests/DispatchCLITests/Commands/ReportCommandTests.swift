import DispatchKit
import Foundation
import Testing

/// `dispatch report`, `wake`, `sleep` and `answer`.
@Suite("report, wake, sleep, answer")
struct ReportCommandTests {
  static let working = DefaultQuestions.all[1]
  static let coffees = DefaultQuestions.all[5]

  @Test func severalAnswersFileOneReportWithTheRestSkipped() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    let result = try cli.succeed([
      "report", "--answer", "Are you working?=yes", "--answer", "What are you doing?=coding, email",
      "-a", "Where are you?=Home", "--answer=Who are you with?=Alice, Bob",
      "--answer", "How many coffees did you have today?=2.5",
    ])
    #expect(result.stderr.isEmpty)
    let reports = try cli.reports()
    let report = try #require(reports.first)
    #expect(reports.count == 1)
    #expect(
      result.stdout == "Filed report at 10:00 (5 answered, 1 skipped) · ID \(report.id.prefix(8))\n"
    )
    #expect(report.kind == "regular")
    #expect(report.trigger == "manual")
    #expect(report.date == "2026-03-04T10:00:00.000Z")
    #expect(report.responses.map(\.prompt) == DefaultQuestions.all.dropFirst().map(\.prompt))
    #expect(report.response("Are you working?")?.options == ["Yes"])
    #expect(report.response("What are you doing?")?.tokens == ["coding", "email"])
    #expect(report.response("Where are you?")?.location == "Home")
    #expect(report.response("How many coffees did you have today?")?.number == "2.5")
    #expect(report.response("What did you learn today?")?.skipped == true)
  }

  @Test(
    "a question is found by prompt in any case, by ID, or by a unique ID prefix",
    arguments: [
      "Are you working?", "ARE YOU WORKING?", "are you working?", working.id,
      String(working.id.prefix(8)), String(working.id.prefix(4)).lowercased(),
    ])
  func questionReference(reference: String) throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    try cli.succeed(["report", "--answer", "\(reference)=no"])
    let report = try #require(try cli.reports().first)
    #expect(report.response("Are you working?")?.options == ["No"])
    #expect(report.response("Are you working?")?.questionID == Self.working.id)
  }

  struct BadAnswer: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let status: Int32
    let message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  @Test(
    "a bad answer is refused and no report is written",
    arguments: [
      BadAnswer(
        arguments: ["--answer", "How many coffees did you have today?=lots"], status: 65,
        message: "'lots' is not a number"),
      BadAnswer(
        arguments: ["--answer", "Are you working?=maybe"], status: 65,
        message: "'maybe' is not an answer to 'Are you working?'"),
      BadAnswer(
        arguments: ["--kind", "wake", "--answer", "How did you sleep?=Terribly"], status: 65,
        message: "'Terribly'"),
      BadAnswer(
        arguments: ["--answer", "Are you working?=yes", "--answer", "Nope?=1"], status: 64,
        message: "no question matches 'Nope?'"),
      BadAnswer(
        arguments: ["--answer", "Are you working?"], status: 64,
        message: "--answer needs PROMPT_OR_ID=VALUE, got 'Are you working?'"),
      BadAnswer(
        arguments: ["--answer", "Are you working?=yes", "-a", "are you working?=no"], status: 64,
        message: "answered twice"),
      BadAnswer(
        arguments: ["--answer", "How did you sleep?=Great"], status: 64,
        message: "is not part of the regular survey"),
      BadAnswer(
        arguments: ["--answer", "Are you working?="], status: 65, message: "nothing filed"),
      BadAnswer(
        arguments: ["--kind", "nap", "-a", "x=y"], status: 64, message: "not a survey kind"),
    ])
  func badAnswers(_ answer: BadAnswer) throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    try cli.succeed(["answer", "yes"], environment: ["DISPATCH_NOW": "2026-03-01T08:00:00Z"])
    let before = try #require(cli.contents(cli.defaultStore))
    try cli.fail(["report"] + answer.arguments, status: answer.status, message: answer.message)
    #expect(cli.contents(cli.defaultStore) == before)
    #expect(try cli.reports().count == 1)
  }

  @Test(
    arguments: [
      ["report", "--answer", "Are you working?"], ["report", "--answer", "Nope?=1"],
      ["report", "--answer", "How many coffees did you have today?=lots"],
      ["answer", "How many coffees did you have today?", "lots"],
      ["questions", "remove", "Nope?"], ["reports", "remove", "ABCD1234", "--yes"],
    ])
  func failedWriterCreatesNoStore(arguments: [String]) throws {
    let cli = try CLISandbox()
    let result = try cli.run(arguments)
    #expect(result.status != 0)
    #expect(!cli.exists(cli.defaultStore))
  }

  @Test func kindWakeFilesTheWakeSurvey() throws {
    let cli = try CLISandbox()
    let result = try cli.succeed([
      "report", "--kind", "wake", "--answer", "How did you sleep?=great", "--json",
    ])
    #expect(result.stderr.isEmpty)
    let report = try result.json(ReportJSON.self)
    #expect(report.kind == "wake")
    #expect(report.trigger == "wake")
    #expect(report.responses.map(\.prompt) == ["How did you sleep?"])
    #expect(report.response("How did you sleep?")?.options == ["Great"])
    #expect(try cli.reports() == [report])
  }

  @Test func jsonPutsOnlyTheReportOnStandardOutput() throws {
    let cli = try CLISandbox()
    let result = try cli.succeed(["--json", "report", "-a", "Are you working?=yes"])
    #expect(result.stderr.isEmpty)
    #expect(result.stdout.hasPrefix("{\n"))
    #expect(result.stdout.hasSuffix("}\n"))
    let report = try result.json(ReportJSON.self)
    #expect(report.responses.count == 6)
    #expect(try cli.reports() == [report])
  }

  @Test func theFirstReportSeedsTheDefaults() throws {
    let cli = try CLISandbox()
    try cli.succeed(["report", "--answer", "Are you working?=yes"])
    #expect(try cli.questions().map(\.id) == DefaultQuestions.all.map(\.id))
  }

  // MARK: - Line mode

  @Test func lineModeReadsOneAnswerPerLineAndSkipsEmptyLines() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    let result = try cli.succeed(["report"], stdin: "yes\n\nHome\nAlice, Bob\n")
    let report = try #require(try cli.reports().first)
    #expect(
      result.stdout == "Filed report at 10:00 (3 answered, 3 skipped) · ID \(report.id.prefix(8))\n"
    )
    // Prompts go to standard error, so standard output stays clean.
    #expect(result.stderr.contains("Are you working?"))
    #expect(result.stderr.contains("Who are you with?"))
    #expect(report.response("Are you working?")?.options == ["Yes"])
    #expect(report.response("What are you doing?")?.skipped == true)
    #expect(report.response("Where are you?")?.location == "Home")
    #expect(report.response("How many coffees did you have today?")?.skipped == true)
  }

  @Test(
    "line mode with no answer at all files nothing (exit 65)",
    arguments: ["", "\n\n\n\n\n\n", "\n\n"])
  func lineModeWithoutAnswers(input: String) throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    let result = try cli.run(["report"], stdin: input)
    #expect(result.status == 65, "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderrLines.last?.hasSuffix("dispatch: no answers given; nothing filed") == true)
    #expect(try cli.reports().isEmpty)
  }

  @Test func lineModeWithStandardInputClosed() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    let result = try cli.run(["report"])
    #expect(result.status == 65, "\(result)")
    #expect(try cli.reports().isEmpty)
  }

  @Test func lineModeRefusesABadLine() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    let result = try cli.run(["report"], stdin: "yes\ncoding\nHome\n\nlots\n")
    #expect(result.status == 65, "\(result)")
    #expect(result.stderr.contains("'lots' is not a number"))
    #expect(try cli.reports().isEmpty)
  }

  // MARK: - wake, sleep, answer

  @Test func wakeAndSleepFileTheirSurveysAndSwitchTheAwakeState() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    let sleep = try cli.succeed(["sleep"], environment: ["DISPATCH_NOW": "2026-03-03T23:00:00Z"])
    #expect(sleep.stdout.hasPrefix("Filed sleep report at 23:00 (0 answered, 0 skipped)"))
    #expect(sleep.stdout.hasSuffix("Good night: no prompts until 'dispatch wake'.\n"))
    #expect(
      try DispatchStore(path: cli.defaultStore, access: .read).settings.setting("awake") == "false")

    let wake = try cli.succeed(["wake"], stdin: "OK\n")
    #expect(wake.stdout.hasPrefix("Filed wake report at 10:00 (1 answered, 0 skipped)"))
    #expect(wake.stdout.hasSuffix("You are awake: prompts are on.\n"))
    #expect(
      try DispatchStore(path: cli.defaultStore, access: .read).settings.setting("awake") == "true")

    let reports = try cli.reports()
    #expect(reports.map(\.kind) == ["sleep", "wake"])
    #expect(reports.map(\.trigger) == ["manual", "wake"])
    #expect(reports[1].responses.map(\.prompt) == ["How did you sleep?"])
    #expect(reports[1].response("How did you sleep?")?.options == ["OK"])
  }

  @Test func wakeWithAnswerAndJSON() throws {
    let cli = try CLISandbox()
    try cli.succeed(["sleep"])
    let result = try cli.succeed(["wake", "--answer", "How did you sleep?=Poorly", "--json"])
    #expect(result.stderr.isEmpty)
    let report = try result.json(ReportJSON.self)
    #expect(report.kind == "wake")
    #expect(report.response("How did you sleep?")?.options == ["Poorly"])
    #expect(
      try DispatchStore(path: cli.defaultStore, access: .read).settings.setting("awake") == "true")
  }

  @Test func wakeWithABadAnswerKeepsTheState() throws {
    let cli = try CLISandbox()
    try cli.succeed(["sleep"])
    try cli.fail(["wake", "-a", "How did you sleep?=Terribly"], status: 65, message: "'Terribly'")
    #expect(
      try DispatchStore(path: cli.defaultStore, access: .read).settings.setting("awake") == "false")
    #expect(try cli.reports().count == 1)
  }

  @Test func answerYesFilesAOneResponseQuickAnswer() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    let result = try cli.succeed(["answer", "yes"])
    let report = try #require(try cli.reports().first)
    #expect(
      result.stdout == "Filed report at 10:00 (1 answered, 0 skipped) · ID \(report.id.prefix(8))\n"
    )
    #expect(report.kind == "regular")
    #expect(report.trigger == "quickAnswer")
    #expect(report.responses.count == 1)
    #expect(report.response("Are you working?")?.options == ["Yes"])
  }

  @Test func answerANamedQuestion() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    let result = try cli.succeed(["answer", "How many coffees did you have today?", "2", "--json"])
    let report = try result.json(ReportJSON.self)
    #expect(report.trigger == "quickAnswer")
    #expect(report.responses.count == 1)
    #expect(report.response("How many coffees did you have today?")?.number == "2")
    #expect(try cli.reports() == [report])
  }

  @Test(
    "a bad quick answer is refused and nothing is filed",
    arguments: [
      (["answer", "maybe"], Int32(65), "'maybe' is not an answer"),
      (["answer", "How many coffees did you have today?", "lots"], 65, "'lots' is not a number"),
      (["answer", "Nope?", "1"], 64, "no question matches 'Nope?'"),
      (["answer", "How did you sleep?", "Great"], 64, "not an enabled question of the regular"),
      (["answer", ""], 65, "empty answer"),
    ])
  func badQuickAnswers(arguments: [String], status: Int32, message: String) throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    try cli.fail(arguments, status: status, message: message)
    #expect(try cli.reports().isEmpty)
  }
}
