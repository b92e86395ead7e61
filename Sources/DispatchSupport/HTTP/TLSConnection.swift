internal import CCrypto
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// TLS over a connected socket through OpenSSL's libssl: TLS 1.2 or newer, the peer's
/// certificate verified against the system's trust store (or a CA file) and the host name.
final class TLSConnection: HTTPConnection {
  private let socket: SocketConnection
  private let context: OpaquePointer
  private let session: OpaquePointer
  private let host: String

  private init(socket: SocketConnection, context: OpaquePointer, session: OpaquePointer) {
    self.socket = socket
    self.context = context
    self.session = session
    host = socket.peer
  }

  deinit {
    // A one-way close_notify; the socket closes right after, so no answer is awaited.
    SSL_shutdown(session)
    SSL_free(session)
    SSL_CTX_free(context)
  }

  /// Runs the handshake with the host of `endpoint`.
  ///
  /// - Parameters:
  ///   - caFile: a PEM file of trusted certificates used instead of the system's, or nil.
  /// - Throws: ``HTTPError`` `.tls` when the certificate does not verify for the host or the
  ///   handshake fails, `.timedOut` when the server stalls.
  static func open(over socket: SocketConnection, endpoint: HTTPEndpoint, caFile: String?)
    throws(HTTPError) -> TLSConnection
  {
    ERR_clear_error()
    guard let context = SSL_CTX_new(TLS_client_method()) else {
      throw HTTPError(.tls, "cannot set up TLS: \(openSSLReason())")
    }
    SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
    _ = dispatch_ssl_ctx_require_tls12(context)
    dispatch_ssl_ctx_accept_unannounced_close(context)
    let trusted =
      caFile.map { SSL_CTX_load_verify_locations(context, $0, nil) }
      ?? SSL_CTX_set_default_verify_paths(context)
    guard trusted == 1, let session = SSL_new(context) else {
      SSL_CTX_free(context)
      throw HTTPError(.tls, "cannot read the trusted certificates '\(caFile ?? "(system)")'")
    }
    // From here the connection owns both objects and frees them however the handshake ends.
    let connection = TLSConnection(socket: socket, context: context, session: session)
    try connection.handshake(endpoint)
    return connection
  }

  private func handshake(_ endpoint: HTTPEndpoint) throws(HTTPError) {
    let host = endpoint.host
    let named: Bool
    if endpoint.hostIsAddress {
      // An IP address is matched against the certificate's IP subject alternative names.
      named = X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(session), host) == 1
    } else {
      named = dispatch_ssl_set_server_name(session, host) == 1 && SSL_set1_host(session, host) == 1
    }
    guard named, SSL_set_fd(session, socket.descriptor) == 1 else {
      throw HTTPError(.tls, "cannot set up TLS for '\(host)': \(Self.openSSLReason())")
    }
    guard SSL_connect(session) == 1 else {
      let verification = SSL_get_verify_result(session)
      if verification != Int(X509_V_OK) {
        let reason = String(cString: X509_verify_cert_error_string(verification))
        throw HTTPError(.tls, "the certificate of \(self.host) does not verify: \(reason)")
      }
      if errno == EAGAIN || errno == EWOULDBLOCK { throw socket.failure(sending: false) }
      throw HTTPError(.tls, "the TLS handshake with \(self.host) failed: \(Self.openSSLReason())")
    }
  }

  func write(_ bytes: [UInt8]) throws(HTTPError) {
    var offset = 0
    while offset < bytes.count {
      ERR_clear_error()
      let written = bytes.withUnsafeBytes { buffer -> Int32 in
        guard let base = buffer.baseAddress else { return 0 }
        return SSL_write(session, base + offset, Int32(min(buffer.count - offset, 1 << 20)))
      }
      guard written > 0 else { throw failure(SSL_get_error(session, written), sending: true) }
      offset += Int(written)
      try socket.checkDeadline()
    }
  }

  func read(maximum: Int) throws(HTTPError) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: maximum)
    ERR_clear_error()
    let count = buffer.withUnsafeMutableBytes { raw -> Int32 in
      guard let base = raw.baseAddress else { return 0 }
      return SSL_read(session, base, Int32(min(raw.count, 1 << 20)))
    }
    try socket.checkDeadline()
    if count > 0 { return Array(buffer.prefix(Int(count))) }
    let code = SSL_get_error(session, count)
    if code == SSL_ERROR_ZERO_RETURN || (code == SSL_ERROR_SYSCALL && errno == 0) { return [] }
    throw failure(code, sending: false)
  }

  /// A read or write failure: the socket's timeout shows as "want read/write" on a blocking
  /// socket with SO_RCVTIMEO, or as a system call error with EAGAIN.
  private func failure(_ code: Int32, sending: Bool) -> HTTPError {
    switch code {
    case SSL_ERROR_WANT_READ, SSL_ERROR_WANT_WRITE:
      errno = EAGAIN
      return socket.failure(sending: sending)
    case SSL_ERROR_SYSCALL:
      return socket.failure(sending: sending)
    default:
      return HTTPError(.tls, "the TLS connection to \(host) failed: \(Self.openSSLReason())")
    }
  }

  /// The oldest error on OpenSSL's queue, as its library-and-reason text.
  private static func openSSLReason() -> String {
    let code = ERR_get_error()
    guard code != 0 else { return "no reason given" }
    var text = [CChar](repeating: 0, count: 256)
    ERR_error_string_n(code, &text, text.count)
    ERR_clear_error()
    return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
