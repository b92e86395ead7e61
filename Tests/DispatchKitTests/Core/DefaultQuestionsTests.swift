import DispatchKit
import Testing

/// Dispatch's seven default questions (docs/formats/dispatch-v2.md#default-questions).
struct DefaultQuestionsTests {
  @Test(arguments: DefaultCase.all)
  func `each default question matches the documented table`(_ test: DefaultCase) throws {
    let question = try #require(
      DefaultQuestions.all.indices.contains(test.index)
        ? DefaultQuestions.all[test.index] : nil)
    #expect(question.id == test.uuid)
    #expect(DefaultQuestions.id(slug: test.slug) == test.uuid)
    #expect(DefaultQuestions.id(forLegacyID: "default-question-\(test.index)") == test.uuid)
    #expect(question.prompt == test.prompt)
    #expect(question.type == test.type)
    #expect(question.sortOrder == test.index)
    #expect(question.reportKinds == test.kinds)
    #expect(question.choices == test.choices)
    #expect(question.isEnabled)
    #expect(question.validationProblems().isEmpty)
  }

  @Test func `there are seven defaults in survey order`() {
    #expect(DefaultQuestions.all.count == 7)
    #expect(DefaultQuestions.all.map(\.sortOrder) == Array(0..<7))
    #expect(DefaultQuestions.all.map(\.id) == DefaultCase.all.map(\.uuid))
  }

  @Test func `the sleep question offers one of three answers on waking`() throws {
    let sleep = try #require(DefaultQuestions.all.first)
    #expect(!sleep.allowsMultipleSelection)
    #expect(sleep.appears(in: .wake))
    #expect(!sleep.appears(in: .regular))
  }

  @Test func `the legacy working question maps to its UUID`() {
    #expect(
      DefaultQuestions.id(forLegacyID: "default-question-1")
        == "6BCB574C-57B1-5593-B392-B7608B42FD92")
  }

  @Test(arguments: [
    "default-question-7", "default-question--1", "default-question-", "default-question-x",
    "default-question-01", "default-question-+1", " default-question-1",
    "Default-Question-1", "86E9C690-11B4-569E-8D0A-E6C4877CA99A", "How did you sleep?", "",
  ])
  func `anything but a known legacy ID maps to nothing`(legacyID: String) {
    #expect(DefaultQuestions.id(forLegacyID: legacyID) == nil)
  }
}

extension DefaultQuestionsTests {
  /// One row of the default-question table.
  struct DefaultCase: Sendable, CustomTestStringConvertible {
    let index: Int
    let slug: String
    let prompt: String
    let type: QuestionType
    let kinds: [ReportKind]
    let choices: [String]
    let uuid: String

    var testDescription: String { slug }

    static let all: [DefaultCase] = [
      DefaultCase(
        index: 0, slug: "how-did-you-sleep", prompt: "How did you sleep?", type: .multipleChoice,
        kinds: [.wake], choices: ["Great", "OK", "Poorly"],
        uuid: "86E9C690-11B4-569E-8D0A-E6C4877CA99A"),
      DefaultCase(
        index: 1, slug: "are-you-working", prompt: "Are you working?", type: .yesNo,
        kinds: [.regular], choices: [], uuid: "6BCB574C-57B1-5593-B392-B7608B42FD92"),
      DefaultCase(
        index: 2, slug: "what-are-you-doing", prompt: "What are you doing?", type: .tokens,
        kinds: [.regular], choices: [], uuid: "73F32134-35A3-5994-9D2C-4924F589EF66"),
      DefaultCase(
        index: 3, slug: "where-are-you", prompt: "Where are you?", type: .location,
        kinds: [.regular], choices: [], uuid: "7F06307F-4AD8-52EB-867A-7216C4E84036"),
      DefaultCase(
        index: 4, slug: "who-are-you-with", prompt: "Who are you with?", type: .people,
        kinds: [.regular], choices: [], uuid: "9E55B97E-CFCC-5E2C-985B-458F9CFB41BB"),
      DefaultCase(
        index: 5, slug: "how-many-coffees", prompt: "How many coffees did you have today?",
        type: .number, kinds: [.regular], choices: [],
        uuid: "20F27A3B-709A-5E37-B4A2-F04C316891CF"),
      DefaultCase(
        index: 6, slug: "what-did-you-learn", prompt: "What did you learn today?", type: .note,
        kinds: [.regular], choices: [], uuid: "30FF77F6-D3C6-58CB-BEEF-17294FF32969"),
    ]
  }
}
