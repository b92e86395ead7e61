/// A set of reports by position in the engine's sorted list: a bit per report, so the
/// intersections and counts of hundreds of signal pairs stay cheap over 10,000 reports.
struct ReportSet: Sendable, Hashable {
  private var words: [UInt64]

  /// An empty set for `capacity` reports.
  init(capacity: Int) {
    words = Array(repeating: 0, count: (capacity + 63) / 64)
  }

  var count: Int {
    words.reduce(0) { $0 + $1.nonzeroBitCount }
  }

  func contains(_ index: Int) -> Bool {
    words[index >> 6] & (1 << UInt64(index & 63)) != 0
  }

  mutating func insert(_ index: Int) {
    words[index >> 6] |= 1 << UInt64(index & 63)
  }

  mutating func formUnion(_ other: ReportSet) {
    for index in words.indices { words[index] |= other.words[index] }
  }

  func intersection(_ other: ReportSet) -> ReportSet {
    var result = self
    for index in result.words.indices { result.words[index] &= other.words[index] }
    return result
  }

  func subtracting(_ other: ReportSet) -> ReportSet {
    var result = self
    for index in result.words.indices { result.words[index] &= ~other.words[index] }
    return result
  }

  /// The number of reports in both sets, without building the intersection.
  func intersectionCount(_ other: ReportSet) -> Int {
    var total = 0
    for index in words.indices { total += (words[index] & other.words[index]).nonzeroBitCount }
    return total
  }

  /// The smallest member; nil when empty.
  var first: Int? {
    for (wordIndex, word) in words.enumerated() where word != 0 {
      return wordIndex * 64 + word.trailingZeroBitCount
    }
    return nil
  }

  /// The members in increasing order.
  var members: [Int] {
    var result: [Int] = []
    for (wordIndex, word) in words.enumerated() where word != 0 {
      var remaining = word
      while remaining != 0 {
        result.append(wordIndex * 64 + remaining.trailingZeroBitCount)
        remaining &= remaining - 1
      }
    }
    return result
  }
}
