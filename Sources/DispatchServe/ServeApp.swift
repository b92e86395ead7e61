import DispatchServices

/// Everything `dispatch serve` answers (docs/serve.md): the JSON API under `/api/v1/` and the
/// survey pages for a paired browser, over one pool of store connections and one sign-in
/// throttle.
public struct ServeApp: RequestHandler {
  let api: ServeAPI
  let web: WebApp

  /// - Parameter secureCookies: whether browsers reach the server over HTTPS (its own TLS, or
  ///   a TLS proxy in front), so the session cookie is marked Secure.
  public init(environment: ServiceEnvironment, secureCookies: Bool) {
    let pool = StorePool(environment: environment)
    let throttle = LoginThrottle()
    api = ServeAPI(pool: pool, environment: environment, throttle: throttle)
    web = WebApp(
      pool: pool, environment: environment, throttle: throttle, secureCookies: secureCookies)
  }

  public func respond(to request: ServerRequest) -> ServerResponse {
    request.path.hasPrefix("/api/") ? api.respond(to: request) : web.respond(to: request)
  }
}
