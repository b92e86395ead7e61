import Foundation
import Testing

@testable import DispatchStorage

/// Colour only on a terminal, never with `NO_COLOR`, `--no-color` or `TERM=dumb`
/// (docs/cli.md#output-conventions).
@Suite("colour and terminal detection")
struct ColorTests {
  /// Command lines covering every kind of output; `ID` stands for a filed report's ID.
  static let commandLines: [[String]] = [
    ["--help"], ["reports", "list", "--help"], ["init"], ["questions", "list"],
    ["questions", "list", "--json"], ["reports", "list"], ["reports", "list", "--json"],
    ["reports", "show", "ID"], ["answer", "no"], ["report", "-a", "Are you working?=yes"],
    ["wake"], ["sleep"], ["completions", "bash"], ["man"], ["reprots"],
    ["report", "-a", "Are you working?=maybe"],
  ]

  /// A store with one report; returns the report's ID.
  private func prepare(_ cli: CLISandbox) throws -> String {
    try cli.succeed(["init"])
    return try cli.succeed(["answer", "yes", "--json"]).json(ReportJSON.self).id
  }

  @Test(
    "no escape bytes without a terminal, with or without NO_COLOR",
    arguments: commandLines, [nil, "1"])
  func noEscapesWithoutATerminal(arguments: [String], noColor: String?) throws {
    let cli = try CLISandbox()
    let id = try prepare(cli)
    let result = try cli.run(
      arguments.map { $0 == "ID" ? id : $0 }, environment: ["NO_COLOR": noColor])
    #expect(!result.hasEscapes, "\(result)")
  }

  struct TerminalCase: Sendable, CustomTestStringConvertible {
    let testDescription: String
    var environment: [String: String] = [:]
    var flags: [String] = []
    let colour: Bool
  }

  @Test(
    "on a terminal colour follows NO_COLOR, --no-color and TERM",
    arguments: [
      TerminalCase(testDescription: "plain terminal", colour: true),
      TerminalCase(testDescription: "NO_COLOR=1", environment: ["NO_COLOR": "1"], colour: false),
      TerminalCase(
        testDescription: "NO_COLOR=anything", environment: ["NO_COLOR": "anything"],
        colour: false),
      TerminalCase(testDescription: "empty NO_COLOR", environment: ["NO_COLOR": ""], colour: true),
      TerminalCase(testDescription: "--no-color", flags: ["--no-color"], colour: false),
      TerminalCase(testDescription: "TERM=dumb", environment: ["TERM": "dumb"], colour: false),
    ],
    [["questions", "list"], ["reports", "list"], ["reports", "show", "ID"]])
  func terminalColour(_ terminalCase: TerminalCase, arguments: [String]) throws {
    let cli = try CLISandbox()
    let id = try prepare(cli)
    let terminal = try PseudoTerminal()
    let result = try cli.run(
      arguments.map { $0 == "ID" ? id : $0 } + terminalCase.flags,
      environment: terminalCase.environment.mapValues { Optional($0) }, stdout: terminal.terminal)
    let output = terminal.drain()
    #expect(result.status == 0, "\(result)")
    #expect(output.contains("\u{1B}[") == terminalCase.colour, "\(output)")
    #expect(!result.stderr.contains("\u{1B}"))
    // The same text either way, once the escapes are gone.
    let plain = try cli.succeed(arguments.map { $0 == "ID" ? id : $0 }).stdout
    #expect(
      withoutEscapes(output).replacingOccurrences(of: "\r\n", with: "\n") == plain)
  }

  @Test func reportsListFitsTheTerminalWidth() throws {
    let cli = try CLISandbox()
    try cli.succeed([
      "report", "-a", "Are you working?=yes", "-a", "What are you doing?=coding, email, reading",
      "-a", "Where are you?=The public library on Main Street", "-a", "Who are you with?=Alice",
    ])
    let terminal = try PseudoTerminal()
    _ = try cli.run(
      ["reports", "list"], environment: ["COLUMNS": "60", "NO_COLOR": "1"],
      stdout: terminal.terminal)
    let lines = terminal.drain().components(separatedBy: "\r\n").filter { !$0.isEmpty }
    #expect(lines.count == 2)
    #expect(lines.allSatisfy { $0.count <= 60 }, "\(lines)")
    #expect(lines.first?.hasSuffix("…") == true)
    // Without a terminal the line is not cut.
    let piped = try cli.succeed(["reports", "list"], environment: ["COLUMNS": "60"])
    #expect(piped.stdoutLines[0].contains("Who are you with?: Alice"))
  }

  private func withoutEscapes(_ text: String) -> String {
    var result = ""
    var inEscape = false
    for scalar in text.unicodeScalars {
      if inEscape {
        if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
      } else if scalar == "\u{1B}" {
        inEscape = true
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
