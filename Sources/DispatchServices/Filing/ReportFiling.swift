import DispatchCore
import DispatchFeatures
import DispatchStorage
import Foundation

/// Filing reports: the one place every front (command line, daemon, web) files through, so a
/// report is composed, stored and followed up alike (docs/survey.md).
///
/// Filing is one transaction: seeding the default questions on an empty store, storing the
/// report, linking it to the prompt it answers and quieting the nags, and for the wake and
/// sleep surveys switching the awake state. Then the follow-up work runs (``AfterFiling``).
public struct ReportFiling {
  public let store: DispatchStore
  public let environment: ServiceEnvironment

  public init(store: DispatchStore, environment: ServiceEnvironment) {
    self.store = store
    self.environment = environment
  }

  /// Opens a survey: its questions (the defaults on an empty store, a group prompt's own
  /// questions), with the sensors started so they read while the person answers.
  ///
  /// - Throws: ``DispatchError`` for a prompt that is not in the log or has not fired, or a
  ///   place that is not named.
  public func open(_ request: SurveyRequest) throws -> OpenSurvey {
    let seeds = try store.isEmpty()
    let all = seeds ? DefaultQuestions.all : try store.questions.list()
    var questions = all.filter { $0.appears(in: request.kind) }
    var trigger = request.trigger
    var promptGroupID: String?
    if let prompt = request.promptIdentifier {
      let survey = try PromptLifecycle.survey(
        forPrompt: prompt, in: store, environment: environment.run)
      questions = survey.questions
      promptGroupID = survey.promptGroupID
      trigger = .notification
    }
    return OpenSurvey(
      request: request, questions: questions, allQuestions: all, trigger: trigger,
      seedsDefaults: seeds, promptGroupID: promptGroupID, sensors: try startSensors(request.sensors)
    )
  }

  /// Answers given as (question reference, text) pairs, e.g. from `--answer PROMPT=VALUE`.
  ///
  /// - Throws: ``DispatchError``: `.unknownReference` for a question that matches none,
  ///   `.invalidRequest` for one outside this survey or answered twice, `.invalidValue` for
  ///   an answer that does not fit its question.
  public func answers(
    _ pairs: [(reference: String, text: String)], for survey: OpenSurvey
  ) throws -> [String: AnswerValue] {
    var answers: [String: AnswerValue] = [:]
    for (reference, text) in pairs {
      let question = try Question.match(reference, in: survey.allQuestions)
      guard survey.questions.contains(where: { $0.id == question.id }) else {
        let state =
          question.isEnabled
          ? "is not part of the \(survey.request.kind.rawValue) survey" : "is disabled"
        throw DispatchError(.invalidRequest, "'\(question.prompt)' \(state)")
      }
      guard answers[question.id] == nil else {
        throw DispatchError(.invalidRequest, "'\(question.prompt)' is answered twice")
      }
      answers[question.id] = try AnswerParser.parse(text, for: question)
    }
    return answers
  }

  /// Files the survey's answers (questions without one are skipped), then runs the follow-up.
  ///
  /// - Throws: ``DispatchError`` `.invalidValue` for a regular report that answers nothing;
  ///   nothing is written then.
  public func file(_ survey: OpenSurvey, answers: [String: AnswerValue]) throws -> FiledReport {
    let report = try compose(survey, answers: answers)
    try store.write { tx in try record(report, of: survey, in: tx) }
    return FiledReport(
      report: report, warnings: AfterFiling.run(store: store, environment: environment))
  }

  /// The report the survey's answers make, not yet stored.
  ///
  /// - Throws: ``DispatchError`` `.invalidValue` for a regular report that answers nothing.
  func compose(_ survey: OpenSurvey, answers: [String: AnswerValue]) throws -> Report {
    let kind = survey.request.kind
    if kind == .regular && answers.values.allSatisfy({ $0 == .skipped }) {
      throw DispatchError(
        .invalidValue,
        survey.questions.isEmpty
          ? "the regular survey has no enabled questions; add one with 'dispatch questions add'"
          : "no answers given; nothing filed")
    }
    var report = ReportComposer(store: store, environment: environment.run).compose(
      kind: kind, trigger: survey.trigger, questions: survey.questions, answers: answers,
      at: survey.request.answeredAt, context: try context(survey.sensors),
      id: survey.request.reportID)
    // A time the client kept is when the person answered, not a date they chose.
    report.isBackdated = false
    report.promptGroupID = survey.promptGroupID
    return report
  }

