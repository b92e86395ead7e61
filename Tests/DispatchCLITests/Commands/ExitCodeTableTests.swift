import DispatchKit
import Foundation
import Testing

/// The exit codes of docs/cli.md#exit-codes, one documented example per row, so the table and
/// the program cannot drift apart.
struct ExitCodeTableTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let arguments: [String]
    let status: Int32
    let why: String
    var testDescription: String { "\(status): \(why)" }
  }

  static let cases: [Case] = [
    Case(arguments: ["questions", "list"], status: 0, why: "success"),
    Case(arguments: ["reprot"], status: 64, why: "an unknown command"),
    Case(arguments: ["reports", "list", "--frm", "7d"], status: 64, why: "an unknown option"),
    Case(arguments: ["report", "--answer", "Nope?=1"], status: 64, why: "an unknown question"),
    Case(arguments: ["mood"], status: 64, why: "a missing argument"),
    Case(
      arguments: ["reports", "list", "--from", "2026-13-45"], status: 64,
      why: "a bad date for an option"),
    Case(arguments: ["reports", "list", "--limit", "x"], status: 64, why: "a bad number"),
    Case(arguments: ["mood", "5", "--ago", "20"], status: 64, why: "a bad duration for --ago"),
    Case(
      arguments: ["mood", "5", "--ago", "106751991168d"], status: 64,
      why: "a duration beyond any record's time"),
    Case(
      arguments: ["report", "--answer", "How many coffees did you have today?=lots"], status: 65,
      why: "a word for a number question"),
    Case(
      arguments: ["report", "--answer", "Are you working?=maybe"], status: 65,
      why: "an answer that is not a choice"),
    Case(
      arguments: ["questions", "move", "Where are you?", "-1"], status: 64,
      why: "a position outside the list"),
    Case(
      arguments: ["questions", "add", "Are you working?", "--type", "yesNo"], status: 65,
      why: "a prompt another question already asks"),
    Case(arguments: ["import", "missing-file.csv"], status: 66, why: "an input file is missing"),
    Case(arguments: ["import", "/dev/null"], status: 65, why: "a device is no export"),
  ]

  @Test(arguments: cases)
  func `every documented exit code is the one the command gives`(_ row: Case) throws {
    let sandbox = try CLISandbox()
    let store = sandbox.path("store.sqlite")
    try sandbox.succeed(["init", "--store", store])
    let result = try sandbox.run(row.arguments + ["--store", store])
    #expect(result.status == row.status, "\(row.arguments): \(result)")
    if row.status != 0 {
      #expect(result.stderr.hasPrefix("dispatch: "), "\(result)")
    }
  }

  @Test func `stores that cannot be used give 65 and 66`() throws {
    let sandbox = try CLISandbox()
    let noise = sandbox.path("noise.sqlite")
    try Data(repeating: 0x5A, count: 4096).write(to: URL(fileURLWithPath: noise))
    try sandbox.fail(
      ["reports", "list", "--store", noise], status: 65, message: "not a Dispatch store")
    try sandbox.fail(
      ["reports", "list", "--store", sandbox.path("missing.sqlite")], status: 66,
      message: "no store")
    let folder = sandbox.path("a-folder")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try sandbox.fail(["reports", "list", "--store", folder], status: 66, message: "is a folder")
    let pipe = sandbox.path("pipe.csv")
    #expect(mkfifo(pipe, 0o600) == 0)
    try sandbox.fail(
      ["import", pipe, "--store", sandbox.path("s.sqlite")], status: 65,
      message: "not a regular file")
    let newer = sandbox.path("newer.sqlite")
    try sandbox.succeed(["init", "--store", newer])
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    shell.arguments = [newer, "INSERT INTO schema_migrations (name) VALUES ('9999-future')"]
    try shell.run()
    shell.waitUntilExit()
    try sandbox.fail(["reports", "list", "--store", newer], status: 65, message: "newer")
  }
}
