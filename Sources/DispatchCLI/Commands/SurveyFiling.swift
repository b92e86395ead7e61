import DispatchKit
import Foundation

/// Files a survey of one kind: from `--answer` pairs, the interactive survey, or plain lines.
enum SurveyFiling {
  /// The `--answer` option shared by `report`, `wake` and `sleep`.
  static let answerOption = OptionSpec.value(
    "answer", "PROMPT_OR_ID=VALUE", short: "a", repeatable: true,
    "Answer a question without prompting (repeat for several); questions not given are skipped")

  /// Runs the survey and files the report; returns it.
  ///
  /// On an empty store the survey uses the default questions, which are seeded in the same
  /// transaction that files the report, so a failed or cancelled survey writes nothing.
  ///
  /// With `prompt` (the identifier a notification passed), the report answers that prompt: it
  /// gets trigger `notification`, the prompt's group and, for a group prompt, the group's
  /// questions.
  static func run(
    _ invocation: Invocation, kind: ReportKind, trigger: ReportTrigger, prompt: String? = nil
  ) throws -> (report: Report, store: DispatchStore) {
    let store = try invocation.openStore(.write)
    let seeds = try store.isEmpty()
    let allQuestions = seeds ? DefaultQuestions.all : try store.questions()
    var questions = allQuestions.filter { $0.appears(in: kind) }
    var trigger = trigger
    var promptGroupID: String?
    if let prompt {
      let survey = try PromptLifecycle.survey(forPrompt: prompt, in: store)
      questions = survey.questions
      promptGroupID = survey.promptGroupID
      trigger = .notification
    }
    // The sensors read while the user answers; filing waits only for what is left.
    let sensors = try ReportSensors.start(invocation, store: store)
    let pairs = invocation.values("answer")
    let answers: [String: AnswerValue]
    if !pairs.isEmpty {
      answers = try parse(pairs, questions: questions, all: allQuestions, kind: kind, invocation)
    } else if questions.isEmpty {
      answers = [:]
    } else {
      let title = kind == .regular ? "Report" : "\(kind.rawValue.capitalized) report"
      guard
        let collected = try SurveyBridge.collect(
          title: title, questions: questions, invocation: invocation, store: store)
      else {
        throw CLIError(.interrupted, "cancelled; nothing filed")
      }
      answers = collected
    }
    if kind == .regular && answers.values.allSatisfy({ $0 == .skipped }) {
      let reason =
        questions.isEmpty
        ? "the regular survey has no enabled questions; add one with 'dispatch questions add'"
        : "no answers given; nothing filed"
      throw CLIError(.dataError, reason)
    }
    var report = ReportComposer(store: store).compose(
      kind: kind, trigger: trigger, questions: questions, answers: answers,
      context: try ReportSensors.context(sensors, store: store))
    report.promptGroupID = promptGroupID
    try fileSeeding(seeds, report, in: store)
    try PromptLifecycle.reportFiled(report, fromPrompt: prompt, in: store)
    AutomaticBackup.afterFiling(invocation, store: store)
    WebhookAfterFiling.deliver(invocation, store: store)
    return (report, store)
  }

  /// Files `report`, first seeding the default questions when `seeds` is set, in one
  /// transaction.
  static func fileSeeding(_ seeds: Bool, _ report: Report, in store: DispatchStore) throws {
    try store.database.write { _ in
      if seeds { try store.seedDefaultQuestionsIfEmpty() }
      try store.file(report)
    }
  }

  private static func parse(
    _ pairs: [String], questions: [Question], all: [Question], kind: ReportKind,
    _ invocation: Invocation
  ) throws -> [String: AnswerValue] {
    var answers: [String: AnswerValue] = [:]
    for pair in pairs {
      let (reference, text) = try split(pair, invocation)
      let question = try Question.match(reference, in: all)
      guard questions.contains(where: { $0.id == question.id }) else {
        let state =
          question.isEnabled ? "is not part of the \(kind.rawValue) survey" : "is disabled"
        throw invocation.usage("'\(question.prompt)' \(state)")
      }
      guard answers[question.id] == nil else {
        throw invocation.usage("'\(question.prompt)' is answered twice")
      }
      answers[question.id] = try AnswerParser.parse(text, for: question)
    }
    return answers
  }

