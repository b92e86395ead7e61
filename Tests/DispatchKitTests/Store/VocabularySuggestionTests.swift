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
