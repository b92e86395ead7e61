import DispatchSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a sensor's program printed.
public struct SensorCommandResult: Sendable, Equatable {
  /// The exit status; 128 + N after signal N, as in a shell.
  public var status: Int32
  /// Standard output, as bytes (the microphone's samples are binary).
  public var output: [UInt8]
  /// Whether the program was killed because its time was up.
  public var timedOut: Bool

  public init(status: Int32, output: [UInt8], timedOut: Bool = false) {
    self.status = status
    self.output = output
    self.timedOut = timedOut
  }

  /// The output as text, without surrounding whitespace.
  public var text: String {
    String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}

/// Runs the command-line clients sensors read through (`nmcli`, `playerctl`, `parec`, …),
/// each with a time limit. Injected so every provider is testable without the real tools.
public protocol SensorCommands: Sendable {
  /// Whether `name` is a program that can run here.
  func exists(_ name: String) -> Bool
  /// Runs `name` with `arguments`, killing it after `timeout` seconds.
  ///
  /// - Throws: ``SensorUnavailable`` when the program is not installed; ``SensorFailure`` when
  ///   it cannot be started.
  func run(_ name: String, _ arguments: [String], timeout: Double) throws -> SensorCommandResult
}

extension SensorCommands {
  /// Runs a program whose answer is text and must succeed in time.
  ///
  /// - Throws: ``SensorUnavailable`` when it is not installed, ``SensorFailure`` when it fails
  ///   or is killed at its time limit.
  func text(_ name: String, _ arguments: [String], timeout: Double = 1) throws -> String {
    let result = try run(name, arguments, timeout: timeout)
    if result.timedOut {
      let seconds = timeout == timeout.rounded() ? "\(Int(timeout))" : "\(timeout)"
      throw SensorFailure("\(name) did not answer within \(seconds) s")
    }
    guard result.status == 0 else {
      throw SensorFailure("\(name) exited with status \(result.status)")
    }
    return result.text
  }
}

/// The real ``SensorCommands``: programs found on a search path, run by `posix_spawn` with
/// standard input and error discarded, and killed with SIGKILL when their time is up so a
/// hung D-Bus client never outlives the survey.
public struct ProcessSensorCommands: SensorCommands {
  /// Where programs are looked up (PATH's syntax).
  public let searchPath: String?

  public init(searchPath: String?) {
    self.searchPath = searchPath
  }

  public func exists(_ name: String) -> Bool {
    ProcessCommandRunner.locate(name, searchPath: searchPath) != nil
  }

  public func run(_ name: String, _ arguments: [String], timeout: Double) throws
    -> SensorCommandResult
  {
    guard let path = ProcessCommandRunner.locate(name, searchPath: searchPath) else {
      throw SensorUnavailable("\(name) is not installed")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    // C locale: the parsers read English labels and dots as decimal points.
    var environment = ProcessEnvironment.variables()
    environment["LC_ALL"] = "C"
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw SensorFailure("\(name) could not start")
    }
    let killer = Killer(process: process, after: timeout)
    // Read before waiting: a child filling the pipe buffer would otherwise never exit.
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let timedOut = killer.finish()
    let status = process.terminationStatus
    let signalled = process.terminationReason == .uncaughtSignal
    return SensorCommandResult(
      status: signalled ? 128 + status : status, output: Array(data), timedOut: timedOut)
  }

  /// Sends SIGKILL to a process still running at its deadline.
  private final class Killer: @unchecked Sendable {
    private let lock = NSLock()
    private var finished = false
    private var fired = false
    private let timer: any DispatchSourceTimer

    init(process: Process, after seconds: Double) {
      timer = DispatchSource.makeTimerSource(queue: .global())
      let pid = process.processIdentifier
      timer.setEventHandler { [self] in
        lock.lock()
        defer { lock.unlock() }
        guard !finished else { return }
        fired = true
        kill(pid, SIGKILL)
      }
      timer.schedule(deadline: .now() + seconds)
      timer.resume()
    }

    /// Stops the timer; whether it killed the process.
    func finish() -> Bool {
      lock.lock()
      defer { lock.unlock() }
      finished = true
      timer.cancel()
      return fired
    }
  }
}
