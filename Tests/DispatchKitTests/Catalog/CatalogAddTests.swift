import DispatchKit
import Testing

@testable import DispatchStorage

/// `addCatalogSet`: dedupe by normalized prompt against stored questions
/// (docs/catalog.md#prompt-identity), idempotence, one transaction.
struct CatalogAddTests {
  let store: DispatchStore

  init() throws {
    store = try DispatchStore(
      environment: RunEnvironment(clock: SystemWallClock(), ids: SequentialIDGenerator(prefix: "Q"))
    )
    try store.questions.seedDefaultQuestionsIfEmpty()
  }

  static func set(_ questions: [CatalogQuestion], id: String = "s") -> CatalogSet {
    CatalogSet(id: id, title: "T", summary: "S", questions: questions)
  }

  @Test func `questions already asked are skipped and the rest appended in order`() throws {
    let set = try #require(try StarterCatalog.index().set(id: "sleep"))
    let result = try store.questions.addCatalogSet(set, environment: store.environment)
    #expect(result.skipped.map(\.prompt) == ["How did you sleep?"])
    #expect(result.skipped.first?.existingID == "86E9C690-11B4-569E-8D0A-E6C4877CA99A")
    #expect(result.added.map(\.id) == ["Q-0001", "Q-0002", "Q-0003", "Q-0004", "Q-0005", "Q-0006"])
    let stored = try store.questions.list()
    #expect(stored.count == 7 + 6)
    #expect(stored.suffix(6).map(\.prompt) == set.questions.dropFirst().map(\.prompt))
    #expect(stored.suffix(6).map(\.sortOrder) == Array(7...12))
  }

  @Test func `adding the same set twice adds nothing the second time`() throws {
    let set = try #require(try StarterCatalog.index().set(id: "mood"))
    let first = try store.questions.addCatalogSet(set, environment: store.environment)
    let count = try store.questions.list().count
    let second = try store.questions.addCatalogSet(set, environment: store.environment)
    #expect(first.added.count == 6 && second.added.isEmpty && second.skipped.count == 6)
    #expect(try store.questions.list().count == count)
  }

  @Test func `dedupe ignores case, spacing, curly quotes and final punctuation`() throws {
    let set = Self.set([
      CatalogQuestion(prompt: "are you   WORKING", type: .yesNo),
      CatalogQuestion(prompt: "Who\u{2019}s with you?", type: .people),
    ])
    _ = try store.questions.addCatalogSet(
      Self.set([CatalogQuestion(prompt: "Who's with you!", type: .people)], id: "first"),
      environment: store.environment)
    let result = try store.questions.addCatalogSet(set, environment: store.environment)
    #expect(result.added.isEmpty)
    #expect(result.skipped.map(\.existingPrompt) == ["Are you working?", "Who's with you!"])
  }

  @Test func `a dry run reports the same and changes nothing`() throws {
    let set = try #require(try StarterCatalog.index().set(id: "work"))
    let before = try store.questions.list()
    let dry = try store.questions.addCatalogSet(set, dryRun: true, environment: store.environment)
    #expect(dry.isDryRun && dry.added.count == 6)
    #expect(try store.questions.list() == before)
  }

  @Test func `tags place questions in the wake, sleep or regular survey`() throws {
    let result = try store.questions.addCatalogSet(
      Self.set([
        CatalogQuestion(prompt: "A", type: .note, tags: ["wake"]),
        CatalogQuestion(prompt: "B", type: .note, tags: ["sleep", "day"]),
        CatalogQuestion(prompt: "C", type: .note),
      ]), environment: store.environment)
    #expect(result.added.map(\.reportKinds) == [[.wake], [.regular, .sleep], [.regular]])
  }

  @Test func `an invalid set adds nothing and names every problem`() throws {
    let before = try store.questions.list()
    let set = Self.set([
      CatalogQuestion(prompt: "Fine", type: .note),
      CatalogQuestion(prompt: "Pick", type: .multipleChoice, choices: ["only"]),
    ])
    let error = #expect(throws: CatalogError.self) {
      try store.questions.addCatalogSet(set, environment: store.environment)
    }
    #expect(
      error?.message
        == "cannot add the set: set 's' question 2 field 'choices': multiple choice needs 2 to 20 choices, not 1"
    )
    #expect(try store.questions.list() == before)
  }
}
