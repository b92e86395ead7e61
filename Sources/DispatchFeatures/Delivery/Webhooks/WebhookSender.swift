import DispatchCore
import DispatchSupport
import Foundation

/// Turns a webhook body into the request Dispatch sends (docs/webhooks.md#requests): `POST`,
/// `Content-Type: application/json`, the body encrypted when encryption is on, and the
/// signature headers over the exact bytes sent when a secret is set.
public struct WebhookSender: Sendable {
  /// Seconds a connection may stay idle, Dispatch's per-attempt figure.
  public static let timeout: Double = 15
  /// Seconds a whole attempt may take, well within the outbox lease.
  public static let totalTimeout: Double = 60
  /// Seconds a whole attempt may take right after a person filed a report: they are waiting
  /// for the prompt to return, and the outbox keeps the report for the next try anyway.
  public static let interactiveTimeout: Double = 3

  /// The idle and total timeouts of this sender's requests.
  public var timeouts: (idle: Double, total: Double) = (timeout, totalTimeout)

  public let url: URL
  let secret: [UInt8]?
  let encrypts: Bool
  let transport: any HTTPTransport
  let clock: any WallClock
  let nonce: @Sendable () throws -> [UInt8]

  /// A sender for a stored configuration: checks its URL against the URL rule and reads the
  /// secret file, so a broken configuration fails before any entry is claimed.
  ///
  /// - Throws: ``WebhookError`` for a URL the rule refuses or an unusable secret file.
  public init(
    configuration: WebhookConfiguration, transport: any HTTPTransport, clock: any WallClock
  ) throws {
    let url = try WebhookURLRule.check(configuration.url.absoluteString)
    let secret = try configuration.secretFile.map(WebhookSecret.read)
    self.init(
      url: url, secret: secret, encrypts: configuration.encrypts, transport: transport,
      clock: clock)
  }

  /// A sender with everything given; `nonce` is injected only by known-answer tests.
  init(
    url: URL, secret: [UInt8]?, encrypts: Bool, transport: any HTTPTransport,
    clock: any WallClock,
    nonce: @escaping @Sendable () throws -> [UInt8] = {
      try WebhookEnvelope.randomNonce()
    }
  ) {
    precondition(!encrypts || secret != nil, "encryption needs a secret")
    self.url = url
    self.secret = secret
    self.encrypts = encrypts
    self.transport = transport
    self.clock = clock
    self.nonce = nonce
  }

  /// Whether requests carry signatures.
  public var signs: Bool { secret != nil }

  /// The request for `body`, stamped with the clock's current second.
  public func request(for body: [UInt8]) throws -> HTTPRequest {
    var sent = body
    if encrypts, let secret {
      sent = try WebhookEnvelope.seal(body, secret: secret, nonce: nonce())
    }
    var headers: [(name: String, value: String)] = [("Content-Type", "application/json")]
    if let secret {
      let milliseconds = clock.now().milliseconds
      let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
      headers += try WebhookSigner.headers(body: sent, secret: secret, timestamp: seconds)
    }
    return HTTPRequest(
      method: "POST", url: url, headers: headers, body: sent, timeout: timeouts.idle,
      totalTimeout: timeouts.total)
  }

  /// Sends `body` now.
  ///
  /// - Throws: ``HTTPError`` when no response arrived; a response of any status is returned.
  public func send(_ body: [UInt8]) throws -> HTTPResponse {
    try transport.send(try request(for: body))
  }
}
