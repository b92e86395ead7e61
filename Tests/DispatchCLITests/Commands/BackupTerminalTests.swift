import Foundation
import Testing

@testable import DispatchCLI
@testable import DispatchCommandLine

extension CLISandbox {
  /// Runs `dispatch` on a pseudo-terminal (standard input, output and error), waits for
  /// `prompt`, types `typing`, and returns the exit status (nil if it hung) and the screen.
  func runOnTerminal(_ arguments: [String], prompt: String, typing: String) throws -> (
    status: Int32?, screen: String, terminalIsSane: Bool
  ) {
    let terminal = try SurveyTerminal()
    let process = Process()
    process.executableURL = Self.executable
    process.arguments = arguments
    process.environment = environment
    process.currentDirectoryURL = URL(fileURLWithPath: root)
    try terminal.launch(process)
    let prompted = terminal.waitFor(prompt)
    #expect(prompted, "no prompt '\(prompt)' in \(terminal.allText)")
    terminal.send(typing)
    let status = terminal.waitForExit(process)
    return (status, TerminalStyle.visibleText(terminal.allText), terminal.isCooked)
  }
}

/// The terminal paths of `backup restore` (passphrase prompt) and `delete-all` (confirmation).
@Suite("backup and delete-all on a terminal")
struct BackupTerminalTests {
  @Test func restoreAsksForThePassphraseWithoutEchoingIt() throws {
    let cli = try CLISandbox()
    try cli.succeed(["report", "--answer", "Are you working?=yes"])
    try Data("tango-passphrase\n".utf8).write(to: URL(fileURLWithPath: cli.path("pw")))
    let file = try cli.succeed(["backup", "now", "--passphrase-file", "pw", "--json"])
      .json(BackupCommandTests.NowJSON.self).file
    let fresh = cli.path("fresh.sqlite")

    let wrong = try cli.runOnTerminal(
      ["--store", fresh, "backup", "restore", file], prompt: "Passphrase for ",
      typing: "tango-wrong\r")
    #expect(wrong.status == 65, "\(wrong.screen)")
    #expect(wrong.screen.contains("wrong passphrase"))
    #expect(!wrong.screen.contains("tango-wrong"))
    #expect(wrong.terminalIsSane)
    #expect(!cli.exists(fresh))

    let right = try cli.runOnTerminal(
      ["--store", fresh, "backup", "restore", file], prompt: "Passphrase for ",
      typing: "tango-passphrasX\u{7F}e\r")
    #expect(right.status == 0, "\(right.screen)")
    #expect(right.screen.contains("Imported 1 file (dispatch-v2)"))
    #expect(!right.screen.contains("tango"))
    #expect(right.terminalIsSane)
    #expect(try cli.reports(["--store", fresh]).count == 1)

    let cancelled = try cli.runOnTerminal(
      ["--store", cli.path("other.sqlite"), "backup", "restore", file],
      prompt: "Passphrase for ", typing: "tan\u{03}")
    #expect(cancelled.status == 130)
    #expect(cancelled.terminalIsSane)
  }

  @Test func deleteAllOnATerminalDeletesOnlyAfterTypingDelete() throws {
    let cli = try CLISandbox()
    try cli.succeed(["report", "--answer", "Are you working?=yes"])
    let declined = try cli.runOnTerminal(
      ["delete-all"], prompt: "Type 'delete' to confirm: ", typing: "yes\r")
    #expect(declined.status == 1)
    #expect(declined.screen.contains("not confirmed; nothing was deleted"))
    #expect(try cli.reports().count == 1)

    let confirmed = try cli.runOnTerminal(
      ["delete-all"], prompt: "Type 'delete' to confirm: ", typing: "delete\r")
    #expect(confirmed.status == 0, "\(confirmed.screen)")
    #expect(confirmed.screen.contains("1 report, 7 questions, 0 people"))
    #expect(confirmed.screen.contains("Deleted 1 report (6 answers)"))
    #expect(try cli.reports().isEmpty)
    #expect(cli.backupFiles().count == 1)
  }
}
