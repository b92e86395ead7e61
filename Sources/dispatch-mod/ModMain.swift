import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch-mod`: moderates a question-set catalog kept in a folder (docs/catalog.md): review
/// pending submissions and flags, approve or reject them, and publish a new `index.json`.
@main
enum ModMain {
  static func main() {
    let status = program.run(
      arguments: Array(CommandLine.arguments.dropFirst()),
      environment: ProcessEnvironment.variables())
    exit(status)
  }

  /// The program: the shared parser and error mapping, with `dispatch-mod`'s own help text.
  static let program = Program(root: ModCommands.root, help: { _, _, _ in ModCommands.help + "\n" })

  /// `--folder`, else `$DISPATCH_MOD_FOLDER`, else the working directory.
  static func folderURL(_ invocation: Invocation) -> URL {
    let cwd = FileManager.default.currentDirectoryPath
    let chosen =
      invocation.value("folder") ?? invocation.environment["DISPATCH_MOD_FOLDER"] ?? cwd
    let path = chosen.hasPrefix("/") ? chosen : cwd + "/" + chosen
    return URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
  }
}
