import DispatchCore
import DispatchFeatures
import DispatchServices
import DispatchStorage

/// What a survey is for, as the page and `GET /api/v1/prompt` both show it: a prompt that
/// fired and is not acted on yet, with its survey's questions, or the regular survey to answer
/// now.
struct SurveyTarget {
  var prompt: PromptRecord?
  var questions: [Question]

  /// The open prompt (fired, not acted on) when there is one, else the regular survey.
  static func current(store: DispatchStore, environment: ServiceEnvironment) throws -> Self {
    let now = environment.run.now()
    if let record = try store.prompts.latestPromptRecord(atOrBefore: now), record.state == .fired {
      return try of(record, store: store, environment: environment)
    }
    return try regular(store: store)
  }

  /// The regular survey (the default questions on an empty store).
  static func regular(store: DispatchStore) throws -> Self {
    let all = try store.isEmpty() ? DefaultQuestions.all : try store.questions.list()
    return SurveyTarget(prompt: nil, questions: all.filter { $0.appears(in: .regular) })
  }

  /// The survey of one prompt. Showing it only reads: the snoozes close when the report is
  /// filed.
  static func of(_ record: PromptRecord, store: DispatchStore, environment: ServiceEnvironment)
    throws -> Self
  {
    let survey = try PromptLifecycle.survey(
      forPrompt: record.identifier, in: store, environment: environment.run,
      closingSnoozes: false)
    return SurveyTarget(prompt: record, questions: survey.questions)
  }
}
