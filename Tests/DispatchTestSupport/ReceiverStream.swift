import CCrypto
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The receiver's side of one connection.
protocol ReceiverStream {
  /// Up to `maximum` bytes; empty at the end or on an error.
  func read(maximum: Int) -> [UInt8]
  func write(_ bytes: [UInt8])
}

struct PlainStream: ReceiverStream {
  let descriptor: Int32

  func read(maximum: Int) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: maximum)
    let count = recv(descriptor, &buffer, maximum, 0)
    return count > 0 ? Array(buffer.prefix(count)) : []
  }

  func write(_ bytes: [UInt8]) {
    #if os(Linux)
      _ = send(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL))
    #else
      _ = send(descriptor, bytes, bytes.count, 0)
    #endif
  }
}

/// TLS over an accepted socket; nil when the handshake fails (a client that refused the
/// certificate).
final class TLSServerStream: ReceiverStream {
  private let session: OpaquePointer

  init?(context: OpaquePointer, descriptor: Int32) {
    guard let session = SSL_new(context) else { return nil }
    self.session = session
    guard SSL_set_fd(session, descriptor) == 1, SSL_accept(session) == 1 else { return nil }
  }

  deinit {
    SSL_shutdown(session)
    SSL_free(session)
  }

  func read(maximum: Int) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: maximum)
    let count = SSL_read(session, &buffer, Int32(maximum))
    return count > 0 ? Array(buffer.prefix(Int(count))) : []
  }

  func write(_ bytes: [UInt8]) {
    _ = SSL_write(session, bytes, Int32(bytes.count))
  }
}

/// Reads one request: the head up to the blank line, then a `Content-Length` body.
enum HTTPRequestParser {
  static func read(from stream: any ReceiverStream) -> WebhookReceiver.Request? {
    var buffer: [UInt8] = []
    let separator: [UInt8] = [13, 10, 13, 10]
    var headEnd: Int?
    while headEnd == nil {
      let more = stream.read(maximum: 16_384)
      guard !more.isEmpty else { return nil }
      buffer += more
      headEnd = buffer.indices.dropLast(3).first { Array(buffer[$0..<($0 + 4)]) == separator }
    }
    guard let headEnd else { return nil }
    let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
    var lines = head.components(separatedBy: "\r\n")
    let requestLine = lines.removeFirst().split(separator: " ")
    guard requestLine.count == 3 else { return nil }
    var headers: [String: String] = [:]
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { return nil }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    let length = headers["content-length"].flatMap(Int.init) ?? 0
    var body = Array(buffer[(headEnd + 4)...])
    while body.count < length {
      let more = stream.read(maximum: 16_384)
      guard !more.isEmpty else { return nil }
      body += more
    }
    return WebhookReceiver.Request(
      method: String(requestLine[0]), target: String(requestLine[1]), headers: headers,
      body: Array(body.prefix(length)), status: 0, signatureProblem: nil)
  }
}
