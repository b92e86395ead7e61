import DispatchKit
import Testing

@testable import DispatchStorage

/// Suggestions for an empty text rank only the most used entries (and every entry tied with
/// the last one needed): the same list as ranking the whole vocabulary, for any vocabulary.
struct VocabularySuggestionTests {
  @Test(arguments: [1, 2, 3, 4, 5])
  func anEmptyTextSuggestsWhatRankingEverythingWould(seed: UInt64) throws {
    let store = try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 0)), ids: SequentialIDGenerator()))
    let texts = ["tea", "Tea", "TEA", "coding", "Café", "cafe", "gym", "run", "Run", "email", "x"]
    var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    func next(_ bound: Int) -> Int {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return Int(state % UInt64(bound))
    }
    var entries: [(text: String, usage: Int)] = []
    try store.database.write { db in
      for text in texts where next(4) > 0 {
        let usage = next(4)
        entries.append((text, usage))
        try db.execute(
          "INSERT INTO vocabulary (kind, text, usage_count, question_count) VALUES ('token', ?, ?, 1)",
          [text, usage])
      }
    }
    for limit in 1...12 {
      let suggested = try store.search.vocabularySuggestions(.token, matching: "", limit: limit)
      #expect(suggested == VocabularyIndex.rank(entries, matching: "", limit: limit))
    }
  }
}

/// ``DispatchStore/memoized(_:_:)``: the survey page's suggestions are kept between pages,
/// and made again as soon as the store changes, through this connection or another.
struct StoreMemoTests {
  func addToken(_ text: String, to store: DispatchStore) throws {
    try store.database.write { db in
      try db.execute(
        "INSERT INTO vocabulary (kind, text, usage_count, question_count) VALUES ('token', ?, 1, 1)",
        [text])
    }
  }

  @Test func aMemoIsMadeAgainOnceAnyConnectionChangesTheStore() throws {
    let folder = try TemporaryDirectory()
    let path = folder.file("store.sqlite")
    let store = try DispatchStore(path: path, access: .write)
    let other = try DispatchStore(path: path, access: .write)
    var made = 0
    func suggestions() throws -> [String] {
      try store.memoized("test.tokens") {
        made += 1
        return try store.search.vocabularySuggestions(.token, matching: "", limit: 10)
      }
    }
    try addToken("tea", to: store)
    #expect(try suggestions() == ["tea"])
    #expect(try suggestions() == ["tea"])
    #expect(made == 1)
    try addToken("coding", to: store)
    #expect(try suggestions().sorted() == ["coding", "tea"])
    try addToken("gym", to: other)
    #expect(try suggestions().sorted() == ["coding", "gym", "tea"])
    #expect(made == 3)
    // Inside a transaction, which may yet roll back, it is made afresh and not kept.
    try store.write { _ in _ = try suggestions() }
    #expect(made == 4)
    #expect(try suggestions().count == 3)
    #expect(made == 4)
  }
}
