import DispatchCore
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the server listens: `127.0.0.1:8421`, `[::1]:8421`, `0.0.0.0:8421`. Port 0 lets the
/// system choose one (tests and benchmarks read it back).
public struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
  public let host: String
  public let port: UInt16
  public let isIPv6: Bool

  public static let defaultAddress = ListenAddress(host: "127.0.0.1", port: 8421, isIPv6: false)

  init(host: String, port: UInt16, isIPv6: Bool) {
    self.host = host
    self.port = port
    self.isIPv6 = isIPv6
  }

  /// Parses `HOST:PORT` (an IPv6 host in brackets).
  ///
  /// - Throws: ``DispatchError`` `.invalidValue` naming what is wrong.
  public init(parsing text: String) throws {
    let host: Substring
    let portText: Substring
    if text.hasPrefix("[") {
      guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":")
      else { throw Self.invalid(text, "write an IPv6 address as [ADDRESS]:PORT") }
      host = text[text.index(after: text.startIndex)..<close]
      portText = text[text.index(close, offsetBy: 2)...]
    } else {
      guard let colon = text.lastIndex(of: ":") else {
        throw Self.invalid(text, "give ADDRESS:PORT, e.g. 127.0.0.1:8421")
      }
      host = text[..<colon]
      portText = text[text.index(after: colon)...]
    }
    guard let port = UInt16(portText) else {
      throw Self.invalid(text, "the port must be a number from 0 to 65535")
    }
    let isIPv6 = host.contains(":")
    var probe = [UInt8](repeating: 0, count: 16)
    guard inet_pton(isIPv6 ? AF_INET6 : AF_INET, String(host), &probe) == 1 else {
      throw Self.invalid(text, "'\(host)' is not an IP address (use 127.0.0.1, 0.0.0.0 or ::1)")
    }
    self.init(host: String(host), port: port, isIPv6: isIPv6)
  }

  /// Whether only this machine can connect (127.0.0.0/8 or ::1).
  public var isLoopback: Bool {
    isIPv6 ? host == "::1" : host.hasPrefix("127.")
  }

  public var description: String { isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)" }

  /// Calls `body` with the address as a `sockaddr`.
  func withSocketAddress<T>(_ body: (UnsafePointer<sockaddr>) throws -> T) rethrows -> T {
    if isIPv6 {
      var address = sockaddr_in6()
      address.sin6_family = sa_family_t(AF_INET6)
      address.sin6_port = port.bigEndian
      _ = inet_pton(AF_INET6, host, &address.sin6_addr)
      return try withUnsafePointer(to: &address) {
        try $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body)
      }
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    _ = inet_pton(AF_INET, host, &address.sin_addr)
    return try withUnsafePointer(to: &address) {
      try $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body)
    }
  }

  private static func invalid(_ text: String, _ hint: String) -> DispatchError {
    DispatchError(.invalidValue, "--listen '\(text)': \(hint)")
  }
}
