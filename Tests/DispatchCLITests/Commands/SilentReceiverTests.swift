import Foundation
import Testing

/// A webhook receiver that takes the connection and never answers must not hold the person
/// who just filed a report: the report is filed, the prompt returns within seconds, and the
/// outbox keeps the report for the next try.
struct SilentReceiverTests {
  /// A listening socket on 127.0.0.1 that never accepts: the kernel completes connections
  /// into its backlog, so a client connects and then waits for an answer that never comes.
  final class SilentListener {
    let descriptor: Int32
    let port: UInt16

    init() throws {
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      address.sin_port = 0
      let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard bound == 0, listen(descriptor, 16) == 0 else {
        close(descriptor)
        throw CocoaError(.fileWriteUnknown)
      }
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          getsockname(descriptor, $0, &length)
        }
      }
      self.descriptor = descriptor
      port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(descriptor) }
  }

  @Test func `a report returns within seconds when the receiver never answers`() throws {
    let listener = try SilentListener()
    let cli = try CLISandbox()
    try cli.succeed(["webhook", "set", "http://127.0.0.1:\(listener.port)/hook"])
    let started = Date()
    let result = try cli.run(["report", "--answer", "Are you working?=yes"])
    let seconds = Date().timeIntervalSince(started)
    #expect(result.status == 0, "\(result)")
    #expect(seconds < 12, "report took \(seconds) s")
    #expect(result.stderr.contains("the report is queued"))
    let status = try cli.succeed(["webhook", "status", "--json"])
    #expect(status.stdout.contains("\"pending\": 1"))
  }
}
