import DispatchCommandLine
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
    let status = Program(
      root: CommandTable.root, version: version, recover: Invocation.keepingAnswers
    )
    .run(arguments: arguments, environment: ProcessEnvironment.variables())
    exit(status)
  }

  /// Help wraps to `COLUMNS` (or 80) so it is deterministic in tests.
  static func helpWidth(_ environment: [String: String]) -> Int {
    Program.helpWidth(environment)
  }
}
