import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch diagnostics`: the privacy-safe dump for bug reports
/// (docs/import-export.md#dispatch-diagnostics).
enum DiagnosticsCommand {
  static let spec: CommandSpec = CommandSpec(
    "diagnostics",
    abstract: "Print a privacy-safe dump for bug reports",
    discussion: """
      Shows versions, the store's size and schema, record counts, setting names (values only \
      for harmless ones), backup status and the newest 50 events. It never contains prompts, \
      answers, vocabulary, people, places or health values, so it is safe to paste into an \
      issue. Only reads the store.
      """,
    options: [BackupCommand.folderOption],
    examples: ["dispatch diagnostics", "dispatch diagnostics > dispatch-diagnostics.txt"],
    run: run)

  static func run(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.read)
    let environment = DiagnosticsEnvironment(
      backupFolder: try BackupCommand.service(invocation, store).folder(
        option: invocation.value("folder")),
      doNotDisturb: DesktopDoNotDisturb.read(
        runner: ProcessCommandRunner(environment: invocation.environment),
        environment: invocation.environment
      ).description)
    let text = try Diagnostics.report(
      store: store, version: DispatchMain.version, environment: environment,
      run: invocation.runEnvironment)
    invocation.stdout.write(text)
  }
}
