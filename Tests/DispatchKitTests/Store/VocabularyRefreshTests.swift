import DispatchKit
import Testing

@testable import DispatchCore
@testable import DispatchStorage

/// Filing one report recounts only the vocabulary entries it had or has: after every filing in
/// a random sequence (new reports, replacements, drafts, people, places, texts shared between
/// questions) the vocabulary and the people registry equal a full rebuild's.
struct VocabularyRefreshTests {
  private static let words = ["tea", "coding", "Maya", "maya", "Bob", "gym", "", "Café"]
  private static let places = ["Home", "Office", "home", ""]

  /// A small deterministic generator (xorshift), so a failure replays.
  private struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return Int(state % UInt64(bound))
    }
    mutating func words(_ count: Int) -> [String] {
      (0..<next(count + 1)).map { _ in
        VocabularyRefreshTests.words[next(VocabularyRefreshTests.words.count)]
      }
    }
  }

  private func snapshot(_ store: DispatchStore) throws -> [String] {
    let vocabulary = try store.database.rows(
      "SELECT kind, text, usage_count, question_count FROM vocabulary ORDER BY kind, text")
    let people = try store.database.rows(
      "SELECT id, display_name, usage_count, question_count FROM people ORDER BY id")
    let names = try store.database.rows(
      "SELECT person_id, name FROM person_names ORDER BY person_id, name")
    return (vocabulary + people + names).map { row in
      row.values.map { "\($0)" }.joined(separator: "|")
    }
  }

  private func makeStore() throws -> DispatchStore {
    let store = try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 0)), ids: SequentialIDGenerator()))
    try store.questions.seedDefaultQuestionsIfEmpty()
    try store.questions.addQuestion(Question(id: "q-extra", prompt: "What else?", type: .tokens))
    return store
  }

  @Test(arguments: [1, 7, 42])
  func `a filing's refresh equals a full rebuild`(seed: UInt64) throws {
    let store = try makeStore()
    var generator = Generator(state: seed &* 0x9E37_79B9_7F4A_7C15 | 1)
    for step in 0..<60 {
      try store.reports.file(randomReport(step: step, &generator))
      let refreshed = try snapshot(store)
      try store.database.write { db in try VocabularyIndex.rebuild(db) }
      #expect(try snapshot(store) == refreshed, "seed \(seed), step \(step)")
    }
  }

  /// The server's batches: reports filed together adjust the vocabulary once, at the end,
  /// including a report filed twice in one batch and batches of one.
  @Test(arguments: [3, 11, 99])
  func `reports filed together refresh as a full rebuild does`(seed: UInt64) throws {
    let store = try makeStore()
    var generator = Generator(state: seed &* 0x9E37_79B9_7F4A_7C15 | 1)
    var step = 0
    for batch in 0..<12 {
      try store.write { tx in
        try tx.fileReportsTogether {
          for _ in 0...generator.next(8) {
            try tx.file(randomReport(step: step, &generator))
            step += 1
          }
        }
      }
      let refreshed = try snapshot(store)
      try store.database.write { db in try VocabularyIndex.rebuild(db) }
      #expect(try snapshot(store) == refreshed, "seed \(seed), batch \(batch)")
    }
  }

  /// Half the time a report filed before (or earlier in the same batch) again, changed.
  private func randomReport(step: Int, _ generator: inout Generator) -> Report {
    let id = "report-\(generator.next(2) == 0 ? generator.next(step + 1) : step)"
    var responses: [Response] = []
    for prompt in ["What are you doing?", "Who are you with?", "What else?"] {
      let texts = generator.words(3)
      guard !texts.isEmpty else { continue }
      responses.append(
        Response(
          id: "\(id)-\(prompt)", questionID: nil, questionPrompt: prompt,
          tokens: texts.enumerated().map { TokenValue(id: "\(id)-\(prompt)-\($0)", text: $1) }))
    }
    if generator.next(3) == 0 {
      responses.append(
        Response(
          id: "\(id)-where", questionID: nil, questionPrompt: "Where are you?",
          location: LocationAnswer(text: Self.places[generator.next(Self.places.count)])))
    }
    return Report(
      id: id, date: Instant(milliseconds: Int64(step) * 60_000), timeZoneIdentifier: "UTC",
      utcOffsetSeconds: 0, isDraft: generator.next(5) == 0, responses: responses)
  }
}
