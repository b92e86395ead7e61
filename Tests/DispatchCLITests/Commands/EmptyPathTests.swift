import Foundation
import Testing

@testable import DispatchCLI
@testable import DispatchCommandLine

/// An empty or blank path — an unset shell variable, `--store "$STORE"` — is a usage error for
/// every option and argument that names a file or folder, never the default store or a file
/// named by spaces (docs/cli.md#paths).
@Suite("empty and blank paths")
struct EmptyPathTests {
  @Test(
    arguments: [
      ["init", "--store", "{}"], ["--store", "{}", "answer", "yes"],
      ["answer", "yes", "--store={}"], ["questions", "list", "--store", "{}"],
      ["dashboard", "-o", "{}"], ["chart", "Are you working?", "--svg", "{}"],
      ["graph", "mood", "--svg", "{}"], ["export", "-o", "{}"],
      ["export", "--format", "markdown", "-o", "{}"], ["import", "{}"],
      ["import", "reporter-export.json", "{}"], ["backup", "now", "--folder", "{}"],
      ["backup", "enable", "--folder", "{}"], ["backup", "restore", "{}"],
      ["backup", "now", "--passphrase-file", "{}"], ["people", "contacts", "{}"],
      ["webhook", "set", "https://example.com/h", "--secret-file", "{}"],
      ["catalog", "list", "--source", "{}"],
    ],
    ["", "   ", "\t"])
  func `is refused with exit 64 before anything is written`(template: [String], blank: String)
    throws
  {
    let cli = try CLISandbox()
    let arguments = template.map { $0.replacingOccurrences(of: "{}", with: blank) }
    let result = try cli.fail(arguments, status: 64, message: "path")
    #expect(result.stderr.contains(blank.isEmpty ? "an empty path for " : "a blank path ("))
    #expect(!cli.exists(cli.defaultStore))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: cli.root).sorted() == ["home", "output"])
  }

  @Test func `'-' is still standard output`() throws {
    let cli = try CLISandbox()
    try cli.succeed(["answer", "yes"])
    #expect(try cli.succeed(["export", "-o", "-"]).stdout.hasPrefix("{"))
  }

  @Test(
    "an empty or blank DISPATCH_STORE counts as unset: the default store",
    arguments: ["", "  "])
  func emptyVariable(value: String) throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"], environment: ["DISPATCH_STORE": value])
    #expect(cli.exists(cli.defaultStore))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: cli.root).sorted() == [
        "data", "home", "output",
      ])
  }

  /// Every option and argument whose value is a file or folder is declared so, which is what
  /// the parser's check keys on.
  @Test func `every path option and argument is declared as one`() {
    var unmarked: [String] = []
    func visit(_ command: CommandSpec, _ path: [String]) {
      for option in command.options + command.globalOptions {
        let value = option.valueName ?? ""
        if ["PATH", "FILE", "DIR", "FOLDER"].contains(where: value.contains),
          !option.completion.namesPath
        {
          unmarked.append((path + ["--" + option.name]).joined(separator: " "))
        }
      }
      for argument in command.arguments
      where ["PATH", "FILE", "DIR", "FOLDER"].contains(where: argument.name.contains)
        && !argument.completion.namesPath
      {
        unmarked.append((path + [argument.name]).joined(separator: " "))
      }
      for subcommand in command.subcommands { visit(subcommand, path + [subcommand.name]) }
    }
    visit(CommandTable.root, [])
    #expect(unmarked.isEmpty)
  }
}
