import DispatchCore
import DispatchFeatures
import DispatchRender
import DispatchServices
import DispatchStorage
import DispatchSupport
import Foundation

/// The JSON API of `dispatch serve` (docs/serve.md#the-api), `/api/v1/…`: every route needs a
/// bearer token; answers are JSON, errors `{"error": "…"}` with the status that fits.
public struct ServeAPI: RequestHandler {
  let pool: StorePool
  let filings: FilingQueue
  let environment: ServiceEnvironment
  let throttle: LoginThrottle
  let origin: WebOrigin

  /// An API over the store at `environment.storePath`, opened as needed on the server's threads.
  public init(environment: ServiceEnvironment) {
    self.init(
      pool: StorePool(environment: environment),
      filings: FilingQueue(environment: environment), environment: environment,
      throttle: LoginThrottle(), origin: WebOrigin(secureCookies: false, publicOrigin: nil))
  }

  init(
    pool: StorePool, filings: FilingQueue, environment: ServiceEnvironment,
    throttle: LoginThrottle, origin: WebOrigin
  ) {
    self.pool = pool
    self.filings = filings
    self.environment = environment
    self.throttle = throttle
    self.origin = origin
  }

  public func respond(to request: ServerRequest) -> ServerResponse {
    let now = environment.run.now()
    guard request.path.hasPrefix("/api/v1/") else {
      return .error(404, "no such page")
    }
    guard throttle.allows(request.clientAddress, at: now) else {
      return ServerResponse.error(429, "too many failed sign-ins; wait a minute")
        .with("Retry-After", "60")
    }
    do {
      return try pool.with { store in
        if ActionRoute.matches(request) {
          if let answer = try ActionRoute.act(request, store: store, environment: environment) {
            return answer
          }
          throttle.recordFailure(request.clientAddress, at: now)
          return .error(401, "the link's signature does not match its prompt")
        }
        switch try authorization(request, store: store, now: now) {
        case .granted:
          return try route(request, store: store, now: now)
        case .missingCSRF:
          return ServerResponse.error(
            403, "a browser session must send its page's CSRF token as X-CSRF-Token")
        case .refused:
          throttle.recordFailure(request.clientAddress, at: now)
          return ServerResponse.error(401, "a valid bearer token is needed")
            .with("WWW-Authenticate", "Bearer realm=\"dispatch\"")
        }
      }
    } catch let error as DispatchError {
      return .error(Self.status(of: error), error.message)
    } catch let error as StoreError where error.isBusy {
      return ServerResponse.error(503, "the store is busy; try again").with("Retry-After", "1")
    } catch {
      // Store and system errors name files and SQL: the client learns only that it failed.
      return .error(500, "the server could not answer; its log has the reason")
    }
  }

  private func route(_ request: ServerRequest, store: DispatchStore, now: Instant) throws
    -> ServerResponse
  {
    switch (request.method, request.path) {
    case ("GET", "/api/v1/status"):
      let line = try StatusService.line(store, format: .json, now: now)
      return ServerResponse(
        status: 200, headers: ["Content-Type": "application/json"], body: Array(line.utf8))
    case ("GET", "/api/v1/reports"):
      return try recentReports(request, store: store)
    case ("POST", "/api/v1/reports"):
      return try ReportSubmission.file(
        request.body, store: store, queue: filings, environment: environment)
    case ("GET", "/api/v1/prompt"):
      return try PromptRoutes.current(store: store, environment: environment)
    case ("POST", "/api/v1/answer"):
      return try PromptRoutes.quickAnswer(request.body, store: store, environment: environment)
    case ("GET", "/api/v1/query"):
      return try ExploreRoutes.query(request, store: store)
    case ("GET", "/api/v1/graph"):
      return try ExploreRoutes.graph(request, store: store)
    case (_, "/api/v1/status"), (_, "/api/v1/reports"), (_, "/api/v1/prompt"),
      (_, "/api/v1/answer"), (_, "/api/v1/query"), (_, "/api/v1/graph"):
      return ServerResponse.error(405, "\(request.method) is not allowed here")
    default:
      return .error(404, "no such route: \(request.path)")
    }
  }

  private func recentReports(_ request: ServerRequest, store: DispatchStore) throws
    -> ServerResponse
  {
    let limit = try ExploreRoutes.integer("limit", request, in: 1...500, otherwise: 20)
    let reports = try store.reports.list(ReportSelection(limit: limit)).reversed()
    return .json(200, .object([("reports", .array(reports.map(\.jsonValue)))]))
  }

  enum Authorization {
    case granted
    case refused
    /// A browser session without its CSRF token on a request that changes something.
    case missingCSRF
  }

  /// Whether the request carries `Authorization: Bearer TOKEN` with a live token, or the
  /// survey page's session cookie (with `X-CSRF-Token` when it is not a GET).
  private func authorization(_ request: ServerRequest, store: DispatchStore, now: Instant)
    throws -> Authorization
  {
    guard let header = request.header("Authorization") else {
      guard let session = try WebSession.current(request, store: store, at: now) else {
        return .refused
      }
      if request.method == "GET" { return .granted }
      return origin.isSameOrigin(request)
        && WebSession.csrfMatches(request.header("X-CSRF-Token"), session: session.secret)
        ? .granted : .missingCSRF
    }
    guard header.hasPrefix("Bearer ") else { return .refused }
    let secret = String(header.dropFirst("Bearer ".count)).trimmingCharacters(in: .whitespaces)
    guard !secret.isEmpty,
      let credential = try store.credentials.credential(secret: secret, at: now)
    else { return .refused }
    try ServeTokens.noteUse(credential, in: store, at: now)
    return .granted
  }

  static func status(of error: DispatchError) -> Int {
    switch error.kind {
    case .unknownReference: return 404
    case .conflict: return 409
    case .invalidValue, .invalidRequest, .unreadable: return 400
    case .failure: return 500
    }
  }
}

extension ServerResponse {
  /// The response with one more header.
  func with(_ name: String, _ value: String) -> ServerResponse {
    var copy = self
    copy.headers[name] = value
    return copy
  }
}
