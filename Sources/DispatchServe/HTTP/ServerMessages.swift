import DispatchSupport

/// One request as the server read it: header names are lowercased, the body is whole (the
/// server refuses a larger one before a handler sees it).
public struct ServerRequest: Sendable {
  public var method: String
  /// The path without its query, e.g. `/api/v1/status`.
  public var path: String
  public var query: [String: String]
  public var headers: [String: String]
  public var body: [UInt8]
  /// The client's IP address as text, for rate limits.
  public var clientAddress: String

  public init(
    method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
    body: [UInt8] = [], clientAddress: String = "127.0.0.1"
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = headers
    self.body = body
    self.clientAddress = clientAddress
  }

  /// A header's value by its name, in any case.
  public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// One response: status, headers, body.
public struct ServerResponse: Sendable, Equatable {
  public var status: Int
  public var headers: [String: String]
  public var body: [UInt8]

  public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// A JSON body, compact, with its content type.
  public static func json(_ status: Int, _ value: JSONValue) -> ServerResponse {
    ServerResponse(
      status: status, headers: ["Content-Type": "application/json"],
      body: Array((JSONWriter.string(value, style: .compact) + "\n").utf8))
  }

  /// `{"error": message}` with a status: every failure of the API looks alike.
  public static func error(_ status: Int, _ message: String) -> ServerResponse {
    json(status, .object([("error", .string(message))]))
  }
}

/// What answers the server's requests; called on the server's threads, several at once.
public protocol RequestHandler: Sendable {
  func respond(to request: ServerRequest) -> ServerResponse
}
