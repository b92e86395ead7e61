import DispatchCore
import DispatchFeatures
import DispatchServices
import DispatchStorage
import DispatchSupport

/// The survey pages of `dispatch serve` for a paired browser (docs/serve.md#the-survey-page):
/// pairing, the survey, its review and filing. Forms work without JavaScript; every form
/// carries the session's CSRF token and a POST from another origin is refused.
struct WebApp: Sendable {
  let pool: StorePool
  let filings: FilingQueue
  let environment: ServiceEnvironment
  let throttle: LoginThrottle
  let origin: WebOrigin

  func respond(to request: ServerRequest) -> ServerResponse {
    if let asset = WebAssets.response(for: request) { return asset }
    let now = environment.run.now()
    guard throttle.allows(request.clientAddress, at: now) else {
      return WebPage.message(
        429, title: "Too many tries", paragraphs: ["Wait a minute, then open a new pairing link."]
      ).with("Retry-After", "60")
    }
    do {
      return try pool.with { store in try route(request, store: store, now: now) }
    } catch let error as StoreError where error.isBusy {
      return WebPage.message(503, title: "Busy", paragraphs: ["The store is busy; try again."])
        .with("Retry-After", "1")
    } catch let error as DispatchError {
      return WebPage.message(
        ServeAPI.status(of: error), title: "Not done", paragraphs: [HTML.text(error.message)])
    } catch {
      return WebPage.message(
        500, title: "Not done", paragraphs: ["The server could not answer; its log has the reason."]
      )
    }
  }

  private func route(_ request: ServerRequest, store: DispatchStore, now: Instant) throws
    -> ServerResponse
  {
    if request.path == "/pair" || request.path.hasPrefix("/pair/") {
      return try PairingPages(store: store, throttle: throttle, secureCookies: origin.secureCookies)
        .respond(to: request, at: now)
    }
    guard Self.isPage(request.path) else {
      return WebPage.message(404, title: "Not found", paragraphs: ["There is no such page."])
    }
    guard let session = try WebSession.current(request, store: store, at: now) else {
      if request.method != "GET" { throttle.recordFailure(request.clientAddress, at: now) }
      return WebPage.notPaired()
    }
    let csrf = WebSession.csrfToken(forSession: session.secret)
    let pages = SurveyPages(store: store, environment: environment, csrf: csrf)
    if let explorer = try ExplorerRoutes(
      store: store, csrf: csrf, origin: origin, session: session.secret,
      environment: environment.run
    ).respond(to: request) {
      return explorer
    }
    switch (request.method, request.path) {
    case ("GET", "/"):
      return try pages.survey(try SurveyTarget.current(store: store, environment: environment))
    case ("GET", let path) where path.hasPrefix("/prompt/"):
      return try promptPage(String(path.dropFirst("/prompt/".count)), pages: pages, store: store)
    case ("GET", let path) where path.hasPrefix("/filed/"):
      let id = String(path.dropFirst("/filed/".count))
      guard let report = try store.reports.list(ReportSelection(id: id)).first else {
        return WebPage.message(404, title: "Not found", paragraphs: ["No report has that ID."])
      }
      return pages.filed(report)
    case ("POST", "/review"), ("POST", "/file"), ("POST", "/edit"), ("POST", "/signout"):
      let form = FormBody(request.body)
      guard origin.isSameOrigin(request),
        WebSession.csrfMatches(form["csrf"], session: session.secret)
      else {
        return WebPage.message(
          403, title: "Refused",
          paragraphs: ["The form was not sent by this page (its CSRF token is missing or wrong)."])
      }
      return try submit(request, form: form, pages: pages, session: session.credential)
    case (_, "/"), (_, "/review"), (_, "/file"), (_, "/edit"), (_, "/signout"):
      return WebPage.message(405, title: "Not allowed", paragraphs: ["Use the page's buttons."])
    default:
      return WebPage.message(404, title: "Not found", paragraphs: ["There is no such page."])
    }
  }

