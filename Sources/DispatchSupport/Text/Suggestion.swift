/// Suggestions for misspelled names ("did you mean").
public enum Suggestion {
  /// The edit distance between two strings, compared case-insensitively: insertions,
  /// deletions, substitutions and swaps of adjacent characters each cost one (optimal string
  /// alignment), so the common typo "cvs" is one step from "csv".
  public static func distance(_ a: String, _ b: String) -> Int {
    let left = Array(a.lowercased())
    let right = Array(b.lowercased())
    if left.isEmpty { return right.count }
    if right.isEmpty { return left.count }
    var rows = [[Int]](
      repeating: [Int](repeating: 0, count: right.count + 1), count: left.count + 1)
    for i in 0...left.count { rows[i][0] = i }
    for j in 0...right.count { rows[0][j] = j }
    for i in 1...left.count {
      for j in 1...right.count {
        let cost = left[i - 1] == right[j - 1] ? 0 : 1
        var best = Swift.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
        if i > 1, j > 1, left[i - 1] == right[j - 2], left[i - 2] == right[j - 1] {
          best = Swift.min(best, rows[i - 2][j - 2] + 1)
        }
        rows[i][j] = best
      }
    }
    return rows[left.count][right.count]
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