  /// Stores a survey's composed report in `tx` (``record(_:seeding:fromPrompt:awake:in:)``).
  func record(_ report: Report, of survey: OpenSurvey, in tx: StoreTransaction) throws {
    try record(
      report, seeding: survey.seedsDefaults, fromPrompt: survey.request.promptIdentifier,
      awake: survey.request.switchesAwakeState ? survey.request.kind == .wake : nil, in: tx)
  }

  /// A one-question quick answer: `reference` names the question (nil: the first enabled
  /// yes/no question of the regular survey), `text` is the answer.
  public func quickAnswer(_ reference: String?, _ text: String, sensors: SensorChoice) throws
    -> FiledReport
  {
    let seeds = try store.isEmpty()
    let questions = seeds ? DefaultQuestions.all : try store.questions.list()
    let question: Question
    if let reference {
      question = try Question.match(reference, in: questions)
      guard question.appears(in: .regular) else {
        throw DispatchError(
          .invalidRequest, "'\(question.prompt)' is not an enabled question of the regular survey")
      }
    } else {
      guard let quick = questions.first(where: { $0.type == .yesNo && $0.appears(in: .regular) })
      else {
        throw DispatchError(
          .invalidValue,
          "there is no enabled yes/no question for a quick answer; name a question: dispatch answer QUESTION VALUE"
        )
      }
      question = quick
    }
    let value = try AnswerParser.parse(text, for: question)
    guard value != .skipped else {
      throw DispatchError(.invalidValue, "an empty answer cannot be filed as a quick answer")
    }
    let gathering = try startSensors(sensors)
    let report = ReportComposer(store: store, environment: environment.run).compose(
      kind: .regular, trigger: .quickAnswer, questions: [question], answers: [question.id: value],
      context: try context(gathering))
    try record(report, seeding: seeds, fromPrompt: nil)
    return FiledReport(
      report: report, warnings: AfterFiling.run(store: store, environment: environment))
  }

  /// Stores a composed report in one transaction: the default questions first when `seeding`,
  /// the report, its prompt answered (or every nag quieted), and the awake state when `awake`
  /// is given (going to sleep drops pending snoozes).
  public func record(
    _ report: Report, seeding: Bool, fromPrompt prompt: String?, awake: Bool? = nil
  ) throws {
    try store.write { tx in
      try record(report, seeding: seeding, fromPrompt: prompt, awake: awake, in: tx)
    }
  }

  /// ``record(_:seeding:fromPrompt:awake:)`` inside a transaction that is already open.
  func record(
    _ report: Report, seeding: Bool, fromPrompt prompt: String?, awake: Bool?,
    in tx: StoreTransaction
  ) throws {
    if seeding { try tx.seedDefaultQuestionsIfEmpty() }
    try tx.file(report)
    try PromptLifecycle.reportFiled(
      report, fromPrompt: prompt, in: tx, environment: environment.run)
    if let awake {
      try tx.setSetting(SettingKey.awake, awake ? "true" : "false")
      if !awake { try PromptLifecycle.dropPendingSnoozes(in: tx, environment: environment.run) }
    }
  }

  /// Starts the sensors, or nil when they are off for this report.
  func startSensors(_ choice: SensorChoice) throws -> SensorGathering? {
    guard case .on(let place) = choice else { return nil }
    return try SensorGathering(
      store: store, place: place, environment: environment.variables, run: environment.run)
  }

  /// The context to file: what the sensors read, or only the focus without them.
  func context(_ gathering: SensorGathering?) throws -> SensorContext {
    guard let gathering else { return try FocusFilter.reportContext(in: store) }
    return gathering.finish(loggingIn: store)
  }
}
