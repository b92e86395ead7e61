import DispatchSupport
import Foundation

/// Everything a command needs: its parsed arguments, the environment, the terminal and output.
package final class Invocation {
  package let parsed: ParsedCommandLine
  /// The program's command table, for help references.
  package let root: CommandSpec
  package let environment: [String: String]
  package let terminal: TerminalInfo
  package let stdout: ConsoleStream
  package let stderr: ConsoleStream
  package let style: TextStyle

  package init(
    parsed: ParsedCommandLine, root: CommandSpec, environment: [String: String],
    stdout: ConsoleStream, stderr: ConsoleStream
  ) {
    self.parsed = parsed
    self.root = root
    self.environment = environment
    self.stdout = stdout
    self.stderr = stderr
    terminal = TerminalInfo(
      environment: environment, noColorFlag: parsed.flags.contains("no-color"))
    style = TextStyle(enabled: terminal.colorEnabled)
  }

  // MARK: - Arguments

  /// Whether `--json` was given.
  package var wantsJSON: Bool { parsed.flags.contains("json") }

  /// Whether a flag was given.
  package func flag(_ name: String) -> Bool { parsed.flags.contains(name) }

  /// The value of a single-valued option.
  package func value(_ name: String) -> String? { parsed.values[name]?.last }

  /// Every value of a repeatable option, in order.
  package func values(_ name: String) -> [String] { parsed.values[name] ?? [] }

  /// The value of a typed option, converted while parsing; nil when absent.
  package func value<Value>(_ option: Option<Value>) -> Value? {
    parsed.converted[option.name]?.last as? Value
  }

  /// Every value of a repeatable typed option, in order.
  package func values<Value>(_ option: Option<Value>) -> [Value] {
    (parsed.converted[option.name] ?? []).compactMap { $0 as? Value }
  }

  /// The positional argument at `index`, if given.
  package func positional(_ index: Int) -> String? {
    parsed.positionals.indices.contains(index) ? parsed.positionals[index] : nil
  }

  /// A usage error for this command.
  package func usage(_ message: String) -> CLIError {
    CLIError.usage(message, parsed.path, root: root)
  }

  /// The usage error for a word that is not one of `names`: `<subject>; did you mean 'x'?`
  /// when one is close, else `<subject><separator>use one of a, b, c`.
  package func unknownChoice(
    _ subject: String, _ text: String, among names: [String], separator: String = "; "
  )
    -> CLIError
  {
    usage(Option<String>.unknownChoice(subject, text, among: names, separator: separator))
  }

  // MARK: - Cleanup

  /// Files this command created that must not outlive a failure (a store it created); the
  /// program removes them when the command fails, so a failed command leaves nothing behind.
  package var createdFiles: [String] = []

  /// Removes the files the command created (with SQLite's -wal and -shm companions).
  package func discardCreatedFiles() {
    for path in createdFiles {
      for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: path + suffix)
      }
    }
    createdFiles = []
  }

  // MARK: - Output

  /// Prints the warnings of follow-up work that failed without undoing the command.
  package func warn(_ warnings: [String]) {
    for warning in warnings { note("\(root.name): warning: " + warning) }
  }

  /// Writes a JSON document to standard output, as it is: JSON escapes control characters
  /// itself, and keeps every other character of the data.
  package func printJSON(_ value: JSONValue) {
    JSONWriter.write(value, style: .pretty) { stdout.writeVerbatim($0) }
    stdout.line()
  }

  /// Writes a message for people to standard error (keeps stdout clean under `--json`).
  package func note(_ text: String) {
    stderr.line(text)
  }
}
