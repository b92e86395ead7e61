import CMicroHTTPD
import DispatchCore
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An HTTP server on libmicrohttpd (docs/serve.md#limits): its own threads read requests,
/// whole bodies up to a limit, and hand each to an ``RequestHandler``. Slow clients are dropped
/// after the idle timeout; a body over the limit is answered 413 without being kept.
public final class HTTPServer: @unchecked Sendable {
  // @unchecked: `daemon` is set once in init and cleared once in stop(), under `lock`; the
  // rest is constant. libmicrohttpd calls back on its own threads.

  /// What one client may cost the server.
  public struct Limits: Sendable {
    /// The largest request body accepted (1 MiB).
    public var bodyBytes = 1 << 20
    /// A connection that sends nothing for this long is closed.
    public var idleTimeoutSeconds: UInt32 = 10
    public var connections: UInt32 = 512
    public var connectionsPerClient: UInt32 = 256
    /// Threads answering requests: 0 gives each connection a thread of its own, so a handler
    /// that waits (for the transaction filing its report) holds up no other connection and
    /// every report waiting is filed in the next transaction; more than 1, a fixed pool.
    public var threads: UInt32 = 0

    public init() {}
  }

  /// A certificate chain and its private key, PEM.
  public struct TLSMaterial: Sendable {
    public var certificatePEM: String
    public var keyPEM: String

    public init(certificatePEM: String, keyPEM: String) {
      self.certificatePEM = certificatePEM
      self.keyPEM = keyPEM
    }
  }

  let handler: any RequestHandler
  let limits: Limits
  private let lock = NSLock()
  private var daemon: OpaquePointer?
  /// The port it listens on (the chosen one when asked for port 0).
  public private(set) var port: UInt16 = 0

  /// Starts listening at once.
  ///
  /// - Throws: ``DispatchError`` `.failure` when the address cannot be bound (in use, not
  ///   this machine's) or TLS is asked for and this libmicrohttpd lacks it.
  public init(
    address: ListenAddress, tls: TLSMaterial? = nil, limits: Limits = Limits(),
    handler: any RequestHandler
  ) throws {
    self.handler = handler
    self.limits = limits
    if tls != nil && dispatch_mhd_supports_tls() == 0 {
      throw DispatchError(.failure, "this libmicrohttpd was built without TLS")
    }
    var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_AUTO.rawValue
    if address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
    let context = Unmanaged.passUnretained(self).toOpaque()
    let started: OpaquePointer? = address.withSocketAddress { socketAddress in
      withOptionalCString(tls?.certificatePEM) { certificate in
        withOptionalCString(tls?.keyPEM) { key in
          var settings = dispatch_mhd_settings(
            address: socketAddress, connection_timeout_seconds: limits.idleTimeoutSeconds,
            connection_memory_limit: 64 * 1024, connection_limit: limits.connections,
            per_ip_connection_limit: limits.connectionsPerClient,
            thread_pool_size: limits.threads, tls_certificate_pem: certificate,
            tls_key_pem: key)
          return dispatch_mhd_start(
            flags, &settings, serverAccessHandler, serverCompletedHandler, context)
        }
      }
    }
    guard let started else {
      throw DispatchError(
        .failure,
        "cannot listen on \(address): the port is in use or the address is not this machine's"
          + (tls == nil ? "" : ", or the TLS certificate or key is not valid PEM"))
    }
    daemon = started
    port = dispatch_mhd_port(started)
  }

  /// Stops listening and waits for the requests in flight; later calls do nothing.
  public func stop() {
    lock.lock()
    let running = daemon
    daemon = nil
    lock.unlock()
    if let running { MHD_stop_daemon(running) }
  }

  deinit { stop() }

  /// One call of libmicrohttpd's access handler: the first call of a request sets up its
  /// state, the next ones bring body chunks, the last one (no data) answers.
  fileprivate func access(
    _ connection: OpaquePointer, url: String, method: String,
    upload: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>,
    state slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  ) -> MHD_Result {
    guard let raw = slot.pointee else {
      let state = RequestState()
      let declared = Self.value(connection, .HEADER_KIND, "Content-Length").flatMap { Int($0) }
      if let declared, declared > limits.bodyBytes { state.isTooLarge = true }
      slot.pointee = Unmanaged.passRetained(state).toOpaque()
      return .YES
    }
    let state = Unmanaged<RequestState>.fromOpaque(raw).takeUnretainedValue()
    if uploadSize.pointee > 0 {
      if !state.isTooLarge, let upload {
        if state.body.count + uploadSize.pointee > limits.bodyBytes {
          state.isTooLarge = true
          state.body = []
        } else {
          upload.withMemoryRebound(to: UInt8.self, capacity: uploadSize.pointee) {
            state.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: uploadSize.pointee))
          }
        }
      }
      uploadSize.pointee = 0
      return .YES
    }
    let response: ServerResponse
    if state.isTooLarge {
      response = .error(413, "the request body is larger than \(limits.bodyBytes) bytes")
    } else {
      let request = ServerRequest(
        method: method, path: url,
        query: Self.values(connection, .GET_ARGUMENT_KIND),
        headers: Self.values(connection, .HEADER_KIND).reduce(into: [:]) {
          $0[$1.key.lowercased()] = $1.value
        },
        body: state.body, clientAddress: Self.clientAddress(connection))
      response = handler.respond(to: request)
    }
    return Self.queue(response, on: connection)
  }

  private static func queue(_ response: ServerResponse, on connection: OpaquePointer) -> MHD_Result
  {
    let created = response.body.withUnsafeBytes { bytes in
      MHD_create_response_from_buffer(
        bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress),
        .RESPMEM_MUST_COPY)
    }
    guard let created else { return .NO }
    defer { MHD_destroy_response(created) }
    var headers = SecurityHeaders.defaults
    for (name, value) in response.headers { headers[name] = value }
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
      _ = MHD_add_response_header(created, name, value)
    }
    return MHD_queue_response(connection, UInt32(response.status), created)
  }

  private static func value(_ connection: OpaquePointer, _ kind: MHD_ValueKind, _ name: String)
    -> String?
  {
    MHD_lookup_connection_value(connection, kind, name).map { String(cString: $0) }
  }

  private static func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [String: String]
  {
    let collected = CollectedValues()
    let box = Unmanaged.passUnretained(collected).toOpaque()
    _ = MHD_get_connection_values(connection, kind, collectValue, box)
    return collected.values
  }

  private static func clientAddress(_ connection: OpaquePointer) -> String {
    guard let address = dispatch_mhd_client_address(connection) else { return "unknown" }
    var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
    switch Int32(address.pointee.sa_family) {
    case AF_INET:
      address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 in
        var raw = ipv4.pointee.sin_addr
        _ = inet_ntop(AF_INET, &raw, &text, socklen_t(text.count))
      }
    case AF_INET6:
      address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { ipv6 in
        var raw = ipv6.pointee.sin6_addr
        _ = inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count))
      }
    default: return "unknown"
    }
    return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

