import DispatchCommandLine
import DispatchKit
import Foundation

/// Files a survey of one kind: from `--answer` pairs, the interactive survey, or plain lines.
enum SurveyFiling {
  /// `--kind`: a survey kind, regular, wake or sleep.
  static func kindOption(_ help: String) -> Option<ReportKind> {
    .typed("kind", "KIND", completion: .values(["regular", "wake", "sleep"]), help) {
      text throws(OptionValueError) in
      let kind = ReportKind(rawValue: text)
      guard kind.isKnown else {
        throw OptionValueError("'\(text)' is not a survey kind: use regular, wake or sleep")
      }
      return kind
    }
  }

  /// The `--answer` option shared by `report`, `wake` and `sleep`.
  static let answerOption = OptionSpec.value(
    "answer", "PROMPT_OR_ID=VALUE", short: "a", repeatable: true,
    "Answer a question without prompting (repeat for several); questions not given are skipped")

  /// Runs the survey and files the report through ``ReportFiling``; returns it.
  ///
  /// On an empty store the survey uses the default questions, which are seeded in the same
  /// transaction that files the report, so a failed or cancelled survey writes nothing.
  ///
  /// With `prompt` (the identifier a notification passed), the report answers that prompt: it
  /// gets trigger `notification`, the prompt's group and, for a group prompt, the group's
  /// questions.
  static func run(
    _ invocation: Invocation, kind: ReportKind, trigger: ReportTrigger, prompt: String? = nil,
    switchesAwakeState: Bool = false
  ) throws -> Report {
    let sensors = try ReportSensors.choice(invocation)
    let store = try invocation.openStore(.write)
    let filing = ReportFiling(store: store, environment: invocation.serviceEnvironment)
    // The sensors read while the user answers; filing waits only for what is left.
    let survey = try filing.open(
      SurveyRequest(
        kind: kind, trigger: trigger, promptIdentifier: prompt, sensors: sensors,
        switchesAwakeState: switchesAwakeState))
    let pairs = try invocation.values("answer").map { try split($0, invocation) }
    let answers: [String: AnswerValue]
    if !pairs.isEmpty {
      answers = try filing.answers(pairs, for: survey)
    } else if survey.questions.isEmpty {
      answers = [:]
    } else {
      let title = kind == .regular ? "Report" : "\(kind.rawValue.capitalized) report"
      guard
        let collected = try SurveyBridge.collect(
          title: title, questions: survey.questions, invocation: invocation, store: store)
      else {
        throw CLIError(.interrupted, "cancelled; nothing filed")
      }
      answers = collected
    }
    let filed: FiledReport
    do {
      filed = try filing.file(survey, answers: answers)
    } catch let error as StoreError where pairs.isEmpty && (error.isBusy || error.isDiskFull) {
      // Typed or piped answers cannot be read again: they travel with the error, to be kept.
      guard let arguments = answerArguments(answers, survey.allQuestions) else { throw error }
      throw KeptAnswers(underlying: error, answerArguments: arguments)
    }
    invocation.warn(filed.warnings)
    return filed.report
  }

  /// The answers as `--answer ID=TEXT` arguments that parse back to the same answers, or nil
  /// when one does not (a time on another day, a choice holding a comma).
  static func answerArguments(_ answers: [String: AnswerValue], _ questions: [Question])
    -> [String]?
  {
    var arguments: [String] = []
    for (id, value) in answers.sorted(by: { $0.key < $1.key }) {
      guard let question = questions.first(where: { $0.id == id }) else { return nil }
      let text: String
      switch value {
      case .skipped: continue
      case .tokens(let items), .options(let items): text = items.joined(separator: ", ")
      case .location(let name): text = name
      case .number(let number): text = number
      case .note(let note): text = note
      case .time(let time): text = time.clockText
      }
      guard (try? AnswerParser.parse(text, for: question)) == value else { return nil }
      arguments += ["--answer", id + "=" + text]
    }
    return arguments
  }

  /// Splits an `--answer PROMPT_OR_ID=VALUE` at its first `=`.
  static func split(_ pair: String, _ invocation: Invocation) throws(CLIError)
    -> (reference: String, text: String)
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
        + "(\(answered) answered, \(skipped) skipped) · ID \(DisplayID.short(report.id))")
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
      SurveyFiling.kindOption("Which survey: regular (default), wake or sleep").spec,
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
    let kind = invocation.value(SurveyFiling.kindOption("")) ?? .regular
    let trigger: ReportTrigger = kind == .wake ? .wake : .manual
    let prompt = invocation.value("prompt")
    if prompt != nil && kind != .regular {
      throw invocation.usage("--prompt answers a prompt with the regular survey; drop --kind")
    }
    let report = try SurveyFiling.run(invocation, kind: kind, trigger: trigger, prompt: prompt)
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
    let report = try SurveyFiling.run(
      invocation, kind: kind, trigger: trigger, switchesAwakeState: true)
    SurveyFiling.printFiled(report, invocation)
    if !invocation.wantsJSON {
      invocation.stdout.line(
        kind == .wake
          ? "You are awake: prompts are on." : "Good night: no prompts until 'dispatch wake'.")
    }
  }
}
