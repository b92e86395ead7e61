import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `dispatch serve --listen 127.0.0.1:0 --json` running on a sandbox's store: started, its
/// port read from the start line, killed when the value goes away.
final class RunningServe {
  let process = Process()
  let port: Int
  let startLine: [String: Any]

  init(_ cli: CLISandbox, arguments: [String] = []) throws {
    let outPath = cli.path("serve-\(UUID().uuidString).out")
    try Data().write(to: URL(fileURLWithPath: outPath))
    process.executableURL = CLISandbox.executable
    process.arguments = ["serve", "--listen", "127.0.0.1:0", "--json"] + arguments
    process.environment = cli.environment
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
    process.standardError = FileHandle.nullDevice
    try process.run()
    var line: [String: Any]?
    let deadline = Date().addingTimeInterval(30)
    while line == nil && Date() < deadline {
      if let data = FileManager.default.contents(atPath: outPath), !data.isEmpty {
        line = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
      }
      if line == nil { Thread.sleep(forTimeInterval: 0.05) }
    }
    guard let line, let port = line["port"] as? Int else {
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      throw CocoaError(.fileReadCorruptFile)
    }
    startLine = line
    self.port = port
  }

  deinit {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  var base: String { "http://127.0.0.1:\(port)" }

  /// A one-time pairing link to this server, from `dispatch serve pair --json`.
  func pairingLink(_ cli: CLISandbox) throws -> String {
    let paired = try cli.succeed(["serve", "pair", "--base-url", base, "--json"])
    return try #require(
      (try JSONSerialization.jsonObject(with: Data(paired.stdout.utf8)) as? [String: Any])?["url"]
        as? String)
  }

  /// Sends SIGTERM and waits up to 10 s; whether it ended.
  func terminate() -> Bool {
    kill(process.processIdentifier, SIGTERM)
    let deadline = Date().addingTimeInterval(10)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    return !process.isRunning
  }
}
