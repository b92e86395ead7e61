import Foundation
import Testing

/// Control characters in the data (answers, imported files, prompts) are shown escaped when
/// printed as text, and kept in JSON and exports (docs/cli.md#control-characters).
@Suite("control characters in output")
struct TerminalEscapingTests {
  /// An answer that would turn the terminal red, ring it, and erase a character.
  static let answer = "\u{1B}[31mred alarm\u{07}\u{08}now"
  static let shown = "\\x1B[31mred alarm\\x07\\x08now"

  /// Every string in a JSON document.
  static func strings(_ json: Any) -> [String] {
    switch json {
    case let text as String: return [text]
    case let array as [Any]: return array.flatMap(strings)
    case let object as [String: Any]: return object.values.flatMap(strings)
    default: return []
    }
  }

  static func jsonStrings(_ text: String) throws -> [String] {
    strings(try JSONSerialization.jsonObject(with: Data(text.utf8)))
  }

  /// Whether `text` holds a C0 control other than line feed and tab, DEL or a C1 control.
  static func hasControls(_ text: String) -> Bool {
    text.unicodeScalars.contains {
      ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value)
    }
  }

  func sandbox() throws -> (CLISandbox, String) {
    let cli = try CLISandbox()
    let filed = try cli.succeed(
      ["report", "--answer", "What are you doing?=\(Self.answer)", "--json"])
    return (cli, try filed.json(ReportJSON.self).id)
  }

  @Test func `reports list, reports show and search print the answer escaped`() throws {
    let (cli, id) = try sandbox()
    let outputs = [
      try cli.succeed(["reports", "list"]), try cli.succeed(["reports", "show", id]),
      try cli.succeed(["search", "alarm"]),
    ]
    for result in outputs {
      #expect(!Self.hasControls(result.stdout + result.stderr), "\(result)")
    }
    #expect(outputs[0].stdout.contains(Self.shown))
    #expect(outputs[1].stdout.contains(Self.shown))
    #expect(outputs[2].stdout.contains("\\x1B[31mred"))
  }

  @Test func `JSON and exports keep the characters`() throws {
    let (cli, id) = try sandbox()
    for arguments in [
      ["reports", "list", "--json"], ["reports", "show", id, "--json"],
      ["search", "alarm", "--json"], ["export", "-o", "-"],
    ] {
      let output = try cli.succeed(arguments).stdout
      // Search marks the match: «alarm».
      let strings = try Self.jsonStrings(output).map {
        $0.replacingOccurrences(of: "«", with: "").replacingOccurrences(of: "»", with: "")
      }
      #expect(strings.contains { $0.contains(Self.answer) }, "\(arguments)")
      #expect(!output.contains(Self.shown))
    }
    let csv = try cli.succeed(["export", "--format", "csv", "-o", "-"]).stdout
    #expect(csv.contains(Self.answer))
    let path = cli.path("export.json")
    try cli.succeed(["export", "-o", path])
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains("\\u001b[31mred alarm"))
  }

  @Test func `an error quoting the input escapes it`() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    let result = try cli.fail(
      ["reports", "show", "\u{1B}]0;pwned\u{07}"], status: 64, message: "\\x1B]0;pwned\\x07")
    #expect(!Self.hasControls(result.stderr))
  }

  @Test func `a question prompt from an import is escaped in the list of questions`() throws {
    let cli = try CLISandbox()
    try cli.succeed(["questions", "add", "Mood\u{9B}2J?", "--type", "number"])
    let list = try cli.succeed(["questions", "list"]).stdout
    #expect(list.contains("Mood\\x9B2J?"))
    #expect(!Self.hasControls(list))
    let json = try cli.succeed(["questions", "list", "--json"]).stdout
    #expect(try Self.jsonStrings(json).contains("Mood\u{9B}2J?"))
  }
}
