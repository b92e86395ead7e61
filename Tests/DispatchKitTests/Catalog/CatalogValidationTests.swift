import DispatchKit
import Testing

/// One test per rule of docs/catalog.md#validation, plus the rules this format adds.
struct CatalogValidationTests {
  static func reasons(_ question: CatalogQuestion) -> [String] {
    CatalogValidation.problems(question.normalized()).map(\.reason)
  }

  static func fields(_ question: CatalogQuestion) -> [String?] {
    CatalogValidation.problems(question.normalized()).map(\.field)
  }

  static let long = String(repeating: "x", count: 201)

  @Test func `a valid question has no problems`() {
    let question = CatalogQuestion(
      prompt: "Mood?", type: .multipleChoice, choices: ["Up", "Down"], credit: "Ada")
    #expect(Self.reasons(question) == [])
  }

  @Test func `the prompt is trimmed and must not be empty`() {
    #expect(Self.reasons(CatalogQuestion(prompt: " \n ", type: .note)) == ["the prompt is empty"])
    #expect(CatalogQuestion(prompt: "  Hi  ", type: .note).normalized().prompt == "Hi")
  }

  @Test func `the prompt is at most 200 characters`() {
    let ok = CatalogQuestion(prompt: String(Self.long.dropLast()), type: .note)
    #expect(Self.reasons(ok) == [])
    #expect(
      Self.reasons(CatalogQuestion(prompt: Self.long, type: .note))
        == ["the prompt is longer than 200 characters"])
  }

  @Test func `the type must be known`() throws {
    let text =
      #"{"id":"s","title":"T","summary":"S","questions":[{"prompt":"P","type":"hologram"}]}"#
    let error = #expect(throws: CatalogError.self) {
      try CatalogSet.parse(Array(text.utf8), file: "s.json")
    }
    #expect(error?.problems.map(\.field) == ["type"])
    #expect(
      error?.problems.first?.reason.hasPrefix("unknown type 'hologram'; use one of tokens") == true)
  }

  @Test func `multiple choice needs 2 to 20 choices`() {
    let one = CatalogQuestion(prompt: "P", type: .multipleChoice, choices: ["a"])
    #expect(Self.reasons(one) == ["multiple choice needs 2 to 20 choices, not 1"])
    let many = CatalogQuestion(
      prompt: "P", type: .multipleChoice, choices: (1...21).map { "c\($0)" })
    #expect(Self.reasons(many) == ["multiple choice needs 2 to 20 choices, not 21"])
    let twenty = CatalogQuestion(
      prompt: "P", type: .multipleChoice, choices: (1...20).map { "c\($0)" })
    #expect(Self.reasons(twenty) == [])
  }

  @Test func `each choice is non-empty after trimming`() {
    let question = CatalogQuestion(prompt: "P", type: .multipleChoice, choices: ["a", "  "])
    #expect(Self.reasons(question) == ["choice 2 is empty"])
  }

  @Test func `each choice is at most 60 characters`() {
    let question = CatalogQuestion(
      prompt: "P", type: .multipleChoice, choices: ["a", String(repeating: "b", count: 61)])
    #expect(Self.reasons(question) == ["choice 2 is longer than 60 characters"])
  }

  @Test func `choices are unique ignoring letter case`() {
    let question = CatalogQuestion(
      prompt: "P", type: .multipleChoice, choices: ["Yes", "no", "YES"])
    #expect(
      Self.reasons(question) == ["choice 'YES' repeats (choices differ by more than letter case)"])
  }

  @Test(arguments: [QuestionType.yesNo, .tokens, .number, .note, .time, .people, .location])
  func `only multiple choice has choices`(type: QuestionType) {
    let question = CatalogQuestion(prompt: "P", type: type, choices: ["a", "b"])
    #expect(Self.reasons(question) == ["only multiple-choice questions have choices"])
  }

  @Test func `the credit is at most 50 characters`() {
    let question = CatalogQuestion(
      prompt: "P", type: .note, credit: String(repeating: "c", count: 51))
    #expect(Self.reasons(question) == ["the credit is longer than 50 characters"])
    #expect(CatalogValidation.creditProblems(String(repeating: "c", count: 50)).isEmpty)
  }

  @Test func `a flag reason is 1 to 500 characters`() {
    #expect(CatalogValidation.reasonProblems("Typo in question 2").isEmpty)
    #expect(CatalogValidation.reasonProblems("   ").map(\.reason) == ["the reason is empty"])
    #expect(
      CatalogValidation.reasonProblems(String(repeating: "r", count: 501)).map(\.reason)
        == ["the reason is longer than 500 characters"])
    #expect(CatalogValidation.reasonProblems(String(repeating: "r", count: 500)).isEmpty)
  }

  @Test func `an input style only on number questions`() {
    let question = CatalogQuestion(prompt: "P", type: .tokens, inputStyle: .slider)
    #expect(Self.reasons(question) == ["only number questions have an input style"])
    #expect(Self.reasons(CatalogQuestion(prompt: "P", type: .number, inputStyle: .slider)) == [])
  }

  @Test func `a default answer only on number questions`() {
    let question = CatalogQuestion(prompt: "P", type: .yesNo, defaultAnswer: "Yes")
    #expect(Self.reasons(question) == ["only number questions have a default answer"])
  }

  @Test func `a default answer is at most 40 characters`() {
    let question = CatalogQuestion(
      prompt: "P", type: .number, defaultAnswer: String(repeating: "1", count: 41))
    #expect(Self.reasons(question) == ["the default answer is longer than 40 characters"])
  }

  @Test func `a placeholder is at most 100 characters, on any type`() {
    #expect(Self.reasons(CatalogQuestion(prompt: "P", type: .yesNo, placeholder: "Hint")) == [])
    let question = CatalogQuestion(
      prompt: "P", type: .note, placeholder: String(repeating: "p", count: 101))
    #expect(Self.reasons(question) == ["the placeholder is longer than 100 characters"])
  }

  @Test func `number ranges are checked and only on number questions`() {
    let backwards = CatalogQuestion(
      prompt: "P", type: .number, inputMin: 5, inputMax: 1, inputStep: 0)
    #expect(
      Self.reasons(backwards) == ["inputMin is not below inputMax", "inputStep is not above zero"])
    let misplaced = CatalogQuestion(prompt: "P", type: .note, inputMin: 1)
    #expect(Self.fields(misplaced) == ["inputMin"])
  }

  @Test func `all errors are returned together`() {
    let question = CatalogQuestion(
      prompt: Self.long, type: .tokens, choices: ["a"], credit: String(repeating: "c", count: 51),
      inputStyle: .dial, defaultAnswer: "1", placeholder: String(repeating: "p", count: 101))
    #expect(
      Self.fields(question) == [
        "prompt", "credit", "placeholder", "choices", "inputStyle", "defaultAnswer",
      ])
  }

  @Test func `normalized trims everything and empties optional texts to nil`() {
    let question = CatalogQuestion(
      prompt: " P ", type: .number, choices: [" a "], tags: [" Wake ", "", "wake"], credit: "  ",
      inputStyle: .textField, defaultAnswer: " ", placeholder: "\n"
    ).normalized()
    #expect(question.prompt == "P" && question.choices == ["a"] && question.tags == ["wake"])
    #expect(question.credit == nil && question.defaultAnswer == nil && question.placeholder == nil)
    #expect(question.inputStyle == nil)
  }

  @Test func `set fields: slug id, title, summary, language, version`() {
    let set = CatalogSet(
      id: "Bad ID", title: "", summary: "", language: "English", version: 0,
      questions: [CatalogQuestion(prompt: "P", type: .note)])
    #expect(
      CatalogValidation.problems(set.normalized()).map(\.field) == [
        "id", "title", "summary", "language", "version",
      ])
    #expect(CatalogValidation.isSlug("morning-mood-2"))
    #expect(!CatalogValidation.isSlug("morning--mood") && !CatalogValidation.isSlug("-a"))
  }
}
