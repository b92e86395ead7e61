import Foundation

/// One HTTP/1.1 request for an ``HTTPTransport``.
public struct HTTPRequest: Sendable {
  /// The method, e.g. `GET` or `POST`.
  public var method: String
  /// An `http` or `https` URL.
  public var url: URL
  /// Header fields in sending order. `Host`, `Content-Length` and `Connection` are added by the
  /// client and must not be given.
  public var headers: [(name: String, value: String)]
  /// The request body, sent with a `Content-Length` (none for an empty body on `GET`/`HEAD`).
  public var body: [UInt8]
  /// Seconds the connection may stay idle: connecting, and each read or write.
  public var timeout: Double
  /// Seconds the whole exchange may take, or nil for no limit beyond ``timeout``: a server
  /// that trickles bytes never trips an idle timeout.
  public var totalTimeout: Double?

  /// A request; the idle timeout defaults to 15 s, Dispatch's per-attempt figure.
  public init(
    method: String = "GET", url: URL, headers: [(name: String, value: String)] = [],
    body: [UInt8] = [], timeout: Double = 15, totalTimeout: Double? = nil
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.timeout = timeout
    self.totalTimeout = totalTimeout
  }

  /// The first value of a header field, matched without regard to case.
  public func header(_ name: String) -> String? {
    headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
  }
}

/// What a server answered.
public struct HTTPResponse: Sendable {
  /// The status code, e.g. 200.
  public var status: Int
  /// Header fields in received order.
  public var headers: [(name: String, value: String)]
  /// The body, de-chunked.
  public var body: [UInt8]

  /// A response as given.
  public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// Whether the status is 2xx, the only success a webhook counts (docs/webhooks.md#requests).
  public var isSuccess: Bool { (200..<300).contains(status) }

  /// The first value of a header field, matched without regard to case.
  public func header(_ name: String) -> String? {
    headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
  }
}

/// Sends requests. Webhook delivery, weather and catalog downloads take one, so tests can
/// inject failures and record what would have been sent.
public protocol HTTPTransport: Sendable {
  /// Sends `request` and returns the response, whatever its status.
  ///
  /// - Throws: ``HTTPError`` when no response arrived: the URL is unusable, the server cannot
  ///   be reached, TLS fails, the connection stalls or the response is malformed.
  func send(_ request: HTTPRequest) throws -> HTTPResponse
}
