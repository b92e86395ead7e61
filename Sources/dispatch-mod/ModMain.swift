import DispatchKit
import Foundation

/// `dispatch-mod`: moderates a question-set catalog kept in a folder (docs/catalog.md,
/// docs/catalog.md#moderation-with-dispatch-mod): review pending submissions and flags, approve or
/// reject them, and publish a new `index.json`.
@main
enum ModMain {
  static func main() {
    let status = run(
      Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
    exit(status)
  }

  /// Runs one command line and returns the exit status.
  static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
    do {
      let parsed = try ModArguments(arguments)
      let folder = ModerationFolder(root: folderURL(parsed, environment))
      let clock = SystemWallClock(environment: environment)
      let commands = ModCommands(arguments: parsed, folder: folder, now: clock.now())
      write(try commands.run(), to: .standardOutput)
      return 0
    } catch {
      let failure = ModError.from(error)
      write(failure.output, to: .standardOutput)
      write(["dispatch-mod: " + failure.message], to: .standardError)
      return failure.status
    }
  }

  static func write(_ lines: [String], to handle: FileHandle) {
    guard !lines.isEmpty else { return }
    handle.write(Data(lines.map { $0 + "\n" }.joined().utf8))
  }

  /// `--folder`, else `$DISPATCH_MOD_FOLDER`, else the working directory.
  static func folderURL(_ arguments: ModArguments, _ environment: [String: String]) -> URL {
    let cwd = FileManager.default.currentDirectoryPath
    let chosen = arguments.values["folder"] ?? environment["DISPATCH_MOD_FOLDER"] ?? cwd
    let path = chosen.hasPrefix("/") ? chosen : cwd + "/" + chosen
    return URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
  }
}
