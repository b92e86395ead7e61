import Foundation
import Testing

/// `dispatch search TEXT [--type] [--limit] [--json]` and `dispatch search --rebuild`.
@Suite("search")
struct SearchCommandTests {
  private struct Hit: Decodable, Equatable {
    struct Match: Decodable, Equatable {
      var question: String?
      var snippet: String
    }
    var type: String
    var id: String
    var date: String?
    var question: String?
    var snippet: String
    var matches: [Match]
    var score: Double
  }

  private func sandbox() throws -> CLISandbox {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    try cli.succeed(["report", "-a", "Who are you with?=José"])
    try cli.succeed(["report", "-a", "Who are you with?=Maya"])
    return cli
  }

  @Test func jsonGivesStableKeysAndTheQuestion() throws {
    let cli = try sandbox()
    let hits = try cli.succeed(["search", "jose", "--type", "report", "--json"]).json([Hit].self)
    #expect(hits.count == 1)
    let hit = try #require(hits.first)
    #expect(hit.type == "report")
    #expect(hit.question == "Who are you with?")
    #expect(hit.snippet == "«José»")
    #expect(hit.matches == [Hit.Match(question: "Who are you with?", snippet: "«José»")])
    #expect(hit.date?.hasPrefix("2026-03-04T") == true)
    let people = try cli.succeed(["search", "JOSE", "--type", "person", "--json"])
      .json([Hit].self)
    #expect(people.map(\.type) == ["person"])
    #expect(people.first?.date == nil)
  }

  @Test func terminalOutputMarksMatchesAndSaysWhenNothingMatches() throws {
    let cli = try sandbox()
    let lines = try cli.succeed(["search", "maya", "--type", "report"]).stdoutLines
    #expect(lines.count == 2)
    #expect(lines.last == "  Who are you with?: «Maya»")
    let none = try cli.succeed(["search", "zebra"])
    #expect(none.stdout == "Nothing matches 'zebra'.\n")
    #expect(try cli.succeed(["search", "zebra", "--json"]).stdout == "[]\n")
    #expect(try cli.succeed(["search", "NEAR(", "\"open"]).status == 0)
  }

  @Test func badInputIsAUsageError() throws {
    let cli = try sandbox()
    try cli.fail(["search"], status: 64, message: "nothing to search for")
    try cli.fail(["search", "*", "--"], status: 64, message: "nothing to search for")
    try cli.fail(
      ["search", "maya", "--type", "reprt"], status: 64, message: "did you mean 'report'")
    try cli.fail(["search", "maya", "--limit", "0"], status: 64, message: "--limit")
    try cli.fail(["search", "maya", "--rebuild"], status: 64, message: "not both")
  }

  @Test func rebuildCountsTheRecordsAndHelpDescribesTheSyntax() throws {
    let cli = try sandbox()
    let rebuilt = try cli.succeed(["search", "--rebuild"]).stdout
    #expect(rebuilt.hasPrefix("Rebuilt the search index: "))
    #expect(
      try cli.succeed(["search", "maya", "--type", "report", "--json"]).json([Hit].self)
        .count == 1)
    let help = try cli.succeed(["search", "--help"]).stdout
    #expect(help.contains("--rebuild"))
    #expect(help.contains("--type TYPE"))
  }

  @Test func aMissingStoreIsMissingInput() throws {
    let cli = try CLISandbox()
    try cli.fail(["search", "maya"], status: 66, message: "no store")
  }
}
