import Foundation
import Testing

/// `dispatch delete-all`.
@Suite("delete-all")
struct DeleteAllCommandTests {
  /// A store with the default questions, two reports and one automatic backup.
  private func populated() throws -> CLISandbox {
    let cli = try CLISandbox()
    try cli.succeed([
      "report", "--answer", "Are you working?=yes", "--answer", "Who are you with?=Alice",
    ])
    try cli.succeed(["answer", "no"])
    #expect(cli.backupFiles().count == 1)
    return cli
  }

  @Test func yesEmptiesTheStoreButKeepsSettingsAndBackups() throws {
    let cli = try populated()
    try cli.succeed(["backup", "disable"])
    let result = try cli.succeed(["delete-all", "--yes"])
    #expect(
      result.stdoutLines == [
        "Deleted 2 reports (7 answers), 7 questions, 0 prompt groups, 1 person, 0 vocabulary entries.",
        "Settings are kept, and so are the backups in \(cli.backupFolder) ('dispatch backup list').",
      ])
    #expect(try cli.reports().isEmpty)
    #expect(try cli.questions().isEmpty)
    #expect(cli.backupFiles().count == 1)
    let diagnostics = try cli.succeed(["diagnostics"]).stdout
    #expect(diagnostics.contains("  Automatic: off"))
    #expect(diagnostics.contains("deleteAll — reports 2"))
  }

  @Test func jsonListsTheCounts() throws {
    let cli = try populated()
    let result = try cli.succeed(["delete-all", "-y", "--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect((object["reports"] as? NSNumber)?.intValue == 2)
    #expect((object["questions"] as? NSNumber)?.intValue == 7)
    #expect(object["backupFolder"] as? String == cli.backupFolder)
  }

  @Test func withoutYesAndWithoutATerminalNothingIsDeleted() throws {
    let cli = try populated()
    let before = try cli.reports()
    try cli.fail(["delete-all"], status: 64, message: "add --yes; nothing was deleted")
    try cli.fail(["delete-all"], status: 64, message: "needs confirmation", stdin: "delete\n")
    #expect(try cli.reports() == before)
    #expect(try cli.questions().count == 7)
  }

  @Test func aMissingStoreIsNotCreated() throws {
    let cli = try CLISandbox()
    try cli.fail(["delete-all", "--yes"], status: 66, message: "no store")
    #expect(!cli.exists(cli.defaultStore))
  }
}
