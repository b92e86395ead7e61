import DispatchKit
import DispatchServe
import Foundation

/// Starting `dispatch serve`'s server, the same way from `dispatch serve` and from the daemon
/// (`settings set serve on`): the address, TLS from PEM files, and the rule that plain HTTP
/// stays on loopback unless the user says the network encrypts.
struct ServeLaunch {
  var listen: String
  var tlsCertificate: String?
  var tlsKey: String?
  var insecureHTTP: Bool
  var baseURL: String?

  /// The server, listening, and the URL it listens at.
  ///
  /// - Throws: ``DispatchError`` `.invalidRequest` for a bad address, a lone certificate or
  ///   key, or plain HTTP off loopback; `.unreadable` for a PEM file that cannot be read;
  ///   `.failure` when the address cannot be bound.
  func start(environment: ServiceEnvironment) throws -> (server: HTTPServer, url: String) {
    let address: ListenAddress
    do {
      address = try ListenAddress(parsing: listen)
    } catch let error as DispatchError {
      throw DispatchError(.invalidRequest, error.message)
    }
    let tls = try material()
    if tls == nil && !address.isLoopback && !insecureHTTP {
      throw DispatchError(
        .invalidRequest,
        "listening on \(address) without TLS would send tokens in the clear; give a TLS "
          + "certificate and key, or allow plain HTTP on a VPN interface")
    }
    let server = try HTTPServer(
      address: address, tls: tls,
      handler: ServeApp(environment: environment, hasTLS: tls != nil, baseURL: baseURL))
    let scheme = tls == nil ? "http" : "https"
    let host = address.isIPv6 ? "[\(address.host)]" : address.host
    return (server, "\(scheme)://\(host):\(server.port)")
  }

  private func material() throws -> HTTPServer.TLSMaterial? {
    guard tlsCertificate != nil || tlsKey != nil else { return nil }
    guard let tlsCertificate, let tlsKey else {
      throw DispatchError(.invalidRequest, "a TLS certificate and key go together")
    }
    func read(_ path: String) throws -> String {
      guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        throw DispatchError(.unreadable, "cannot read '\(path)'")
      }
      return text
    }
    return HTTPServer.TLSMaterial(
      certificatePEM: try read(tlsCertificate), keyPEM: try read(tlsKey))
  }
}
