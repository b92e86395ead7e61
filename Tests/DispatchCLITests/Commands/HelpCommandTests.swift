import Foundation
import Testing

@testable import DispatchCLI
@testable import DispatchCommandLine

/// Every command path of the command table, the root (`[]`) first.
let allCommandPaths: [[String]] = {
  var paths: [[String]] = []
  func visit(_ command: CommandSpec, _ path: [String]) {
    paths.append(path)
    for sub in command.subcommands { visit(sub, path + [sub.name]) }
  }
  visit(CommandTable.root, [])
  return paths
}()

/// The command at `path` in the command table.
func commandSpec(at path: [String]) -> CommandSpec? {
  var command = CommandTable.root
  for name in path {
    guard let next = command.subcommand(named: name) else { return nil }
    command = next
  }
  return command
}

/// `--version`, `help`, `-h` on every command, generated help, and usage errors.
@Suite("help, --version and usage errors")
struct HelpCommandTests {
  @Test func versionPrintsTheVersionAlone() throws {
    let cli = try CLISandbox()
    let result = try cli.succeed(["--version"])
    #expect(result.stdout == "dispatch \(DispatchMain.version)\n")
    #expect(result.stderr.isEmpty)
  }

  @Test func rootHelpMatchesGoldenFile() throws {
    let cli = try CLISandbox()
    let result = try cli.succeed(["--help"])
    #expect(result.stderr.isEmpty)
    GoldenFile.expectMatches(result.stdout, suite: "HelpCommandTests", name: "root-help.txt")
  }

  @Test func reportHelpMatchesGoldenFile() throws {
    let cli = try CLISandbox()
    let result = try cli.succeed(["report", "--help"])
    #expect(result.stderr.isEmpty)
    GoldenFile.expectMatches(result.stdout, suite: "HelpCommandTests", name: "report-help.txt")
  }

  @Test(
    "the root help is printed by --help, -h, help, and no arguments at all",
    arguments: [["-h"], ["help"], []])
  func rootHelpSpellings(arguments: [String]) throws {
    let cli = try CLISandbox()
    let expected = try cli.succeed(["--help"]).stdout
    let result = try cli.succeed(arguments)
    #expect(result.stdout == expected)
    #expect(result.stderr.isEmpty)
  }

  @Test func helpReportsList() throws {
    let cli = try CLISandbox()
    let result = try cli.succeed(["help", "reports", "list"])
    #expect(result.stdout.hasPrefix("OVERVIEW: List filed reports, oldest first\n"))
    #expect(result.stdout.contains("USAGE: dispatch reports list [--from DATE] [--to DATE]"))
    for option in ["--from DATE", "--to DATE", "--limit N", "--drafts", "--json", "--store PATH"] {
      #expect(result.stdout.contains("  " + option), "missing \(option)")
    }
    #expect(result.stderr.isEmpty)
  }

