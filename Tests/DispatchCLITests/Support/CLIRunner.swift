import Foundation
import Testing

/// What one run of `dispatch` printed and returned.
struct CLIResult: Sendable, CustomStringConvertible {
  let status: Int32
  let stdout: String
  let stderr: String

  /// Standard error split into lines, without the final newline.
  var stderrLines: [String] { Self.lines(stderr) }
  /// Standard output split into lines, without the final newline.
  var stdoutLines: [String] { Self.lines(stdout) }

  /// Standard output with every run of spaces and line breaks read as one space: prose as
  /// written, whatever width it was wrapped to.
  var flowingStdout: String { Self.flowing(stdout) }

  /// `text` with every run of whitespace as one space.
  static func flowing(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// Whether either stream holds an ANSI escape byte.
  var hasEscapes: Bool { stdout.contains("\u{1B}") || stderr.contains("\u{1B}") }

  /// Shown when an expectation fails.
  var description: String {
    "exit \(status)\n--- stdout ---\n\(stdout)--- stderr ---\n\(stderr)"
  }

  /// Decodes standard output as JSON.
  func json<Value: Decodable>(_ type: Value.Type) throws -> Value {
    try JSONDecoder().decode(type, from: Data(stdout.utf8))
  }

  private static func lines(_ text: String) -> [String] {
    guard !text.isEmpty else { return [] }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}

/// Runs the built `dispatch` binary in a sandbox: its own temporary folder as `HOME` and
/// `XDG_DATA_HOME`, no `DISPATCH_STORE`, `TZ=UTC`, `COLUMNS=80`, a pinned clock, and standard
/// input from `/dev/null` or a pipe. Output goes to files, so large outputs never block.
///
/// A class so a test owns one and the folder disappears with it.
final class CLISandbox {
  /// The binary SwiftPM builds next to the test bundle.
  static let executable = Bundle.main.bundleURL.appendingPathComponent("dispatch")

  /// The sandbox folder; also the working directory of every run.
  let root: String
  /// The environment of every run; tests may change it.
  var environment: [String: String]
  private var runCount = 0

  init(now: String = "2026-03-04T10:00:00Z", timeZone: String = "UTC") throws {
    root =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("DispatchCLITests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(
      atPath: root + "/home", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: root + "/output", withIntermediateDirectories: true)
    environment = [
      "HOME": root + "/home",
      "XDG_DATA_HOME": root + "/data",
      "TZ": timeZone,
      "COLUMNS": "80",
      "LANG": "C.UTF-8",
      "PATH": "/usr/bin:/bin",
      "DISPATCH_NOW": now,
      // The sensors read an empty machine unless a test builds one: no /sys, no programs.
      "DISPATCH_SENSOR_ROOT": root + "/machine",
      "DISPATCH_SENSOR_PATH": root + "/machine/bin",
    ]
  }

  deinit {
    try? FileManager.default.removeItem(atPath: root)
  }

  /// `$XDG_DATA_HOME/dispatch/dispatch.sqlite`, the store when nothing else is chosen.
  var defaultStore: String { root + "/data/dispatch/dispatch.sqlite" }

  /// A path inside the sandbox.
  func path(_ relativePath: String) -> String {
    root + "/" + relativePath
  }

  /// Whether a file or folder exists.
  func exists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: path)
  }

  /// Runs `dispatch` with `arguments`.
  ///
  /// - Parameters:
  ///   - stdin: text piped to standard input; nil connects `/dev/null`.
  ///   - environment: variables set (or, with nil, removed) for this run only.
  ///   - stdout: a handle to use as standard output instead of a file (a pseudo-terminal).
  ///   - executable: another built binary to run instead, e.g. `dispatch-mod`.
  @discardableResult
  func run(
    _ arguments: [String], stdin: String? = nil, environment overrides: [String: String?] = [:],
    stdout terminal: FileHandle? = nil, executable: URL = CLISandbox.executable
  ) throws -> CLIResult {
    runCount += 1
    let outPath = root + "/output/\(runCount).out"
    let errPath = root + "/output/\(runCount).err"
    try Data().write(to: URL(fileURLWithPath: outPath))
    try Data().write(to: URL(fileURLWithPath: errPath))
    let outHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
    let errHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
    defer {
      try? outHandle.close()
      try? errHandle.close()
    }

    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var variables = environment
    for (name, value) in overrides { variables[name] = value }
    process.environment = variables
    process.currentDirectoryURL = URL(fileURLWithPath: root)
    process.standardOutput = terminal ?? outHandle
    process.standardError = errHandle
    if let stdin {
      let pipe = Pipe()
      pipe.fileHandleForWriting.write(Data(stdin.utf8))
      try pipe.fileHandleForWriting.close()
      process.standardInput = pipe
    } else {
      process.standardInput = FileHandle.nullDevice
    }
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit, "dispatch \(arguments) was killed by a signal")
    return CLIResult(
      status: process.terminationStatus,
      stdout: try String(contentsOfFile: outPath, encoding: .utf8),
      stderr: try String(contentsOfFile: errPath, encoding: .utf8))
  }

  /// Runs `dispatch` and expects it to succeed with nothing on standard error.
  @discardableResult
  func succeed(
    _ arguments: [String], stdin: String? = nil, environment overrides: [String: String?] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> CLIResult {
    let result = try run(arguments, stdin: stdin, environment: overrides)
    #expect(result.status == 0, "\(arguments): \(result)", sourceLocation: sourceLocation)
    return result
  }

  /// Runs `dispatch` and expects it to fail with `status`, one `dispatch: …` line on standard
  /// error that contains `message`, and nothing on standard output.
  @discardableResult
  func fail(
    _ arguments: [String], status: Int32, message: String = "", stdin: String? = nil,
    environment overrides: [String: String?] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> CLIResult {
    let result = try run(arguments, stdin: stdin, environment: overrides)
    #expect(result.status == status, "\(arguments): \(result)", sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, "\(arguments): \(result)", sourceLocation: sourceLocation)
    let lines = result.stderrLines
    #expect(lines.count == 1, "\(arguments): \(result)", sourceLocation: sourceLocation)
    #expect(
      lines.last?.hasPrefix("dispatch: ") == true, "\(arguments): \(result)",
      sourceLocation: sourceLocation)
    #expect(
      result.stderr.contains(message), "\(arguments): expected '\(message)' in \(result)",
      sourceLocation: sourceLocation)
    return result
  }

  /// The contents of a file, or nil when it does not exist.
  func contents(_ path: String) -> Data? {
    FileManager.default.contents(atPath: path)
  }
}
