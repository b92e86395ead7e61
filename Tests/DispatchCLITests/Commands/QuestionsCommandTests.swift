import DispatchKit
import Foundation
import Testing

/// `dispatch questions list|add|edit|remove|enable|disable|move`.
@Suite("questions")
struct QuestionsCommandTests {
  static let caseNames: Set<String> = [
    "tokens", "multipleChoice", "yesNo", "location", "people", "number", "note", "time",
  ]

  @Test func listJSONHasEveryQuestionInSortOrderThenID() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    try cli.succeed(["questions", "disable", "What did you learn today?"])
    // Two questions sharing sort order 2 with the stored defaults: ties break by ID.
    do {
      let store = try DispatchStore(path: cli.defaultStore, access: .write)
      for id in ["ZZ-TIE", "00-TIE"] {
        try store.questions.addQuestion(
          Question(id: id, prompt: "Tie \(id)?", type: .time, sortOrder: 2), appending: false)
      }
    }
    let questions = try cli.questions()
    #expect(questions.count == 9)
    let sorted = questions.sorted { ($0.sortOrder, $0.id) < ($1.sortOrder, $1.id) }
    #expect(questions.map(\.id) == sorted.map(\.id))
    #expect(
      questions.filter { $0.sortOrder == 2 }.map(\.id)
        == ["00-TIE", DefaultQuestions.all[2].id, "ZZ-TIE"])
    #expect(questions.first { $0.prompt == "What did you learn today?" }?.enabled == false)
    #expect(questions.allSatisfy { Self.caseNames.contains($0.type) })
    #expect(questions.contains { $0.type == "time" })
  }

  @Test func listTextShowsPositionsDetailsAndDisabledQuestions() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    try cli.succeed(["questions", "disable", "Are you working?"])
    let result = try cli.succeed(["questions", "list"], environment: ["NO_COLOR": "1"])
    let lines = result.stdoutLines
    #expect(lines.count == 14)
    #expect(lines[0] == "  1. How did you sleep?")
    #expect(
      lines[1]
        == "     multipleChoice · Great/OK/Poorly · wake · \(DefaultQuestions.all[0].id.prefix(8))")
    #expect(lines[2] == "  2. Are you working? (disabled)")
    #expect(lines[3] == "     yesNo · \(DefaultQuestions.all[1].id.prefix(8))")
    #expect(lines[12] == "  7. What did you learn today?")
    #expect(try cli.succeed(["questions"]).stdout == result.stdout)
  }

  @Test func listOfAnEmptyStore() throws {
    let cli = try CLISandbox()
    _ = try DispatchStore(path: cli.path("empty.sqlite"), access: .write)
    let text = try cli.succeed(["questions", "list", "--store", cli.path("empty.sqlite")])
    #expect(text.stdout.hasPrefix("No questions yet."))
    let json = try cli.succeed(["questions", "list", "--json", "--store", cli.path("empty.sqlite")])
    #expect(json.stdout == "[]\n")
  }

  @Test func addAppendsWithTypeAndOptions() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    let text = try cli.succeed([
      "questions", "add", "Energy?", "--type", "multipleChoice", "--choices", "Low,Medium,High",
      "--id", "ENERGY-1",
    ])
    #expect(text.stdout == "Added 'Energy?' (multipleChoice, position 8) · ENERGY-1\n")
    let json = try cli.succeed([
      "questions", "add", "How happy are you?", "--type", "number", "--style", "slider", "--min",
      "1", "--max", "10", "--kinds", "wake,sleep", "--json",
    ])
    #expect(json.stderr.isEmpty)
    let added = try json.json(QuestionJSON.self)
    #expect(added.type == "number")
    #expect(added.sortOrder == 8)
    #expect(added.reportKinds == ["wake", "sleep"])
    let questions = try cli.questions()
    #expect(questions.suffix(2).map(\.prompt) == ["Energy?", "How happy are you?"])
    #expect(questions.first { $0.id == "ENERGY-1" }?.choices == ["Low", "Medium", "High"])
  }

  @Test("adding every type", arguments: caseNames.sorted())
  func addEveryType(type: String) throws {
    let cli = try CLISandbox()
    let choices = ["multipleChoice", "yesNo"].contains(type) ? ["--choices", "A,B"] : []
    let result = try cli.succeed(["questions", "add", "Q?", "--type", type, "--json"] + choices)
    #expect(try result.json(QuestionJSON.self).type == type)
  }

  struct BadDefinition: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let status: Int32
    let message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  @Test(
    "a bad definition is refused and nothing changes",
    arguments: [
      BadDefinition(arguments: ["Energy?"], status: 64, message: "missing --type"),
      BadDefinition(
        arguments: ["Energy?", "--type", "multipleChoise"], status: 64,
        message: "'multipleChoise' is not a question type; did you mean 'multipleChoice'?"),
      BadDefinition(
        arguments: ["Energy?", "--type", "frobnicate"], status: 64,
        message: "use one of tokens, multipleChoice"),
      BadDefinition(
        arguments: ["Energy?", "--type", "multipleChoice", "--choices", "Low"], status: 65,
        message: "needs at least two choices"),
      BadDefinition(
        arguments: ["Energy?", "--type", "note", "--kinds", "nap"], status: 64,
        message: "'nap' is not a survey kind"),
      BadDefinition(
        arguments: ["Energy?", "--type", "number", "--style", "knob"], status: 64,
        message: "'knob' is not a number input style"),
      BadDefinition(
        arguments: ["Energy?", "--type", "number", "--min", "low"], status: 64,
        message: "'low' is not valid for --min"),
      BadDefinition(
        arguments: [
          "Energy?", "--type", "multipleChoice", "--choices", "A,B", "--multiple", "--single",
        ],
        status: 64, message: "contradict"),
      BadDefinition(
        arguments: ["Energy?", "--type", "note", "--id", DefaultQuestions.all[0].id], status: 65,
        message: "already exists"),
    ])
  func addErrors(_ definition: BadDefinition) throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    let before = try #require(cli.contents(cli.defaultStore))
    try cli.fail(
      ["questions", "add"] + definition.arguments, status: definition.status,
      message: definition.message)
    #expect(cli.contents(cli.defaultStore) == before)
  }

  @Test func editChangesPromptAndChoicesAndKeepsTheID() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    try cli.succeed([
      "questions", "add", "Energy?", "--type", "multipleChoice", "--choices", "Low,High",
    ])
    let id = try #require(try cli.questions().last?.id)
    let result = try cli.succeed([
      "questions", "edit", "energy?", "--prompt", "Energy level?", "--choices", "Low,Medium,High",
    ])
    #expect(
      result.stdout == "Updated 'Energy level?' (multipleChoice, position 8) · \(id.prefix(8))\n")
    let edited = try #require(try cli.questions().last)
    #expect(edited.id == id)
    #expect(edited.prompt == "Energy level?")
    #expect(edited.choices == ["Low", "Medium", "High"])
    let json = try cli.succeed([
      "questions", "edit", "What did you learn today?", "--type", "tokens", "--json",
    ])
    #expect(try json.json(QuestionJSON.self).type == "tokens")
    #expect(try cli.questions()[6].type == "tokens")
  }

  @Test(
    "managing an unknown question exits 64",
    arguments: [
      ["edit", "Nope?", "--prompt", "X"], ["remove", "Nope?"], ["enable", "Nope?"],
      ["disable", "Nope?"], ["move", "Nope?", "1"],
    ])
  func unknownQuestion(arguments: [String]) throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    let before = try #require(cli.contents(cli.defaultStore))
    try cli.fail(["questions"] + arguments, status: 64, message: "no question matches 'Nope?'")
    #expect(cli.contents(cli.defaultStore) == before)
  }

  @Test func unknownQuestionSuggestsTheClosestPrompt() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    try cli.fail(
      ["questions", "disable", "Are you wroking?"], status: 64,
      message: "did you mean 'Are you working?'")
  }

  @Test func removeDeletesAndRenumbers() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    let result = try cli.succeed(["questions", "remove", "Where are you?"])
    #expect(result.stdout == "Removed 'Where are you?'. Its filed answers are kept.\n")
    let questions = try cli.questions()
    #expect(questions.count == 6)
    #expect(!questions.contains { $0.prompt == "Where are you?" })
    #expect(questions.map(\.sortOrder) == Array(0..<6))
  }

  @Test func disableAndEnable() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    let id = DefaultQuestions.all[5].id
    #expect(
      try cli.succeed(["questions", "disable", id]).stdout
        == "Disabled 'How many coffees did you have today?'.\n")
    #expect(try cli.questions()[5].enabled == false)
    // A disabled question is not part of a survey.
    try cli.fail(["report", "--answer", "\(id)=2"], status: 64, message: "is disabled")
    #expect(
      try cli.succeed(["questions", "enable", String(id.prefix(6))]).stdout
        == "Enabled 'How many coffees did you have today?'.\n")
    #expect(try cli.questions()[5].enabled == true)
    try cli.succeed(["report", "--answer", "\(id)=2"])
  }

  @Test func moveToAPosition() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    let result = try cli.succeed(["questions", "move", "Who are you with?", "1"])
    #expect(result.stdout == "Moved 'Who are you with?' to position 1.\n")
    let prompts = try cli.questions().map(\.prompt)
    #expect(
      prompts == [
        "Who are you with?", "How did you sleep?", "Are you working?", "What are you doing?",
        "Where are you?", "How many coffees did you have today?", "What did you learn today?",
      ])
    #expect(try cli.questions().map(\.sortOrder) == Array(0..<7))
  }

  @Test(
    "a bad position is refused",
    arguments: [
      ("x", Int32(64), "'x' is not a position"), ("9", 64, "between 1 and 7"),
      ("0", 64, "between 1 and 7"),
    ])
  func moveToABadPosition(position: String, status: Int32, message: String) throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    let before = try #require(cli.contents(cli.defaultStore))
    try cli.fail(
      ["questions", "move", "Where are you?", position], status: status, message: message)
    #expect(cli.contents(cli.defaultStore) == before)
  }
}
