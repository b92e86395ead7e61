import DispatchKit
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// Rebuilding tokens, places and people from filed answers (docs/people.md#the-vocabulary).
struct VocabularyIndexTests {
  let store: DispatchStore
  private let reportIDs = SequentialIDGenerator(prefix: "report")

  init() throws {
    store = try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 0)), ids: SequentialIDGenerator()))
    try store.questions.seedDefaultQuestionsIfEmpty()
    try store.questions.addQuestion(Question(id: "q-extra", prompt: "What else?", type: .tokens))
  }

  /// Files one report answering prompts with token lists and an optional place.
  private func file(
    doing: [String]? = nil, with people: [String]? = nil, extra: [String]? = nil,
    place: String? = nil, isDraft: Bool = false
  ) throws {
    let id = reportIDs.makeID()
    func tokens(_ prompt: String, _ texts: [String]?) -> Response? {
      texts.map { texts in
        Response(
          id: "\(id)-\(prompt)", questionID: nil, questionPrompt: prompt,
          tokens: texts.enumerated().map { TokenValue(id: "\(id)-\(prompt)-\($0)", text: $1) })
      }
    }
    var responses = [
      tokens("What are you doing?", doing), tokens("Who are you with?", people),
      tokens("What else?", extra),
    ].compactMap { $0 }
    if let place {
      responses.append(
        Response(
          id: "\(id)-where", questionID: nil, questionPrompt: "Where are you?",
          location: LocationAnswer(text: place)))
    }
    try store.reports.file(
      Report(
        id: id, date: Instant(milliseconds: 0), timeZoneIdentifier: "UTC",
        utcOffsetSeconds: 0, isDraft: isDraft, responses: responses))
  }

  private func register(_ people: [Person]) throws {
    try store.database.write { db in
      for person in people { try person.save(db) }
    }
  }

  private func vocabulary() throws -> [String] {
    try store.database.rows(
      "SELECT kind, text, usage_count, question_count FROM vocabulary ORDER BY kind, text"
    ).map { row in
      "\(row.string(0) ?? "") \(row.string(1) ?? "") \(row.int(2) ?? -1)/\(row.int(3) ?? -1)"
    }
  }

  // MARK: - Rebuild

  @Test func `tokens and places are tallied by uses and distinct prompts`() throws {
    try file(doing: ["coffee", "work"], place: "Home")
    try file(doing: ["coffee"], extra: ["coffee", ""], place: "Home")
    try file(doing: ["Coffee"], place: "Office")
    #expect(
      try vocabulary() == [
        "place Home 2/1", "place Office 1/1", "token Coffee 1/1", "token coffee 3/2",
        "token work 1/1",
      ])
  }

  @Test func `draft reports are left out of the vocabulary`() throws {
    try file(doing: ["filed"], with: ["Ann"], place: "Home")
    try file(doing: ["drafted"], with: ["Ann", "Zed"], place: "Attic", isDraft: true)
    #expect(try vocabulary() == ["place Home 1/1", "token filed 1/1"])
    #expect(try store.people.list().map(\.displayName) == ["Ann"])
    #expect(try store.people.list().first?.usageCount == 1)
  }

  @Test func `names in people answers become people, not tokens`() throws {
    try file(with: ["Alex"])
    #expect(try vocabulary().isEmpty)
    let alex = try #require(try store.people.list().first)
    #expect(alex.displayName == "Alex")
    #expect(
      alex.id
        == DeterministicUUID.make(
          namespace: DeterministicUUID.importNamespace, name: "person|alex"))
    #expect(alex.usageCount == 1)
  }

  @Test func `aliases count toward the registry person`() throws {
    // docs/people.md#reference-vectors: [Bob], [Robert], [Robert, Alex] with Robert[Bob].
    try register([Person(id: "person-robert", displayName: "Robert", alternateNames: ["Bob"])])
    try file(with: ["Bob"])
    try file(with: ["Robert"])
    try file(with: ["Robert", "Alex"])
    let people = try store.people.list()
    let robert = try #require(people.first { $0.id == "person-robert" })
    #expect(robert.displayName == "Robert")
    #expect(robert.alternateNames == ["Bob"])
    #expect(robert.usageCount == 3)
    #expect(robert.questionCount == 1)
    let alex = try #require(people.first { $0.displayName == "Alex" })
    #expect(alex.usageCount == 1)
    #expect(people.count == 2)
  }

  @Test func `names match registry people ignoring case and accents`() throws {
    try register([Person(id: "person-jose", displayName: "José García")])
    try file(with: ["jose garcia"])
    try file(with: ["JOSÉ GARCÍA", "  José García  "])
    let people = try store.people.list()
    #expect(people.map(\.displayName) == ["José García"])
    #expect(people.first?.usageCount == 3)
  }

  @Test func `unused people go unless they carry aliases`() throws {
    try register([
      Person(id: "person-a", displayName: "Unused", usageCount: 4),
      Person(id: "person-b", displayName: "Renamed", alternateNames: ["Old"], usageCount: 4),
    ])
    // A filing that answers a people question recounts the registry.
    try file(with: ["Ann"])
    try store.reports.removeReport(id: "report-0001")
    let people = try store.people.list()
    #expect(people.map(\.displayName) == ["Renamed"])
    #expect(people.first?.usageCount == 0)
  }

  @Test func `making a question a people question moves its answers to the people`() throws {
    try file(extra: ["Ann", "tea"])
    #expect(try vocabulary() == ["token Ann 1/1", "token tea 1/1"])
    var extra = try store.questions.question(matching: "What else?")
    extra.type = .people
    try store.questions.updateQuestion(extra)
    #expect(try vocabulary().isEmpty)
    let people = try store.people.list().map(\.displayName)
    #expect(Set(people) == ["Ann", "tea"], "\(people)")
  }

  @Test func `removing a report updates the vocabulary`() throws {
    try file(doing: ["kept"])
    try file(doing: ["gone"], with: ["Ann"])
    try store.reports.removeReport(id: "report-0002")
    #expect(try vocabulary() == ["token kept 1/1"])
    #expect(try store.people.list().isEmpty)
  }

  // MARK: - Suggestions

  @Test func `prefix matches come before substring matches, then by usage`() throws {
    try file(doing: ["decaf coffee", "cocoa", "coffee", "tea"])
    try file(doing: ["decaf coffee", "cocoa"])
    try file(doing: ["decaf coffee"])
    #expect(
      try store.people.suggestions(for: .tokens, matching: "co") == [
        "cocoa", "coffee", "decaf coffee",
      ])
    #expect(try store.people.suggestions(for: .tokens, matching: "CO", limit: 1) == ["cocoa"])
    #expect(
      try store.people.suggestions(for: .tokens, matching: "")
        == ["decaf coffee", "cocoa", "coffee", "tea"])
    #expect(try store.people.suggestions(for: .tokens, matching: "xyz").isEmpty)
  }

  @Test(arguments: [QuestionType.tokens, .location, .people])
  func `a limit of zero suggests nothing`(type: QuestionType) throws {
    try register([Person(id: "person-ann", displayName: "Ann", alternateNames: ["Annie"])])
    try file(doing: ["coffee"], with: ["Ann"], place: "Home")
    #expect(try store.people.suggestions(for: type, matching: "", limit: 0).isEmpty)
    #expect(try store.people.suggestions(for: type, matching: "", limit: 1).count == 1)
  }

  @Test func `suggestions fold accents and ties sort by text`() throws {
    try file(doing: ["Café", "cake", "Cabbage"])
    #expect(
      try store.people.suggestions(for: .tokens, matching: "ca") == ["Cabbage", "Café", "cake"])
    #expect(try store.people.suggestions(for: .tokens, matching: "cafe") == ["Café"])
  }

  @Test func `place suggestions come from location answers`() throws {
    try file(doing: ["Homework"], place: "Home")
    try file(place: "Home")
    try file(place: "Gym")
    #expect(try store.people.suggestions(for: .location, matching: "") == ["Home", "Gym"])
    #expect(try store.people.suggestions(for: .location, matching: "ho") == ["Home"])
  }

  @Test func `people match any name but show the display name once`() throws {
    try register([
      Person(id: "person-robert", displayName: "Robert", alternateNames: ["Bob", "Bobby"])
    ])
    try file(with: ["Bob", "Boris"])
    try file(with: ["Bobby"])
    #expect(try store.people.suggestions(for: .people, matching: "bo") == ["Robert", "Boris"])
    #expect(try store.people.suggestions(for: .people, matching: "rob") == ["Robert"])
    #expect(try store.people.suggestions(for: .people, matching: "bo", limit: 1) == ["Robert"])
  }
}
