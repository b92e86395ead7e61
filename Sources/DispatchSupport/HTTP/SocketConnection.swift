import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A connected byte stream: a TCP socket, or TLS over one.
protocol HTTPConnection: AnyObject {
  /// Writes every byte.
  func write(_ bytes: [UInt8]) throws(HTTPError)
  /// Reads what has arrived, at most `maximum` bytes; empty when the peer closed.
  func read(maximum: Int) throws(HTTPError) -> [UInt8]
}

/// A blocking TCP connection with an idle timeout on connect, reads and writes, and an
/// optional deadline for the whole exchange.
final class SocketConnection: HTTPConnection {
  let descriptor: Int32
  /// `host:port`, for messages.
  let peer: String
  private let timeout: Double
  private let deadline: ContinuousClock.Instant?

  private init(descriptor: Int32, peer: String, timeout: Double, deadline: ContinuousClock.Instant?)
  {
    self.descriptor = descriptor
    self.peer = peer
    self.timeout = timeout
    self.deadline = deadline
  }

  deinit { close(descriptor) }

  /// Connects to the first address of `host` (IPv4 or IPv6, as `getaddrinfo` orders them)
  /// that accepts within `timeout` seconds.
  ///
  /// - Throws: ``HTTPError`` `.unreachable` when the name does not resolve or no address
  ///   accepts.
  static func open(
    host: String, port: Int, timeout: Double, deadline: ContinuousClock.Instant?
  ) throws(HTTPError) -> SocketConnection {
    let peer = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = streamSocketType
    hints.ai_protocol = Int32(IPPROTO_TCP)
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &list)
    guard status == 0 else {
      throw HTTPError(
        .unreachable, "cannot resolve '\(host)': \(String(cString: gai_strerror(status)))")
    }
    defer { freeaddrinfo(list) }
    var reason = "no address"
    var cursor = list
    while let info = cursor?.pointee {
      cursor = info.ai_next
      let descriptor = socket(info.ai_family, info.ai_socktype, info.ai_protocol)
      guard descriptor >= 0 else {
        reason = String(cString: strerror(errno))
        continue
      }
      if let failure = attemptConnection(
        descriptor, info.ai_addr, info.ai_addrlen, timeout: timeout)
      {
        close(descriptor)
        reason = failure
        continue
      }
      configure(descriptor, timeout: timeout)
      return SocketConnection(
        descriptor: descriptor, peer: peer, timeout: timeout, deadline: deadline)
    }
    throw HTTPError(.unreachable, "cannot connect to \(peer): \(reason)")
  }

  func write(_ bytes: [UInt8]) throws(HTTPError) {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes.withUnsafeBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return send(descriptor, base + offset, buffer.count - offset, Self.sendFlags)
      }
      if sent < 0 {
        if errno == EINTR { continue }
        throw failure(sending: true)
      }
      offset += sent
      try checkDeadline()
    }
  }

  func read(maximum: Int) throws(HTTPError) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: maximum)
    while true {
      let count = buffer.withUnsafeMutableBytes { raw -> Int in
        guard let base = raw.baseAddress else { return 0 }
        return recv(descriptor, base, raw.count, 0)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw failure(sending: false)
      }
      try checkDeadline()
      return Array(buffer.prefix(count))
    }
  }

  /// Throws once the exchange has run past its total timeout.
  func checkDeadline() throws(HTTPError) {
    if let deadline, ContinuousClock.now > deadline {
      throw HTTPError(.timedOut, "\(peer) took too long to answer")
    }
  }

  /// The error for a failed send or recv, from `errno`.
  func failure(sending: Bool) -> HTTPError {
    if errno == EAGAIN || errno == EWOULDBLOCK {
      let what = sending ? "taking the request" : "answering"
      return HTTPError(.timedOut, "\(peer) stopped \(what) for \(Self.seconds(timeout)) s")
    }
    return HTTPError(
      .unreachable, "the connection to \(peer) broke: \(String(cString: strerror(errno)))")
  }

  /// Connects without blocking past `timeout`; returns why it failed, or nil.
  private static func attemptConnection(
    _ descriptor: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: socklen_t,
    timeout: Double
  ) -> String? {
    let flags = fcntl(descriptor, F_GETFL, 0)
    _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
    defer { _ = fcntl(descriptor, F_SETFL, flags) }
    if connect(descriptor, address, length) == 0 { return nil }
    guard errno == EINPROGRESS else { return String(cString: strerror(errno)) }
    var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
    var ready: Int32
    repeat {
      ready = poll(&poller, 1, Int32(min(timeout, 86_400) * 1000))
    } while ready < 0 && errno == EINTR
    guard ready > 0 else {
      return ready == 0
        ? "no answer within \(seconds(timeout)) s" : String(cString: strerror(errno))
    }
    var error: Int32 = 0
    var size = socklen_t(MemoryLayout<Int32>.size)
    getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &size)
    return error == 0 ? nil : String(cString: strerror(error))
  }

  /// Idle timeouts on the blocking socket; no inheritance by child processes.
  private static func configure(_ descriptor: Int32, timeout: Double) {
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    // A zero SO_RCVTIMEO means "wait forever"; the shortest timeout is a millisecond.
    let whole = min(max(timeout, 0.001), 86_400)
    var interval = timeval(
      tv_sec: Int(whole), tv_usec: .init((whole - whole.rounded(.down)) * 1_000_000))
    let size = socklen_t(MemoryLayout<timeval>.size)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &interval, size)
    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &interval, size)
    #if canImport(Darwin)
      var on: Int32 = 1
      setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
  }

  private static func seconds(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }

  #if os(Linux)
    private static let streamSocketType = Int32(SOCK_STREAM.rawValue)
    private static let sendFlags = Int32(MSG_NOSIGNAL)
  #else
    private static let streamSocketType = SOCK_STREAM
    private static let sendFlags: Int32 = 0
  #endif
}
