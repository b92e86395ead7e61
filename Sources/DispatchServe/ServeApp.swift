import DispatchServices

/// Everything `dispatch serve` answers (docs/serve.md): the JSON API under `/api/v1/` and the
/// survey pages for a paired browser, over one pool of store connections and one sign-in
/// throttle.
public struct ServeApp: RequestHandler {
  let api: ServeAPI
  let web: WebApp

  /// - Parameters:
  ///   - hasTLS: whether the server itself speaks HTTPS.
  ///   - baseURL: the address phones use (`--base-url`), when a proxy or VPN name stands in
  ///     front: an `https://` one marks the session cookie Secure, and forms from its origin are
  ///     this server's own.
  public init(environment: ServiceEnvironment, hasTLS: Bool, baseURL: String? = nil) {
    let pool = StorePool(environment: environment)
    let filings = FilingQueue(environment: environment)
    let throttle = LoginThrottle()
    let origin = WebOrigin(
      secureCookies: hasTLS || baseURL?.lowercased().hasPrefix("https://") == true,
      publicOrigin: baseURL.map(WebOrigin.origin(of:)))
    api = ServeAPI(
      pool: pool, filings: filings, environment: environment, throttle: throttle, origin: origin)
    web = WebApp(
      pool: pool, filings: filings, environment: environment, throttle: throttle, origin: origin)
  }

  public func respond(to request: ServerRequest) -> ServerResponse {
    request.path.hasPrefix("/api/") ? api.respond(to: request) : web.respond(to: request)
  }
}
