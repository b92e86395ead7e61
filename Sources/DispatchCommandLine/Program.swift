import DispatchSupport
import Foundation

/// A program of declared commands: parses its command line, runs one command, and turns any
/// error into one line on standard error and an exit status, the same way for `dispatch`,
/// `dispatch-mod` and `dispatch-bench`.
package struct Program: Sendable {
  package let root: CommandSpec
  /// Printed for `--version`; nil: the program has no such option.
  package let version: String?
  /// The help of a command at a path; nil: the help generated from the command table.
  package let help: (@Sendable (_ command: CommandSpec, _ path: [String], _ width: Int) -> String)?
  /// A last chance for a failed command before its error is printed: `dispatch` keeps a
  /// person's answer that could not be written and says so instead.
  package let recover: (@Sendable (_ invocation: Invocation, _ error: any Error) -> any Error)?

  package init(
    root: CommandSpec, version: String? = nil,
    help: (@Sendable (CommandSpec, [String], Int) -> String)? = nil,
    recover: (@Sendable (Invocation, any Error) -> any Error)? = nil
  ) {
    self.root = root
    self.version = version
    self.help = help
    self.recover = recover
  }

  /// Runs one command line and returns the exit status.
  package func run(arguments: [String], environment: [String: String]) -> Int32 {
    let stdout = ConsoleStream(descriptor: STDOUT_FILENO)
    let stderr = ConsoleStream(descriptor: STDERR_FILENO)
    defer {
      stdout.flush()
      stderr.flush()
    }
    var invocation: Invocation?
    do {
      let parsed = try ArgumentParser(root: root).parse(arguments)
      if let version, parsed.flags.contains("version") {
        stdout.line("\(root.name) \(version)")
        return ExitStatus.success.rawValue
      }
      let command = parsed.command
      if parsed.flags.contains("help") || command.run == nil {
        let width = Self.helpWidth(environment)
        stdout.write(
          help?(command, parsed.path, width)
            ?? HelpFormatter(root: root, width: width).help(command, path: parsed.path))
        return ExitStatus.success.rawValue
      }
      let current = Invocation(
        parsed: parsed, root: root, environment: environment, stdout: stdout, stderr: stderr)
      invocation = current
      try command.run?(current)
      return ExitStatus.success.rawValue
    } catch {
      // Nothing is written when a command fails: not even the store it would have created.
      invocation?.discardCreatedFiles()
      let error = invocation.flatMap { current in recover.map { $0(current, error) } } ?? error
      let failure = CLIError.from(
        error, helpReference: invocation.map { root.helpReference(for: $0.parsed.path) })
      stdout.flush()
      stderr.line("\(root.name): " + failure.description)
      return failure.status.rawValue
    }
  }

  /// Help wraps to `COLUMNS` (or 80) so it is deterministic in tests.
  package static func helpWidth(_ environment: [String: String]) -> Int {
    min(max(environment["COLUMNS"].flatMap(Int.init) ?? 80, 60), 120)
  }
}