  /// Whether a path is one of the pages; anything else is 404 before any session is asked for.
  static func isPage(_ path: String) -> Bool {
    ["/", "/review", "/file", "/edit", "/signout"].contains(path)
      || ["/prompt/", "/filed/"].contains { path.hasPrefix($0) && path.count > $0.count }
      || ExplorerRoutes.isPage(path)
  }

  private func promptPage(_ id: String, pages: SurveyPages, store: DispatchStore) throws
    -> ServerResponse
  {
    guard let record = try store.prompts.promptRecord(id) else {
      return WebPage.message(404, title: "Not found", paragraphs: ["No prompt has that ID."])
    }
    guard record.state != .answered else {
      return WebPage.message(
        200, title: "Already answered", paragraphs: ["This prompt has a report already."],
        action: "<p><a class=\"button\" href=\"/\">Answer now</a></p>")
    }
    return try pages.survey(try SurveyTarget.of(record, store: store, environment: environment))
  }

  private func submit(
    _ request: ServerRequest, form: FormBody, pages: SurveyPages, session: ServeCredential
  ) throws -> ServerResponse {
    let store = pages.store
    if request.path == "/signout" {
      try store.credentials.revoke(session.id)
      return ServerResponse(
        status: 303,
        headers: [
          "Location": "/", "Set-Cookie": WebSession.clearingCookie(secure: origin.secureCookies),
        ])
    }
    let prompt = form["prompt"].flatMap { $0.isEmpty ? nil : $0 }
    let target =
      try prompt.map { id in
        guard let record = try store.prompts.promptRecord(id) else {
          throw DispatchError(.unknownReference, "no prompt has the ID '\(id)'")
        }
        return try SurveyTarget.of(record, store: store, environment: environment)
      } ?? SurveyTarget.regular(store: store)
    let wantsJSON = request.header("Accept")?.contains("application/json") == true
    do {
      switch request.path {
      case "/edit":
        return try pages.survey(target, values: FormAnswers.values(form))
      case "/review":
        let filing = ReportFiling(store: store, environment: environment)
        let survey = try filing.open(
          SurveyRequest(kind: .regular, trigger: .manual, promptIdentifier: prompt, sensors: .off))
        let answers = try filing.answers(
          FormAnswers.pairs(form, questions: survey.questions), for: survey)
        guard answers.values.contains(where: { $0 != .skipped }) else {
          throw DispatchError(.invalidValue, "no answers given; answer at least one question")
        }
        return pages.review(target, form: form, answers: answers)
      default:
        let filed = try ReportSubmission.file(
          id: try clientID(form), prompt: prompt, answeredAt: try answeredAt(form),
          store: store, queue: filings, environment: environment
        ) { questions in FormAnswers.pairs(form, questions: questions) }
        if wantsJSON {
          var members: [(String, JSONValue)] = [("id", .string(filed.id))]
          if filed.duplicate { members.append(("duplicate", .bool(true))) }
          return .json(filed.duplicate ? 200 : 201, .object(members))
        }
        return ServerResponse(status: 303, headers: ["Location": "/filed/" + filed.id])
      }
    } catch let error as DispatchError {
      if wantsJSON { return .error(ServeAPI.status(of: error), error.message) }
      return try pages.survey(
        target, values: FormAnswers.values(form), problem: error.message,
        status: ServeAPI.status(of: error))
    }
  }

  private func clientID(_ form: FormBody) throws -> String? {
    guard let id = form["id"], !id.isEmpty else { return nil }
    guard ReportSubmission.isClientID(id) else {
      throw DispatchError(
        .invalidValue, "the form's report ID must be 8 to 64 letters, digits or dashes")
    }
    return id
  }

  /// The time the page says the answers were given (milliseconds since 1970, set by the page's
  /// script when it kept them offline); nil when absent.
  private func answeredAt(_ form: FormBody) throws -> Instant? {
    guard let text = form["answered_at"], !text.isEmpty else { return nil }
    guard let milliseconds = Int64(text) else {
      throw DispatchError(.invalidValue, "the answer time must be milliseconds since 1970")
    }
    return Instant(milliseconds: milliseconds)
  }
}
