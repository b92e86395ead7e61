import DispatchKit
import Foundation

/// The `dispatch` executable: parses the command line against the command table, runs one
/// command, and maps any error to a one-line message and an exit code.
@main
enum DispatchMain {
  /// The version printed by `--version`.
  static let version = "0.1.0"

  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    let status = run(arguments: arguments, environment: ProcessEnvironment.variables())
    exit(status)
  }

  /// Runs one command line and returns the exit status.
  static func run(arguments: [String], environment: [String: String]) -> Int32 {
    let stdout = ConsoleStream(descriptor: STDOUT_FILENO)
    let stderr = ConsoleStream(descriptor: STDERR_FILENO)
    defer {
      stdout.flush()
      stderr.flush()
    }
    let root = CommandTable.root
    var invocation: Invocation?
    do {
      let parsed = try ArgumentParser(root: root).parse(arguments)
      if parsed.flags.contains("version") {
        stdout.line("dispatch \(version)")
        return ExitStatus.success.rawValue
      }
      let command = parsed.command
      if parsed.flags.contains("help") || command.run == nil {
        let formatter = HelpFormatter(root: root, width: helpWidth(environment))
        stdout.write(formatter.help(command, path: parsed.path))
        return ExitStatus.success.rawValue
      }
      let current = Invocation(
        parsed: parsed, environment: environment, stdout: stdout, stderr: stderr)
      invocation = current
      try command.run?(current)
      return ExitStatus.success.rawValue
    } catch {
      // Nothing is written when a command fails: not even the store it would have created.
      invocation?.discardCreatedStore()
      let failure = CLIError.from(error, commandPath: invocation?.parsed.path)
      stdout.flush()
      stderr.line("dispatch: " + failure.description)
      return failure.status.rawValue
    }
  }

  /// Help wraps to `COLUMNS` (or 80) so it is deterministic in tests.
  static func helpWidth(_ environment: [String: String]) -> Int {
    min(max(environment["COLUMNS"].flatMap(Int.init) ?? 80, 60), 120)
  }
}
