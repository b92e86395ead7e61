import DispatchKit
import Testing

/// Seeding, adding, moving and finding questions.
struct DispatchStoreQuestionsTests {
  let store: DispatchStore

  init() throws {
    store = try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 0)), ids: SequentialIDGenerator(prefix: "Q")))
  }

  private var sleepID: String { DefaultQuestions.id(slug: "how-did-you-sleep") }
  private var learnID: String { DefaultQuestions.id(slug: "what-did-you-learn") }

  // MARK: - Seeding

  @Test func `an empty store is seeded with the seven defaults once`() throws {
    #expect(try store.questions.seedDefaultQuestionsIfEmpty())
    #expect(try store.questions.list() == DefaultQuestions.all)
    #expect(try !store.questions.seedDefaultQuestionsIfEmpty())
    #expect(try store.questions.list().count == 7)
  }

  @Test func `a store with a report is not seeded`() throws {
    try store.reports.file(
      Report(
        id: "report", date: Instant(milliseconds: 0), timeZoneIdentifier: "UTC",
        utcOffsetSeconds: 0))
    #expect(try !store.questions.seedDefaultQuestionsIfEmpty())
    #expect(try store.questions.list().isEmpty)
  }

  @Test func `a store with a question is not seeded`() throws {
    try store.questions.addQuestion(Question(id: "", prompt: "Mood?", type: .number))
    #expect(try !store.questions.seedDefaultQuestionsIfEmpty())
    #expect(try store.questions.list().map(\.prompt) == ["Mood?"])
  }

  @Test func `questions round-trip with every field`() throws {
    let question = Question(
      id: "custom", prompt: "How anxious?", type: .number, sortOrder: 4, isEnabled: false,
      reportKinds: [.regular, .sleep, ReportKind(rawValue: "nap")], placeholder: "0 to 10",
      allowsMultipleSelectionSetting: false, inputStyle: .slider, inputMinimum: 0,
      inputMaximum: 10, inputStep: 0.5, defaultAnswer: "5", visualization: .graph,
      stateOfMindKind: "anxiety")
    try store.questions.addQuestion(question, appending: false)
    #expect(try store.questions.list() == [question])
  }

  @Test func `a text-field input style is stored as no style`() throws {
    try store.questions.addQuestion(
      Question(id: "n", prompt: "Count?", type: .number, inputStyle: .textField))
    #expect(try store.questions.list().first?.inputStyle == nil)
  }

  // MARK: - Adding

  @Test func `an added question goes last and gets an ID`() throws {
    try store.questions.seedDefaultQuestionsIfEmpty()
    let added = try store.questions.addQuestion(
      Question(id: "", prompt: "Mood?", type: .number, sortOrder: 99))
    #expect(added.id == "Q-0001")
    #expect(added.sortOrder == 7)
    #expect(try store.questions.list().last == added)
  }

  @Test func `the first question added to an empty store has sort order zero`() throws {
    let added = try store.questions.addQuestion(Question(id: "x", prompt: "Mood?", type: .number))
    #expect(added.sortOrder == 0)
  }

  @Test func `an invalid question is rejected with every problem`() throws {
    let draft = Question(id: "", prompt: " ", type: .multipleChoice, reportKinds: [])
    let error = #expect(throws: DispatchError.self) { try store.questions.addQuestion(draft) }
    #expect(error?.kind == .invalidValue)
    #expect(
      error?.message
        == "invalid question: the prompt is empty; "
        + "a multiple-choice question needs at least two choices; "
        + "the question appears in no survey (regular, wake or sleep)")
    #expect(try store.questions.list().isEmpty)
  }

  @Test func `a question with a taken ID is a conflict`() throws {
    try store.questions.seedDefaultQuestionsIfEmpty()
    let error = #expect(throws: DispatchError.self) {
      try store.questions.addQuestion(Question(id: sleepID, prompt: "Again?", type: .note))
    }
    #expect(error?.kind == .conflict)
    #expect(try store.questions.question(matching: sleepID).prompt == "How did you sleep?")
  }

  @Test func `updating changes the stored definition and rejects unknown IDs`() throws {
    try store.questions.seedDefaultQuestionsIfEmpty()
    var question = try store.questions.question(matching: sleepID)
    question.choices.append("Badly")
    try store.questions.updateQuestion(question)
    #expect(
      try store.questions.question(matching: sleepID).choices == ["Great", "OK", "Poorly", "Badly"])
    let error = #expect(throws: DispatchError.self) {
      try store.questions.updateQuestion(Question(id: "ghost", prompt: "Boo?", type: .note))
    }
    #expect(error?.kind == .unknownReference)
  }

  @Test func `removing a question renumbers the rest`() throws {
    try store.questions.seedDefaultQuestionsIfEmpty()
    try store.questions.removeQuestion(id: sleepID)
    let remaining = try store.questions.list()
    #expect(remaining.map(\.sortOrder) == Array(0..<6))
    #expect(remaining.map(\.id) == Array(DefaultQuestions.all.dropFirst().map(\.id)))
  }

  // MARK: - Moving

  @Test func `moving a question renumbers the survey order`() throws {
    try store.questions.seedDefaultQuestionsIfEmpty()
    try store.questions.moveQuestion(id: learnID, toPosition: 1)
    let ids = DefaultQuestions.all.map(\.id)
    let moved = try store.questions.list()
    #expect(moved.map(\.id) == [ids[6]] + ids[0..<6])
    #expect(moved.map(\.sortOrder) == Array(0..<7))

    try store.questions.moveQuestion(id: learnID, toPosition: 7)
    #expect(try store.questions.list().map(\.id) == ids)
  }

  @Test(arguments: [0, 8, -1])
  func `moving to a position outside the survey is invalid`(position: Int) throws {
    try store.questions.seedDefaultQuestionsIfEmpty()
    let error = #expect(throws: DispatchError.self) {
      try store.questions.moveQuestion(id: learnID, toPosition: position)
    }
    #expect(error?.kind == .invalidRequest)
    #expect(error?.message == "position must be between 1 and 7")
    #expect(try store.questions.list() == DefaultQuestions.all)
  }

  @Test func `moving an unknown question is an unknown reference`() throws {
    try store.questions.seedDefaultQuestionsIfEmpty()
    let error = #expect(throws: DispatchError.self) {
      try store.questions.moveQuestion(id: "ghost", toPosition: 1)
    }
    #expect(error?.kind == .unknownReference)
  }

  // MARK: - Finding

  @Test(arguments: [
    ("86E9C690-11B4-569E-8D0A-E6C4877CA99A", "How did you sleep?"),
    ("86e9", "How did you sleep?"),
    ("  6BCB574C ", "Are you working?"),
    ("Where are you?", "Where are you?"),
    ("WHO ARE YOU WITH?", "Who are you with?"),
    ("  what did you learn today?", "What did you learn today?"),
  ])
  func `a question is found by ID, prefix or prompt`(reference: String, prompt: String) throws {
    try store.questions.seedDefaultQuestionsIfEmpty()
    #expect(try store.questions.question(matching: reference).prompt == prompt)
  }

  @Test func `an exact prompt wins over a case-insensitive one`() throws {
    try store.questions.addQuestion(Question(id: "lower", prompt: "mood?", type: .number))
    try store.questions.addQuestion(Question(id: "upper", prompt: "Mood?", type: .number))
    #expect(try store.questions.question(matching: "Mood?").id == "upper")
    #expect(try store.questions.question(matching: "mood?").id == "lower")
    #expect(throws: DispatchError.self) { try store.questions.question(matching: "MOOD?") }
  }

  @Test func `a part of one prompt finds it, a part of several is refused`() throws {
    try store.questions.seedDefaultQuestionsIfEmpty()
    #expect(try store.questions.question(matching: "Doing?").prompt == "What are you doing?")
    #expect(try store.questions.question(matching: " learn ").prompt == "What did you learn today?")
    let error = #expect(throws: DispatchError.self) {
      try store.questions.question(matching: "today?")
    }
    #expect(error?.kind == .unknownReference)
    #expect(
      error?.message
        == "'today?' is part of 2 prompts: 'How many coffees did you have today?', "
        + "'What did you learn today?'; type more of one")
    // Two letters are too few to be a part.
    #expect(throws: DispatchError.self) { try store.questions.question(matching: "do") }
  }

  @Test(arguments: [
    (
      "How did you slep?",
      "no question matches 'How did you slep?'; did you mean 'How did you sleep?'?"
    ),
    ("86E", "no question matches '86E' (see 'dispatch questions list')"),
    (
      "Completely unrelated words",
      "no question matches 'Completely unrelated words' (see 'dispatch questions list')"
    ),
  ])
  func `a miss names the closest prompt when there is one`(reference: String, message: String)
    throws
  {
    try store.questions.seedDefaultQuestionsIfEmpty()
    let error = #expect(throws: DispatchError.self) {
      try store.questions.question(matching: reference)
    }
    #expect(error?.kind == .unknownReference)
    #expect(error?.message == message)
  }
}
