import DispatchKit
import Foundation

/// A ``SensorCommands`` that answers from a script: each program (by name, with its
/// arguments joined by spaces, or by name alone) prints a given output, exits with a given
/// status, or hangs until its time limit.
final class FakeSensorCommands: SensorCommands, @unchecked Sendable {
  enum Script {
    case prints(String, status: Int32 = 0)
    case bytes([UInt8], status: Int32 = 0)
    /// Killed at its time limit after printing these bytes.
    case hangs(printing: [UInt8] = [])
  }

  private let lock = NSLock()
  private var scripts: [String: Script] = [:]
  private(set) var calls: [String] = []

  init(_ scripts: [String: Script] = [:]) {
    self.scripts = scripts
  }

  /// The programs run so far, each as "name arguments…".
  var ran: [String] {
    lock.lock()
    defer { lock.unlock() }
    return calls
  }

  func exists(_ name: String) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return scripts.keys.contains { $0 == name || $0.hasPrefix(name + " ") }
  }

  func run(_ name: String, _ arguments: [String], timeout: Double) throws -> SensorCommandResult {
    let line = ([name] + arguments).joined(separator: " ")
    lock.lock()
    calls.append(line)
    let script = scripts[line] ?? scripts[name]
    lock.unlock()
    guard let script else { throw SensorUnavailable("\(name) is not installed") }
    switch script {
    case .prints(let text, let status):
      return SensorCommandResult(status: status, output: Array(text.utf8))
    case .bytes(let bytes, let status):
      return SensorCommandResult(status: status, output: bytes)
    case .hangs(let bytes):
      return SensorCommandResult(status: 137, output: bytes, timedOut: true)
    }
  }
}

/// An ``HTTPTransport`` that must not be used: sensors that stay off never reach the network.
struct UnusedTransport: HTTPTransport {
  func send(_ request: HTTPRequest) throws -> HTTPResponse {
    throw HTTPError(.unreachable, "no network in this test")
  }
}

/// A temporary folder tree standing in for / (for /sys and /proc), deleted with the object.
final class FixtureTree {
  private let folder: TemporaryDirectory
  var root: String { folder.path }

  init() throws {
    folder = try TemporaryDirectory()
  }

  /// Writes `text` (plus a newline, as sysfs does) at `path` under the root.
  func write(_ path: String, _ text: String) throws {
    let full = root + path
    try FileManager.default.createDirectory(
      atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try (text + "\n").write(toFile: full, atomically: true, encoding: .utf8)
  }

  /// Creates a folder at `path` under the root.
  func folder(_ path: String) throws {
    try FileManager.default.createDirectory(
      atPath: root + path, withIntermediateDirectories: true)
  }

  /// An environment over this tree, at 2026-03-04T10:00:00Z in UTC.
  func environment(
    commands: FakeSensorCommands = FakeSensorCommands(), http: any HTTPTransport = UnusedTransport()
  ) -> SensorEnvironment {
    SensorEnvironment(
      root: root, home: root + "/home", commands: commands, http: http,
      now: Instant(milliseconds: 1_772_618_400_000), timeZone: TimeZone(secondsFromGMT: 0) ?? .gmt)
  }
}

/// Finishes a collection on a thread of its own, so a test can watch it wait for its deadline.
final class BackgroundFinish: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private(set) var readings: SensorReadings?

  init(_ collection: SensorCollection) {
    Thread { [self] in
      readings = collection.finish()
      done.signal()
    }.start()
  }

  /// Whether it has finished within `seconds` of real time.
  func finished(within seconds: Double) -> Bool {
    done.wait(timeout: .now() + seconds) == .success
  }
}
