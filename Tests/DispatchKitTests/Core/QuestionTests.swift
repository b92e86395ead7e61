import DispatchKit
import Testing

/// Question definitions: validation and the defaults derived from the type.
struct QuestionTests {
  @Test(arguments: ValidationCase.all)
  func `validation lists every problem of a definition`(_ test: ValidationCase) {
    #expect(test.question.validationProblems() == test.problems)
  }

  @Test(arguments: [
    (QuestionType.multipleChoice, Bool?.none, true),
    (.yesNo, nil, false),
    (.tokens, nil, false),
    (.people, nil, false),
    (.multipleChoice, false, false),
    (.yesNo, true, true),
  ])
  func `multiple selection defaults to true only for multiple choice`(
    type: QuestionType, setting: Bool?, expected: Bool
  ) {
    let question = Question(
      id: "q", prompt: "P?", type: type, allowsMultipleSelectionSetting: setting)
    #expect(question.allowsMultipleSelection == expected)
  }

  @Test(arguments: [
    (QuestionType.yesNo, [String](), ["Yes", "No"]),
    (.yesNo, ["Sure", "Nope"], ["Sure", "Nope"]),
    (.multipleChoice, ["A", "B"], ["A", "B"]),
    (.multipleChoice, [], []),
    (.tokens, [], []),
  ])
  func `yes or no questions without choices offer Yes and No`(
    type: QuestionType, choices: [String], expected: [String]
  ) {
    let question = Question(id: "q", prompt: "P?", type: type, choices: choices)
    #expect(question.effectiveChoices == expected)
  }

  @Test(arguments: [
    (QuestionType.number, VisualizationStyle?.some(.graph), VisualizationStyle?.some(.graph)),
    (.number, .proportion, .graph),
    (.yesNo, nil, .proportion),
    (.multipleChoice, .frequency, .proportion),
    (.people, .frequency, .frequency),
    (.tokens, nil, .frequency),
    (.location, .graph, nil),
    (.note, nil, nil),
    (.time, nil, nil),
  ])
  func `an unsuitable chart style falls back to the type default`(
    type: QuestionType, chosen: VisualizationStyle?, expected: VisualizationStyle?
  ) {
    let question = Question(id: "q", prompt: "P?", type: type, visualization: chosen)
    #expect(question.effectiveVisualization == expected)
  }

  @Test func `a question appears only in its enabled survey kinds`() {
    let wake = Question(id: "q", prompt: "P?", type: .note, reportKinds: [.wake, .sleep])
    #expect(wake.appears(in: .wake))
    #expect(wake.appears(in: .sleep))
    #expect(!wake.appears(in: .regular))
    var disabled = wake
    disabled.isEnabled = false
    #expect(!disabled.appears(in: .wake))
  }

  @Test func `the number range comes from the style and the stored bounds`() {
    let plain = Question(id: "q", prompt: "P?", type: .number)
    #expect(plain.numberConfig == NumberInputConfig(minimum: 0, maximum: 10, step: 1))
    let slider = Question(
      id: "q", prompt: "P?", type: .number, inputStyle: .slider, inputMinimum: -5,
      inputMaximum: 5, inputStep: 0.5)
    #expect(slider.numberConfig == NumberInputConfig(minimum: -5, maximum: 5, step: 0.5))
  }
}

extension QuestionTests {
  /// A question definition and the problems validation must report, in order.
  struct ValidationCase: Sendable, CustomTestStringConvertible {
    let id: String
    let question: Question
    let problems: [String]

    var testDescription: String { id }

    static let all: [ValidationCase] = [
      ValidationCase(
        id: "valid tokens", question: Question(id: "q", prompt: "Doing?", type: .tokens),
        problems: []),
      ValidationCase(
        id: "valid number with style and default",
        question: Question(
          id: "q", prompt: "Coffees?", type: .number, inputStyle: .stepper, defaultAnswer: "0"),
        problems: []),
      ValidationCase(
        id: "valid yes/no without choices",
        question: Question(id: "q", prompt: "Working?", type: .yesNo), problems: []),
      ValidationCase(
        id: "empty prompt", question: Question(id: "q", prompt: "", type: .note),
        problems: ["the prompt is empty"]),
      ValidationCase(
        id: "blank prompt", question: Question(id: "q", prompt: "  \t ", type: .note),
        problems: ["the prompt is empty"]),
      ValidationCase(
        id: "multiple choice with one choice",
        question: Question(id: "q", prompt: "Sleep?", type: .multipleChoice, choices: ["Great"]),
        problems: ["a multiple-choice question needs at least two choices"]),
      ValidationCase(
        id: "multiple choice without choices",
        question: Question(id: "q", prompt: "Sleep?", type: .multipleChoice),
        problems: ["a multiple-choice question needs at least two choices"]),
      ValidationCase(
        id: "duplicate choices differing in case",
        question: Question(
          id: "q", prompt: "Sleep?", type: .multipleChoice, choices: ["Great", "OK", "great"]),
        problems: ["choice 'great' appears twice"]),
      ValidationCase(
        id: "yes/no with three choices",
        question: Question(id: "q", prompt: "Working?", type: .yesNo, choices: ["Y", "N", "M"]),
        problems: ["a yes/no question has exactly two choices, or none for Yes and No"]),
      ValidationCase(
        id: "choices on a number question",
        question: Question(id: "q", prompt: "Coffees?", type: .number, choices: ["1", "2"]),
        problems: ["only multiple-choice and yes/no questions have choices"]),
      ValidationCase(
        id: "input style on a non-number question",
        question: Question(id: "q", prompt: "Doing?", type: .tokens, inputStyle: .slider),
        problems: ["only number questions have an input style"]),
      ValidationCase(
        id: "default answer on a non-number question",
        question: Question(id: "q", prompt: "Doing?", type: .note, defaultAnswer: "x"),
        problems: ["only number questions have a default answer"]),
      ValidationCase(
        id: "no report kinds",
        question: Question(id: "q", prompt: "Doing?", type: .tokens, reportKinds: []),
        problems: ["the question appears in no survey (regular, wake or sleep)"]),
      ValidationCase(
        id: "several problems at once",
        question: Question(
          id: "q", prompt: "", type: .time, reportKinds: [], choices: ["a", "A"],
          inputStyle: .dial),
        problems: [
          "the prompt is empty", "only multiple-choice and yes/no questions have choices",
          "choice 'A' appears twice", "only number questions have an input style",
          "the question appears in no survey (regular, wake or sleep)",
        ]),
    ]
  }
}

/// Finding a question by a reference when two share a prompt.
struct QuestionMatchingAmbiguityTests {
  @Test func `two questions with one prompt are named by ID, not guessed`() throws {
    let first = Question(id: "AAAA1111-0000", prompt: "Mood?", type: .number)
    let second = Question(id: "BBBB2222-0000", prompt: "Mood?", type: .number)
    let error = #expect(throws: DispatchError.self) {
      try Question.match("Mood?", in: [first, second])
    }
    #expect(
      error?.message
        == "'Mood?' is the prompt of 2 questions; name one by its ID: AAAA1111, BBBB2222")
    #expect(try Question.match("BBBB2222", in: [first, second]).id == second.id)
    #expect(try Question.match("mood?", in: [first]).id == first.id)
  }
}
