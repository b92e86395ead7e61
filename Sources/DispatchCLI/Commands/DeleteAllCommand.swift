import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch delete-all`: wipe every record after an explicit confirmation
/// (docs/import-export.md#dispatch-delete-all).
enum DeleteAllCommand {
  /// The word a person types to confirm.
  static let confirmationWord = "delete"

  static let spec: CommandSpec = CommandSpec(
    "delete-all",
    abstract: "Delete every record in the store (asks first)",
    discussion: """
      Asks you to type 'delete' to confirm on a terminal; from a script it needs --yes and \
      otherwise exits 64 without deleting anything. Settings, the event log and the backup \
      files stay, so 'dispatch backup restore' can bring the records back. The deletion is \
      one transaction: it happens completely or not at all.
      """,
    options: [.flag("yes", short: "y", "Delete without asking")],
    json: true,
    examples: ["dispatch delete-all", "dispatch delete-all --yes --json"],
    run: run)

  static func run(_ invocation: Invocation) throws {
    let store = try BackupCommand.openExisting(invocation)
    if !invocation.flag("yes") {
      guard invocation.terminal.stdinIsTTY else {
        throw invocation.usage(
          "delete-all needs confirmation: run it on a terminal, or add --yes; nothing was deleted")
      }
      try confirm(store, invocation)
    }
    let summary = try store.maintenance.deleteAll()
    let folder = try BackupCommand.service(invocation, store).folder(option: nil)
    if invocation.wantsJSON {
      invocation.printJSON(json(summary, backupFolder: folder))
      return
    }
    invocation.stdout.line(
      invocation.style.bold("Deleted") + " "
        + [
          plural(summary.reports, "report") + " (" + plural(summary.responses, "answer") + ")",
          plural(summary.questions, "question"), plural(summary.promptGroups, "prompt group"),
          plural(summary.people, "person", "people"),
          plural(summary.vocabulary, "vocabulary entry", "vocabulary entries"),
        ].joined(separator: ", ") + ".")
    invocation.stdout.line(
      "Settings are kept, and so are the backups in \(folder.path) ('dispatch backup list').")
  }

  /// Shows what would go and asks for the confirmation word on the terminal.
  private static func confirm(_ store: DispatchStore, _ invocation: Invocation) throws {
    let counts = try store.maintenance.counts()
    invocation.stderr.line(
      invocation.style.red("This deletes every record in \(invocation.storePath):")
        + " "
        + [
          plural(counts.reports, "report"), plural(counts.questions, "question"),
          plural(counts.people, "person", "people"),
          plural(counts.promptGroups, "prompt group"),
        ].joined(separator: ", ") + ".")
    invocation.stderr.write("Type '\(confirmationWord)' to confirm: ")
    invocation.stderr.flush()
    let answer = readLine(strippingNewline: true)?.trimmingCharacters(in: .whitespaces)
    guard answer == confirmationWord else {
      throw CLIError(.failure, "not confirmed; nothing was deleted")
    }
  }

  /// "1 report", "2 reports".
  static func plural(_ count: Int, _ one: String, _ many: String? = nil) -> String {
    "\(count) " + (count == 1 ? one : many ?? one + "s")
  }

  private static func json(_ summary: DeleteAllSummary, backupFolder: URL) -> JSONValue {
    var object = JSONObjectBuilder()
    object.set("reports", summary.reports)
    object.set("responses", summary.responses)
    object.set("questions", summary.questions)
    object.set("promptGroups", summary.promptGroups)
    object.set("people", summary.people)
    object.set("vocabulary", summary.vocabulary)
    object.set("totalRows", summary.totalRows)
    var tables = JSONObjectBuilder()
    for (table, count) in summary.rowsByTable.sorted(by: { $0.key < $1.key }) {
      tables.set(table, count)
    }
    object.set("rowsByTable", tables.value)
    object.set("backupFolder", backupFolder.path)
    return object.value
  }
}
