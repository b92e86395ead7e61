import DispatchKit
import Foundation
import Testing

extension CLISandbox {
  /// `questions list --json`, decoded.
  func questions() throws -> [QuestionJSON] {
    try succeed(["questions", "list", "--json"]).json([QuestionJSON].self)
  }

  /// `reports list --json` with `options`, decoded.
  func reports(_ options: [String] = []) throws -> [ReportJSON] {
    try succeed(["reports", "list", "--json"] + options).json([ReportJSON].self)
  }
}

/// `dispatch init`.
@Suite("init")
struct InitCommandTests {
  @Test func seedsTheSevenDefaultsOnce() throws {
    let cli = try CLISandbox()
    let first = try cli.succeed(["init"])
    #expect(
      first.stdout == """
        Created \(cli.defaultStore) with the 7 default questions.
        Next: 'dispatch report' to file your first report.

        """)
    #expect(first.stderr.isEmpty)
    let questions = try cli.questions()
    #expect(questions.map(\.id) == DefaultQuestions.all.map(\.id))
    #expect(questions.map(\.prompt) == DefaultQuestions.all.map(\.prompt))
    #expect(
      questions.map(\.type) == [
        "multipleChoice", "yesNo", "tokens", "location", "people", "number", "note",
      ])
    #expect(questions.map(\.sortOrder) == Array(0..<7))
    #expect(questions.allSatisfy { $0.enabled })
    #expect(questions[0].reportKinds == ["wake"])
    #expect(questions[0].choices == ["Great", "OK", "Poorly"])

    let before = try #require(cli.contents(cli.defaultStore))
    let second = try cli.succeed(["init"])
    #expect(
      second.stdout
        == "\(cli.defaultStore) is ready: 7 questions, 0 reports. Nothing changed.\n")
    #expect(cli.contents(cli.defaultStore) == before)
    #expect(try cli.questions() == questions)
  }

  @Test func jsonPrintsOnlyTheSummary() throws {
    let cli = try CLISandbox()
    let first = try cli.succeed(["init", "--json"])
    #expect(first.stderr.isEmpty)
    #expect(
      try first.json(InitJSON.self)
        == InitJSON(store: cli.defaultStore, seededDefaultQuestions: true, questions: 7, reports: 0)
    )
    try cli.succeed(["answer", "yes"])
    let second = try cli.succeed(["--json", "init"])
    #expect(
      try second.json(InitJSON.self)
        == InitJSON(
          store: cli.defaultStore, seededDefaultQuestions: false, questions: 7, reports: 1))
  }

  @Test func doesNotSeedAStoreThatHasQuestions() throws {
    let cli = try CLISandbox()
    try cli.succeed(["questions", "add", "Mood?", "--type", "number"])
    let result = try cli.succeed(["init", "--json"])
    #expect(try result.json(InitJSON.self).seededDefaultQuestions == false)
    #expect(try cli.questions().map(\.prompt) == ["Mood?"])
  }
}