  /// Splits an `--answer PROMPT_OR_ID=VALUE` at its first `=`.
  static func split(_ pair: String, _ invocation: Invocation) throws(CLIError)
    -> (reference: String, value: String)
  {
    guard let equals = pair.firstIndex(of: "=") else {
      throw invocation.usage("--answer needs PROMPT_OR_ID=VALUE, got '\(pair)'")
    }
    return (String(pair[..<equals]), String(pair[pair.index(after: equals)...]))
  }

  /// Prints the filed report: a line for people, or the report's JSON.
  static func printFiled(_ report: Report, _ invocation: Invocation) {
    if invocation.wantsJSON {
      invocation.printJSON(report.jsonValue)
      return
    }
    let answered = report.responses.filter { !$0.isSkipped }.count
    let skipped = report.responses.count - answered
    let what = report.kind == .regular ? "report" : "\(report.kind.rawValue) report"
    invocation.stdout.line(
      invocation.style.green("Filed") + " \(what) at \(report.localTime.clockText) "
        + "(\(answered) answered, \(skipped) skipped) · ID \(report.id.prefix(8))")
  }
}

/// `dispatch report`: the regular survey.
enum ReportCommand {
  static let spec: CommandSpec = CommandSpec(
    "report",
    abstract: "Take a report: answer the survey now",
    discussion: """
      On a terminal, asks each question of the chosen survey with arrow-key choices, \
      type-ahead completion, skip, back and a review before filing. From a script or pipe it \
      reads one answer per line (an empty line skips). With --answer it files without \
      prompting.
      """,
    options: [SurveyFiling.answerOption] + ReportSensors.options + [
      .value(
        "kind", "KIND", completion: .values(["regular", "wake", "sleep"]),
        "Which survey: regular (default), wake or sleep"),
      .value(
        "prompt", "ID",
        "Answer this prompt (the notification passes it): its group's questions, trigger "
          + "notification, logged as answered"),
    ],
    json: true,
    examples: [
      "dispatch report",
      "dispatch report --answer 'Are you working?=no' --answer 'Who are you with?=Alice, Bob'",
      "printf 'yes\\ncoding\\n' | dispatch report",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws {
    let kindText = invocation.value("kind") ?? "regular"
    let kind = ReportKind(rawValue: kindText)
    guard kind.isKnown else {
      throw invocation.usage("'\(kindText)' is not a survey kind: use regular, wake or sleep")
    }
    let trigger: ReportTrigger = kind == .wake ? .wake : .manual
    let prompt = invocation.value("prompt")
    if prompt != nil && kind != .regular {
      throw invocation.usage("--prompt answers a prompt with the regular survey; drop --kind")
    }
    let report = try SurveyFiling.run(invocation, kind: kind, trigger: trigger, prompt: prompt)
      .report
    SurveyFiling.printFiled(report, invocation)
  }
}

/// `dispatch wake` and `dispatch sleep`: the wake and sleep surveys, which also switch the
/// awake state (no prompts fire while asleep).
enum SurveyKindCommand {
  static let wakeSpec: CommandSpec = CommandSpec(
    "wake",
    abstract: "File the wake survey and switch to awake",
    discussion: "Asks the questions whose report kinds include wake, then turns prompts back on.",
    options: [SurveyFiling.answerOption] + ReportSensors.options, json: true,
    examples: ["dispatch wake", "dispatch wake --answer 'How did you sleep?=Great'"],
    run: { try run($0, kind: .wake) })

  static let sleepSpec: CommandSpec = CommandSpec(
    "sleep",
    abstract: "File the sleep survey and switch to asleep",
    discussion:
      "Asks the questions whose report kinds include sleep; no prompts fire until 'dispatch wake'.",
    options: [SurveyFiling.answerOption] + ReportSensors.options, json: true,
    examples: ["dispatch sleep"],
    run: { try run($0, kind: .sleep) })

  static func run(_ invocation: Invocation, kind: ReportKind) throws {
    let trigger: ReportTrigger = kind == .wake ? .wake : .manual
    let (report, store) = try SurveyFiling.run(invocation, kind: kind, trigger: trigger)
    try store.setSetting(SettingKey.awake, kind == .wake ? "true" : "false")
    // Going to sleep drops pending snoozes (docs/daemon.md#snooze-and-quick-answers).
    if kind == .sleep { try PromptLifecycle.dropPendingSnoozes(in: store) }
    SurveyFiling.printFiled(report, invocation)
    if !invocation.wantsJSON {
      invocation.stdout.line(
        kind == .wake
          ? "You are awake: prompts are on." : "Good night: no prompts until 'dispatch wake'.")
    }
  }
}