  @Test("-h on every command prints its generated help", arguments: allCommandPaths)
  func helpFlagOnEveryCommand(path: [String]) throws {
    let spec = try #require(commandSpec(at: path))
    let cli = try CLISandbox()
    let result = try cli.succeed(path + ["-h"])
    #expect(result.stderr.isEmpty)
    let overview = result.stdout.components(separatedBy: "\n\n")[0]
    #expect(
      overview.split(whereSeparator: \.isWhitespace).joined(separator: " ") == "OVERVIEW: "
        + spec.abstract)
    #expect(result.stdout.contains("USAGE: " + (["dispatch"] + path).joined(separator: " ")))
    for option in spec.options {
      #expect(result.stdout.contains("--" + option.name), "help lacks --\(option.name)")
    }
    let body = result.stdout.components(separatedBy: "\nEXAMPLES:\n")[0]
    #expect(body.contains("  --json ") == spec.supportsJSON)
    for argument in spec.arguments {
      #expect(result.stdout.contains(argument.name), "help lacks \(argument.name)")
    }
    for sub in spec.subcommands {
      #expect(result.stdout.contains("\n  \(sub.name) "), "help lacks subcommand \(sub.name)")
    }
    #expect(result.stdout.contains("--version") == path.isEmpty)
    // Everything but the examples (commands to copy) wraps to COLUMNS=80.
    for line in body.split(separator: "\n") {
      #expect(fits(line, width: 80), "too wide: \(line)")
    }
  }

  @Test("help COMMAND prints the same as COMMAND --help", arguments: allCommandPaths)
  func helpCommandMatchesHelpFlag(path: [String]) throws {
    let cli = try CLISandbox()
    let viaFlag = try cli.succeed(path + ["--help"])
    let viaCommand = try cli.succeed(["help"] + path)
    #expect(viaCommand.stdout == viaFlag.stdout)
    #expect(viaCommand.stderr.isEmpty)
  }

  @Test(
    "-h may stand anywhere on the line",
    arguments: [
      ["-h", "reports", "list"], ["reports", "-h", "list"], ["reports", "list", "-h"],
      ["--store", "s.sqlite", "reports", "list", "--help"],
    ])
  func helpFlagPosition(arguments: [String]) throws {
    let cli = try CLISandbox()
    let expected = try cli.succeed(["help", "reports", "list"]).stdout
    #expect(try cli.succeed(arguments).stdout == expected)
    #expect(!cli.exists(cli.path("s.sqlite")))
  }

  @Test func helpWrapsToColumns() throws {
    let cli = try CLISandbox()
    let result = try cli.succeed(["questions", "add", "--help"], environment: ["COLUMNS": "60"])
    let body = result.stdout.components(separatedBy: "\nEXAMPLES:\n")[0]
    for line in body.split(separator: "\n") {
      #expect(fits(line, width: 60), "too wide: \(line)")
    }
    #expect(result.stdout.contains("USAGE: dispatch questions add [--type TYPE]"))
  }

  /// Whether a help line fits `width`, or is a single word too long to break.
  private func fits(_ line: Substring, width: Int) -> Bool {
    line.count <= width || !line.drop { $0 == " " }.contains(" ")
  }

  struct UsageError: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  @Test(
    "usage errors exit 64 with one line on standard error",
    arguments: [
      UsageError(
        arguments: ["reprots"], message: "unknown command 'reprots'; did you mean 'reports'?"),
      UsageError(arguments: ["questions", "lst"], message: "did you mean 'list'?"),
      UsageError(arguments: ["reports", "shwo", "X"], message: "did you mean 'show'?"),
      UsageError(
        arguments: ["reports", "list", "--limt", "3"], message: "did you mean '--limit'?"),
      UsageError(arguments: ["init", "--jsn"], message: "did you mean '--json'?"),
      UsageError(arguments: ["help", "reprots"], message: "did you mean 'reports'?"),
      UsageError(arguments: ["help", "questions", "lst"], message: "did you mean 'list'?"),
      UsageError(arguments: ["help", "frobnicate"], message: "no help for 'frobnicate'"),
      UsageError(arguments: ["man", "--json"], message: "'--json'"),
      UsageError(arguments: ["--json", "completions", "bash"], message: "'--json'"),
      UsageError(arguments: ["reports", "show"], message: "missing argument ID"),
      UsageError(arguments: ["questions", "move", "Q"], message: "missing argument POSITION"),
      UsageError(
        arguments: ["questions", "list", "extra"], message: "unexpected argument 'extra'"),
      UsageError(arguments: ["answer", "a", "b", "c"], message: "unexpected argument 'c'"),
      UsageError(
        arguments: ["reports", "list", "--limit", "1", "--limit", "2"], message: "given twice"),
      UsageError(arguments: ["reports", "list", "--limit"], message: "needs a value"),
      UsageError(arguments: ["init", "--no-color=yes"], message: "takes no value"),
      UsageError(arguments: ["-x"], message: "unknown option '-x'"),
      UsageError(arguments: ["reports", "--version"], message: "unknown option '--version'"),
      UsageError(arguments: ["completions"], message: "missing argument SHELL"),
      UsageError(arguments: ["completions", "tcsh"], message: "'tcsh' is not a supported shell"),
      UsageError(arguments: ["report", "--kind", "nap"], message: "'nap' is not a survey kind"),
    ])
  func usageErrors(_ error: UsageError) throws {
    let cli = try CLISandbox()
    let result = try cli.fail(error.arguments, status: 64, message: error.message)
    #expect(result.stderr.contains("--help')"), "usage errors point at the help: \(result)")
    #expect(!cli.exists(cli.defaultStore))
  }

  @Test func unknownCommandSuggestsTheClosestAndNothingElse() throws {
    let cli = try CLISandbox()
    let result = try cli.fail(["xyzzy"], status: 64, message: "unknown command 'xyzzy'")
    #expect(!result.stderr.contains("did you mean"))
  }
}
