import DispatchCore
import DispatchFeatures
import DispatchServices
import DispatchStorage
import DispatchSupport

/// The prompt a phone answers: `GET /api/v1/prompt` (the open prompt and its survey's
/// questions) and `POST /api/v1/answer` (a one-tap quick answer, as `dispatch answer`).
enum PromptRoutes {
  /// `{"prompt": {...} | null, "questions": [...]}`: the latest prompt when it fired and is
  /// not acted on yet, with the questions its survey asks; without one, the regular survey.
  static func current(store: DispatchStore, environment: ServiceEnvironment) throws
    -> ServerResponse
  {
    let target = try SurveyTarget.current(store: store, environment: environment)
    var promptValue = JSONValue.null
    if let record = target.prompt {
      var object = JSONObjectBuilder()
      object.set("id", record.identifier)
      object.set("due", record.due.iso8601)
      object.set("firedAt", record.firedAt?.iso8601)
      object.set("group", record.promptGroupID)
      promptValue = object.value
    }
    return .json(
      200,
      .object([
        ("prompt", promptValue), ("questions", .array(target.questions.map(\.jsonValue))),
      ]))
  }

  /// `{"question": "PROMPT_OR_ID" (optional), "value": "yes"}`: answers one question, by
  /// default the first yes/no one of the regular survey.
  static func quickAnswer(
    _ body: [UInt8], store: DispatchStore, environment: ServiceEnvironment
  ) throws -> ServerResponse {
    let object = try ReportSubmission.object(body)
    guard let value = object["value"] else {
      throw DispatchError(.invalidValue, "\"value\" is missing: the answer, e.g. \"yes\"")
    }
    var reference: String?
    if let question = object["question"], !question.isNull {
      guard let text = question.string else {
        throw DispatchError(.invalidValue, "\"question\" must be a question's prompt or ID")
      }
      reference = text
    }
    let text = try ReportSubmission.text(of: value, for: reference ?? "the quick question")
    let filed = try ReportFiling(store: store, environment: environment).quickAnswer(
      reference, text, sensors: .off)
    return .json(201, .object([("id", .string(filed.report.id))]))
  }
}
