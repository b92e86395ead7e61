import DispatchKit
import Foundation

/// A temp folder with fake `notify-send`, `dispatch` and terminal programs, for running the
/// scripts ``NotificationCommand`` generates with the real `/bin/sh`.
///
/// Each fake appends its argv to a log as NUL-terminated words followed by a 0x1E record
/// separator, so arguments holding newlines or quotes come back exactly. The fake notify-send
/// prints `$FAKE_CHOICE` and exits with `$FAKE_STATUS`, standing in for the user's click.
struct NotificationSandbox {
  let directory: TemporaryDirectory
  /// Lives in a folder whose name would run a command if the script failed to quote it.
  let dispatchPath: String
  let notifySendPath: String
  let terminalPath: String
  /// A file that any unquoted `$(…)` or backquote payload would create.
  let canary: String
  /// A store path full of shell syntax, also aimed at the canary.
  let storePath: String

  init() throws {
    directory = try TemporaryDirectory()
    canary = directory.file("canary")
    let hostileFolder = directory.file("bin it's $(touch \(canary));`touch \(canary)`\nx")
    try FileManager.default.createDirectory(
      atPath: hostileFolder, withIntermediateDirectories: true)
    dispatchPath = hostileFolder + "/dispatch"
    notifySendPath = directory.file("notify-send")
    terminalPath = directory.file("terminal")
    storePath = directory.file("store 'a' \"b\" $(touch \(canary)) ; `x`.sqlite")
    try install(dispatchPath, log: "dispatch.log", then: "")
    try install(
      notifySendPath, log: "notify-send.log",
      then: "[ -n \"$FAKE_CHOICE\" ] && printf '%s\\n' \"$FAKE_CHOICE\"\nexit \"${FAKE_STATUS:-0}\""
    )
    try install(terminalPath, log: "terminal.log", then: "shift\nexec \"$@\"")
  }

  private func install(_ path: String, log: String, then body: String) throws {
    let script = """
      #!/bin/sh
      printf '%s\\0' "$@" >> '\(directory.file(log))'
      printf '\\036' >> '\(directory.file(log))'
      \(body)

      """
    try Self.makeExecutable(path, script)
  }

  /// Writes an executable script from a child shell. Written in this process, the file could
  /// be held open for writing by a parallel test's child between its fork and exec, and
  /// running it would then fail with ETXTBSY ("text file busy").
  static func makeExecutable(_ path: String, _ script: String) throws {
    let runner = ProcessCommandRunner(environment: ["PATH": "/usr/bin:/bin"])
    let result = try runner.run(
      "/bin/sh", ["-c", #"printf '%s' "$1" > "$2" && chmod 755 "$2""#, "sh", script, path])
    guard result.status == 0 else { throw CocoaError(.fileWriteUnknown) }
  }

  /// Runs `command` as the daemon would, with the fakes' choice and status.
  @discardableResult
  func run(_ command: NotificationCommand, choice: String = "", status: Int = 0) throws -> Int32 {
    var environment = ["PATH": "/usr/bin:/bin", "FAKE_CHOICE": choice, "FAKE_STATUS": "\(status)"]
    environment.merge(command.environment) { _, added in added }
    return try ProcessCommandRunner(environment: environment)
      .run(command.executable, command.arguments).status
  }

  /// The argv of each call a fake received, in order.
  func calls(_ log: String) -> [[String]] {
    guard let text = try? String(contentsOfFile: directory.file(log + ".log"), encoding: .utf8)
    else { return [] }
    return text.split(separator: "\u{1E}", omittingEmptySubsequences: false).dropLast().map {
      record in
      record.split(separator: "\0", omittingEmptySubsequences: false).dropLast().map(
        String.init)
    }
  }

  var canaryExists: Bool { FileManager.default.fileExists(atPath: canary) }
}
