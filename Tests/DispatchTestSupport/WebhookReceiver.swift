import CCrypto
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A webhook receiver for tests: an HTTP/1.1 server on 127.0.0.1 (plain, or TLS with a given
/// certificate) that records every request, answers with scripted statuses, and — given a
/// secret — verifies both signatures and answers 401 when they do not hold.
///
/// One connection at a time, on a thread of its own. A class so the socket closes with it.
public final class WebhookReceiver: @unchecked Sendable {
  // @unchecked: every mutable field is touched only under `lock`.

  /// One request as it arrived.
  public struct Request: Sendable {
    public var method: String
    public var target: String
    /// Header fields by lowercase name.
    public var headers: [String: String]
    public var body: [UInt8]
    /// The status answered.
    public var status: Int
    /// Why the signatures were refused, when they were.
    public var signatureProblem: String?
  }

  public let port: UInt16
  private let listener: Int32
  private let verifier: WebhookVerifier?
  private let tlsContext: OpaquePointer?
  private let lock = NSLock()
  private var requests: [Request] = []
  private var scripted: [Int] = []
  private var delaySeconds: Double = 0
  private var rawResponse: [UInt8]?
  private var stopped = false
  private var thread: Thread?
  private let finished = DispatchSemaphore(value: 0)

  /// Starts listening on `port` (0: a free one).
  ///
  /// - Parameters:
  ///   - secret: when given, requests must carry valid signatures.
  ///   - certificate: PEM certificate and key files for TLS; nil serves plain HTTP.
  public init(port: UInt16 = 0, secret: String? = nil, certificate: (String, String)? = nil)
    throws
  {
    verifier = secret.map(WebhookVerifier.init(secret:))
    if let (certFile, keyFile) = certificate {
      guard let context = SSL_CTX_new(TLS_server_method()),
        SSL_CTX_use_certificate_chain_file(context, certFile) == 1,
        SSL_CTX_use_PrivateKey_file(context, keyFile, SSL_FILETYPE_PEM) == 1
      else { throw ReceiverError("cannot load the test certificate") }
      tlsContext = context
    } else {
      tlsContext = nil
    }
    (listener, self.port) = try Self.openListener(on: port)
    let thread = Thread { [unowned self] in
      self.serve()
      self.finished.signal()
    }
    self.thread = thread
    thread.start()
  }

  deinit {
    stop()
    if let tlsContext { SSL_CTX_free(tlsContext) }
  }

  /// Stops accepting and closes the port; waits for the serving thread.
  public func stop() {
    lock.lock()
    let wasStopped = stopped
    stopped = true
    lock.unlock()
    guard !wasStopped else { return }
    finished.wait()
    close(listener)
  }

  /// Answers the next requests with these statuses, then 200 again.
  public func answer(_ statuses: [Int]) {
    lock.lock()
    scripted += statuses
    lock.unlock()
  }

  /// Answers every request with exactly these bytes (for client tests of odd framing).
  public func answerRaw(_ bytes: [UInt8]) {
    lock.lock()
    rawResponse = bytes
    lock.unlock()
  }

  /// Waits this long before answering each request.
  public func delay(_ seconds: Double) {
    lock.lock()
    delaySeconds = seconds
    lock.unlock()
  }

  /// Every request so far.
  public var received: [Request] {
    lock.lock()
    defer { lock.unlock() }
    return requests
  }

  /// The bodies of requests answered 2xx, in arrival order.
  public var acceptedBodies: [[UInt8]] {
    received.filter { (200..<300).contains($0.status) }.map(\.body)
  }

  /// A port nothing listens on now (bound, read, closed), for "receiver down" tests.
  public static func unusedPort() throws -> UInt16 {
    let (descriptor, port) = try openListener(on: 0)
    close(descriptor)
    return port
  }

  private var isStopped: Bool {
    lock.lock()
    defer { lock.unlock() }
    return stopped
  }

  private func serve() {
    while !isStopped {
      var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 20) > 0 else { continue }
      let client = accept(listener, nil, nil)
      guard client >= 0 else { continue }
      handle(client)
      close(client)
    }
  }

  private func handle(_ client: Int32) {
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    let stream: any ReceiverStream
    if let tlsContext {
      guard let tls = TLSServerStream(context: tlsContext, descriptor: client) else { return }
      stream = tls
    } else {
      stream = PlainStream(descriptor: client)
    }
    guard var request = HTTPRequestParser.read(from: stream) else { return }
    if let verifier, let problem = verifier.problem(headers: request.headers, body: request.body) {
      request.signatureProblem = problem
    }
    lock.lock()
    let pause = delaySeconds
    let raw = rawResponse
    if request.signatureProblem != nil {
      request.status = 401
    } else {
      request.status = scripted.isEmpty ? 200 : scripted.removeFirst()
    }
    requests.append(request)
    lock.unlock()
    if pause > 0 { Thread.sleep(forTimeInterval: pause) }
    if let raw { return stream.write(raw) }
    let reason = request.status < 300 ? "OK" : "Error"
    let body = request.status < 300 ? "ok" : "no"
    let head = "HTTP/1.1 \(request.status) \(reason)\r\nContent-Length: \(body.count)\r\n"
    stream.write(Array((head + "Connection: close\r\n\r\n" + body).utf8))
  }

  private static func openListener(on port: UInt16) throws -> (Int32, UInt16) {
    #if os(Linux)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw ReceiverError("no socket") }
    var on: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(descriptor, 16) == 0 else {
      close(descriptor)
      throw ReceiverError("cannot listen on port \(port): \(String(cString: strerror(errno)))")
    }
    var actual = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &actual) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    return (descriptor, UInt16(bigEndian: actual.sin_port))
  }
}

/// A receiver that could not start.
public struct ReceiverError: Error, CustomStringConvertible {
  public let description: String
  init(_ description: String) { self.description = description }
}