/// A request's state between libmicrohttpd's calls: its body so far.
private final class RequestState {
  var body: [UInt8] = []
  var isTooLarge = false
}

/// Header or query values gathered by ``collectValue``.
private final class CollectedValues {
  var values: [String: String] = [:]
}

/// The headers every response carries unless it sets its own: nothing is cached, sniffed,
/// framed or sent as a referrer.
enum SecurityHeaders {
  static let defaults: [String: String] = [
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  ]
}

private func withOptionalCString<T>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> T) -> T {
  guard let text else { return body(nil) }
  return text.withCString { body($0) }
}

private let serverAccessHandler: MHD_AccessHandlerCallback = {
  context, connection, url, method, _, upload, uploadSize, state in
  guard let context, let connection, let url, let method, let uploadSize, let state else {
    return .NO
  }
  let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
  return server.access(
    connection, url: String(cString: url), method: String(cString: method), upload: upload,
    uploadSize: uploadSize, state: state)
}

private let serverCompletedHandler: MHD_RequestCompletedCallback = { _, _, state, _ in
  guard let state, let raw = state.pointee else { return }
  Unmanaged<AnyObject>.fromOpaque(raw).release()
  state.pointee = nil
}

private let collectValue: MHD_KeyValueIterator = { box, _, key, value in
  guard let box, let key else { return .YES }
  let collected = Unmanaged<CollectedValues>.fromOpaque(box).takeUnretainedValue()
  collected.values[String(cString: key)] = value.map { String(cString: $0) } ?? ""
  return .YES
}
