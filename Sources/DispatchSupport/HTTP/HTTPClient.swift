import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A small blocking HTTP/1.1 client over POSIX sockets, with HTTPS through OpenSSL.
///
/// One connection per request (`Connection: close`), bodies sent with `Content-Length`,
/// responses framed by `Content-Length`, chunks or the end of the connection. No redirects,
/// cookies, proxies or compression. It does not use FoundationNetworking, whose libcurl would
/// load on every `dispatch` start.
public struct HTTPClient: HTTPTransport {
  /// The environment variable naming a PEM file of trusted certificates to use instead of the
  /// system's (tests with a self-signed server; a private CA).
  public static let caFileVariable = "DISPATCH_CA_FILE"

  /// A PEM file of trusted certificates, or nil for the system's default trust store.
  public var caFile: String?
  /// The largest response body accepted.
  public var maximumResponseBytes: Int

  /// A client trusting `caFile` (nil: the system's certificates).
  public init(caFile: String? = nil, maximumResponseBytes: Int = 16 << 20) {
    self.caFile = caFile
    self.maximumResponseBytes = maximumResponseBytes
  }

  /// A client trusting the file named by `DISPATCH_CA_FILE` when it is set.
  public init(environment: [String: String]) {
    let file = environment[Self.caFileVariable].flatMap { $0.isEmpty ? nil : $0 }
    self.init(caFile: file)
  }

  public func send(_ request: HTTPRequest) throws -> HTTPResponse {
    let endpoint = try HTTPEndpoint(request.url)
    let head = Self.head(request, endpoint: endpoint)
    let deadline = request.totalTimeout.map {
      ContinuousClock.now.advanced(by: .milliseconds(Int64($0 * 1000)))
    }
    return try BrokenPipe.suppressed { () throws(HTTPError) -> HTTPResponse in
      let socket = try SocketConnection.open(
        host: endpoint.host, port: endpoint.port, timeout: request.timeout, deadline: deadline)
      let connection: any HTTPConnection =
        endpoint.usesTLS
        ? try TLSConnection.open(over: socket, endpoint: endpoint, caFile: caFile) : socket
      try connection.write(head + request.body)
      var reader = HTTPResponseReader(
        peer: socket.peer, maximumBodyBytes: maximumResponseBytes,
        readMore: { () throws(HTTPError) in try connection.read(maximum: 16 * 1024) })
      return try reader.response(method: request.method)
    }
  }

  /// The request line and header fields, ending with the blank line.
  static func head(_ request: HTTPRequest, endpoint: HTTPEndpoint) -> [UInt8] {
    let reserved = ["host", "content-length", "connection", "transfer-encoding"]
    var lines = ["\(request.method) \(endpoint.target) HTTP/1.1", "Host: \(endpoint.hostHeader)"]
    for (name, value) in request.headers {
      precondition(!reserved.contains(name.lowercased()), "the client writes '\(name)' itself")
      precondition(
        !(name + value).contains { $0 == "\r" || $0 == "\n" }, "a header field holds a newline")
      lines.append("\(name): \(value)")
    }
    if !request.body.isEmpty || !["GET", "HEAD", "DELETE", "OPTIONS"].contains(request.method) {
      lines.append("Content-Length: \(request.body.count)")
    }
    lines.append("Connection: close")
    return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
  }
}

/// Writing to a connection the peer closed raises SIGPIPE, which ends the process by default.
enum BrokenPipe {
  /// Runs `body` with SIGPIPE blocked on this thread and discards one raised meanwhile, so the
  /// write fails with EPIPE instead. (Plain sockets send with MSG_NOSIGNAL, but OpenSSL writes
  /// with write(2); on macOS sockets carry SO_NOSIGPIPE instead.)
  static func suppressed<T>(_ body: () throws(HTTPError) -> T) throws(HTTPError) -> T {
    #if os(Linux)
      var pipeOnly = sigset_t()
      sigemptyset(&pipeOnly)
      sigaddset(&pipeOnly, SIGPIPE)
      var previous = sigset_t()
      pthread_sigmask(SIG_BLOCK, &pipeOnly, &previous)
      defer {
        var pending = sigset_t()
        if sigpending(&pending) == 0, sigismember(&pending, SIGPIPE) == 1,
          sigismember(&previous, SIGPIPE) == 0
        {
          var immediately = timespec(tv_sec: 0, tv_nsec: 0)
          _ = sigtimedwait(&pipeOnly, nil, &immediately)
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
      }
    #endif
    return try body()
  }
}
