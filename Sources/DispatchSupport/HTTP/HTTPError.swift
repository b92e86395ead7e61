/// Why an HTTP exchange produced no response.
public struct HTTPError: Error, CustomStringConvertible, Sendable, Equatable {
  /// The category.
  public enum Kind: Sendable, Equatable {
    /// The URL cannot be requested (scheme, host, port).
    case invalidURL
    /// No connection: the name does not resolve, the connection is refused or times out.
    case unreachable
    /// TLS failed: the certificate does not verify or the handshake broke off.
    case tls
    /// The connection went idle past the timeout, or the exchange passed its total timeout.
    case timedOut
    /// The server's bytes are not an HTTP/1.1 response, or it closed the connection early.
    case malformedResponse
    /// The response is larger than the client accepts.
    case responseTooLarge
  }

  public let kind: Kind
  /// A lowercase, one-line explanation naming the host; never the request's body or headers.
  public let message: String

  /// Any URL in `message` is kept redacted (``URLRedaction``): the message is shown, logged
  /// and stored as a webhook's last error.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = URLRedaction.redactingURLs(in: message)
  }

  public var description: String { message }
}

extension HTTPError: CategorizedError {
  public var category: FailureCategory { .failure }
  public var failureMessage: String { message }
}
