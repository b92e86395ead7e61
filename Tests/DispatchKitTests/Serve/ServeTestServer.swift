import DispatchCore
import DispatchServe
import DispatchServices
import DispatchStorage
import DispatchSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `dispatch serve` (API and survey pages) on a fresh store in a temporary folder, listening on a port the
/// system chose, with one token issued.
final class ServeTestServer {
  let folder: TemporaryDirectory
  let storePath: String
  let server: HTTPServer
  let token: String
  let tokenID: String

  init(
    limits: HTTPServer.Limits = HTTPServer.Limits(), tls: HTTPServer.TLSMaterial? = nil,
    baseURL: String? = nil
  ) throws {
    folder = try TemporaryDirectory()
    storePath = folder.file("store.sqlite")
    let run = RunEnvironment(clock: SystemWallClock(), ids: RandomIDGenerator())
    let store = try DispatchStore(path: storePath, access: .write, environment: run)
    let issued = try ServeTokens.issue(named: "tests", in: store, at: run.now())
    token = issued.secret
    tokenID = issued.credential.id
    server = try HTTPServer(
      address: ListenAddress(parsing: "127.0.0.1:0"), tls: tls, limits: limits,
      handler: ServeApp(
        environment: ServiceEnvironment(variables: [:], storePath: storePath, run: run),
        hasTLS: tls != nil, baseURL: baseURL))
  }

  deinit { server.stop() }

  var base: String { "http://127.0.0.1:\(server.port)" }

  /// Sends a request with the token (unless `token` is nil) and returns the response.
  func request(
    _ method: String, _ path: String, body: String? = nil, token: String?? = .none,
    client: HTTPClient = HTTPClient(), scheme: String = "http"
  ) throws -> HTTPResponse {
    var headers: [(name: String, value: String)] = []
    let bearer: String? =
      switch token {
      case .none: self.token
      case .some(let given): given
      }
    if let bearer { headers.append(("Authorization", "Bearer " + bearer)) }
    if body != nil { headers.append(("Content-Type", "application/json")) }
    let url = try #require(URL(string: "\(scheme)://127.0.0.1:\(server.port)\(path)"))
    return try client.send(
      HTTPRequest(
        method: method, url: url, headers: headers, body: Array((body ?? "").utf8), timeout: 10))
  }

  /// The response body as a JSON object.
  static func object(_ response: HTTPResponse) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] ?? [:]
  }

  /// Writes `bytes` on a new connection and reads until the server closes it or `seconds`
  /// pass; returns what came back and whether the server closed the connection.
  func raw(_ bytes: [UInt8], waitingUpTo seconds: Int = 5) throws -> (
    text: String, closed: Bool
  ) {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = server.port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw CocoaError(.fileReadUnknown) }
    var timeout = timeval(tv_sec: seconds, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    _ = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = recv(socket, &buffer, buffer.count, 0)
      if count == 0 { return (String(decoding: received, as: UTF8.self), true) }
      if count < 0 { return (String(decoding: received, as: UTF8.self), false) }
      received += buffer[0..<count]
    }
  }
}
