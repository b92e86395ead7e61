/// Suggestions for misspelled names ("did you mean").
public enum Suggestion {
  /// The Levenshtein distance between two strings, compared case-insensitively.
  public static func distance(_ a: String, _ b: String) -> Int {
    let left = Array(a.lowercased())
    let right = Array(b.lowercased())
    if left.isEmpty { return right.count }
    if right.isEmpty { return left.count }
    var previous = Array(0...right.count)
    var current = [Int](repeating: 0, count: right.count + 1)
    for i in 1...left.count {
      current[0] = i
      for j in 1...right.count {
        let cost = left[i - 1] == right[j - 1] ? 0 : 1
        current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      }
      swap(&previous, &current)
    }
    return previous[right.count]
  }

  /// The closest candidate within a distance proportional to the input's length, if any.
  public static func closest(to input: String, in candidates: [String]) -> String? {
    let limit = Swift.max(2, input.count / 3)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let d = distance(input, candidate)
      if d <= limit && (best == nil || d < best?.distance ?? Int.max) {
        best = (candidate, d)
      }
    }
    return best?.candidate
  }
}
