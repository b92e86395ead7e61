import DispatchCore
import DispatchStorage
import DispatchSupport
import Foundation

/// Browser sessions of the survey page (docs/serve.md#pairing-a-phone): a secret in an
/// HttpOnly, SameSite=Strict cookie, stored as its SHA-256 like a token, and the CSRF token
/// every form carries, derived from the session's secret so it needs no storage.
enum WebSession {
  static let cookieName = "dispatch_session"
  /// How long a paired browser stays signed in.
  static let lifetimeSeconds: Int64 = 90 * 24 * 3600

  /// The session secret the request's Cookie header carries, if any.
  static func secret(in request: ServerRequest) -> String? {
    guard let header = request.header("Cookie") else { return nil }
    for pair in header.split(separator: ";") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      guard parts.count == 2,
        parts[0].trimmingCharacters(in: .whitespaces) == cookieName
      else { continue }
      let value = parts[1].trimmingCharacters(in: .whitespaces)
      return value.isEmpty ? nil : value
    }
    return nil
  }

  /// The CSRF token of a session: HMAC-SHA256 of a fixed label under the session's secret.
  /// Another site can read neither the cookie nor the page, so it cannot know it.
  static func csrfToken(forSession secret: String) -> String {
    ServeTokens.base64URL(
      SecureHash.hmacSHA256(key: Array(secret.utf8), message: Array("dispatch-csrf".utf8)))
  }

  /// Whether `token` is the session's CSRF token (compared in constant time).
  static func csrfMatches(_ token: String?, session secret: String) -> Bool {
    guard let token else { return false }
    return MessageAuthentication.constantTimeEqual(
      Array(token.utf8), Array(csrfToken(forSession: secret).utf8))
  }

  /// `Set-Cookie` for a new session; `Secure` whenever the browser reaches the server over
  /// HTTPS (directly or through a TLS proxy).
  static func cookie(_ secret: String, secure: Bool) -> String {
    "\(cookieName)=\(secret); Path=/; Max-Age=\(lifetimeSeconds); HttpOnly; SameSite=Strict"
      + (secure ? "; Secure" : "")
  }

  /// `Set-Cookie` that removes the session cookie (signing out).
  static func clearingCookie(secure: Bool) -> String {
    "\(cookieName)=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
  }

  /// A new session's secret and record, named after the browser's platform.
  static func make(userAgent: String?, at now: Instant) throws -> (
    secret: String, credential: ServeCredential
  ) {
    let secret = "dss_" + ServeTokens.base64URL(try SecureRandom.bytes(32))
    let credential = ServeCredential(
      id: MessageAuthentication.hex(try SecureRandom.bytes(6)), kind: .session,
      name: "browser (\(platform(of: userAgent)))", created: now,
      expires: now.adding(seconds: lifetimeSeconds))
    return (secret, credential)
  }

  /// A word for the device a User-Agent names, for `dispatch serve sessions`.
  static func platform(of userAgent: String?) -> String {
    guard let userAgent else { return "unknown" }
    for (needle, name) in [
      ("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("Mac OS", "Mac"),
      ("Windows", "Windows"), ("CrOS", "ChromeOS"), ("Linux", "Linux"),
    ] where userAgent.contains(needle) {
      return name
    }
    return "unknown"
  }
}

extension WebSession {
  /// The live browser session the request's cookie names, with its secret; nil without one.
  static func current(_ request: ServerRequest, store: DispatchStore, at now: Instant) throws
    -> (credential: ServeCredential, secret: String)?
  {
    guard let secret = secret(in: request),
      let credential = try store.credentials.credential(secret: secret, at: now),
      credential.kind == .session
    else { return nil }
    try ServeTokens.noteUse(credential, in: store, at: now)
    return (credential, secret)
  }
}
