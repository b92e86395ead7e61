import DispatchCore
import DispatchServices
import DispatchStorage
import DispatchSupport

/// `POST /api/v1/reports`: `{"answers": {"PROMPT_OR_ID": VALUE, …}, "id": "…", "prompt": "…"}`
/// filed through ``ReportFiling`` like `dispatch report --answer`. A value is text as
/// `--answer` takes it, a number, `true`/`false` for yes/no, or a list of texts. A client `id`
/// makes a retry idempotent: the same ID files the same report once; `answeredAt` (ISO 8601)
/// dates a report kept on the phone by when it was answered.
enum ReportSubmission {
  static func file(
    _ body: [UInt8], store: DispatchStore, queue: FilingQueue, environment: ServiceEnvironment
  ) throws -> ServerResponse {
    let request = try parse(body)
    let filed = try file(
      id: request.id, prompt: request.prompt, answeredAt: request.answeredAt, store: store,
      queue: queue, environment: environment
    ) { _ in request.answers }
    if filed.duplicate {
      return .json(200, .object([("id", .string(filed.id)), ("duplicate", .bool(true))]))
    }
    return .json(201, .object([("id", .string(filed.id))]))
  }

  /// Files a report a client sent, once: a client ID already filed answers `duplicate` and
  /// files nothing. The API and the survey page both file through here: the report is
  /// composed with `store`, the request's connection, and stored through `queue`, so reports
  /// that arrive together are stored together.
  ///
  /// - Parameter answers: the (question, text) pairs, given the survey's questions.
  /// - Throws: ``DispatchError`` for answers that do not fit, an unknown prompt, or an answer
  ///   time more than 30 days ago (one in the future is taken as now).
  static func file(
    id: String?, prompt: String?, answeredAt: Instant?, store: DispatchStore, queue: FilingQueue,
    environment: ServiceEnvironment,
    answers: @escaping ([Question]) -> [(reference: String, text: String)]
  ) throws -> (id: String, duplicate: Bool) {
    var answeredAt = answeredAt
    if let time = answeredAt {
      let now = environment.run.now()
      guard time.milliseconds >= now.milliseconds - 30 * 86_400_000 else {
        throw DispatchError(.invalidValue, "the answer time is more than 30 days ago")
      }
      // A phone whose clock runs ahead still files, dated when it arrives.
      if time.milliseconds > now.milliseconds { answeredAt = now }
    }
    // This machine's sensors say nothing of where the phone is: only the focus is kept.
    let request = SurveyRequest(
      kind: .regular, trigger: .manual, promptIdentifier: prompt, sensors: .off, reportID: id,
      answeredAt: answeredAt)
    let outcome = try queue.file(
      ClientReport(request: request, answers: answers), composingWith: store)
    if case .duplicate = outcome { return (outcome.id, true) }
    return (outcome.id, false)
  }

  struct Request {
    var answers: [(reference: String, text: String)] = []
    var id: String?
    var prompt: String?
    var answeredAt: Instant?
  }

  /// - Throws: ``DispatchError`` `.invalidValue` naming the field that is wrong.
  static func parse(_ body: [UInt8]) throws -> Request {
    let object = try Self.object(body)
    var request = Request()
    guard let answers = object["answers"]?.object else {
      throw DispatchError(.invalidValue, "\"answers\" must be an object of question: answer")
    }
    for (reference, value) in answers.members {
      request.answers.append((reference, try text(of: value, for: reference)))
    }
    if let id = object["id"], !id.isNull {
      guard let text = id.string, isClientID(text) else {
        throw DispatchError(
          .invalidValue, "\"id\" must be 8 to 64 letters, digits or dashes, e.g. a UUID")
      }
      request.id = text
    }
    if let prompt = object["prompt"], !prompt.isNull {
      guard let text = prompt.string else {
        throw DispatchError(.invalidValue, "\"prompt\" must be a prompt's ID")
      }
      request.prompt = text
    }
    if let answered = object["answeredAt"], !answered.isNull {
      guard let text = answered.string, let parsed = Instant.parseISO8601(text) else {
        throw DispatchError(
          .invalidValue, "\"answeredAt\" must be an ISO 8601 time, e.g. 2026-12-04T08:30:00Z")
      }
      request.answeredAt = parsed.instant
    }
    return request
  }

  /// The body as a JSON object.
  ///
  /// - Throws: ``DispatchError`` `.invalidValue` when it is not JSON or not an object.
  static func object(_ body: [UInt8]) throws -> JSONObject {
    let document: JSONDocument
    do {
      document = try JSONParser.parse(body)
    } catch {
      throw DispatchError(.invalidValue, "the body is not JSON: \(error)")
    }
    guard let object = document.root.object else {
      throw DispatchError(.invalidValue, "the body must be a JSON object")
    }
    return object
  }

  static func text(of value: JSONNode, for reference: String) throws -> String {
    if let text = value.string { return text }
    if let flag = value.bool { return flag ? "yes" : "no" }
    if let literal = value.numberText { return literal }
    if let items = value.array {
      let texts = items.compactMap(\.string)
      if texts.count == items.count { return texts.joined(separator: ", ") }
    }
    if value.isNull { return "" }
    throw DispatchError(
      .invalidValue,
      "the answer to '\(reference)' must be text, a number, true/false or a list of texts")
  }

  static func isClientID(_ text: String) -> Bool {
    (8...64).contains(text.utf8.count)
      && text.utf8.allSatisfy { byte in
        (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122)
          || byte == 45
      }
  }
}
