/// Exact two-sided p-values of rank sums under permutation, for Mann–Whitney U and Wilcoxon.
///
/// Ranks enter doubled so that average ranks of ties are whole numbers; the distribution of a
/// rank sum is then a table over integer sums, built by dynamic programming in probabilities
/// (never in counts, which overflow). Only the smaller tail is tabulated, up to the observed
/// sum, so the cost is elements × sum (× subset size for Mann–Whitney), and p-values as small
/// as 1e−30 keep their relative precision. The two-sided p-value is
/// 2·min(P(S ≤ s), P(S ≥ s)), at most 1, as in SciPy's exact and permutation tests.
enum ExactRankDistribution {
  /// The most table cells a computation may touch (about a second in a debug build).
  static let workLimit = 30_000_000

  /// The p-value of `observed`, the sum of `chosenCount` of `weights` drawn at random without
  /// replacement; nil past ``workLimit``.
  static func subsetSumP(weights: [Int], chosenCount: Int, observed: Int) -> Double? {
    let total = weights.reduce(0, +)
    let largest = weights.max() ?? 0
    let smallest = weights.min() ?? 0
    // Mean of the sum is chosenCount × total / n; compare in integers.
    if observed * weights.count <= chosenCount * total {
      guard let tail = subsetSumTail(weights, chosenCount, observed) else { return nil }
      return twoSided(atMost: tail.atMost, atLeast: 1 - tail.atMost + tail.equal)
    }
    // Upper tail: reflect each weight w to (largest + smallest) − w, which maps a sum s of
    // chosenCount weights to chosenCount × (largest + smallest) − s.
    let pivot = largest + smallest
    let reflected = weights.map { pivot - $0 }
    let bound = chosenCount * pivot - observed
    guard let tail = subsetSumTail(reflected, chosenCount, bound) else { return nil }
    return twoSided(atMost: 1 - tail.atMost + tail.equal, atLeast: tail.atMost)
  }

  /// The p-value of `observed`, the sum of the weights of a random subset in which each weight
  /// is included with probability ½ (a sign flip of each difference); nil past ``workLimit``.
  static func signFlipP(weights: [Int], observed: Int) -> Double? {
    let total = weights.reduce(0, +)
    // The distribution is symmetric about total/2: P(S ≥ s) = P(S ≤ total − s).
    let bound = Swift.min(observed, total - observed)
    guard bound >= 0, weights.count * (bound + 1) <= workLimit else { return nil }
    var probabilities = [Double](repeating: 0, count: bound + 1)
    probabilities[0] = 1
    for weight in weights {
      if weight <= bound {
        for sum in stride(from: bound, through: weight, by: -1) {
          probabilities[sum] = 0.5 * probabilities[sum] + 0.5 * probabilities[sum - weight]
        }
      }
      for sum in 0..<Swift.min(weight, bound + 1) { probabilities[sum] *= 0.5 }
    }
    let lower = probabilities.reduce(0, +)
    return Swift.min(1, 2 * lower)
  }

  private static func twoSided(atMost: Double, atLeast: Double) -> Double {
    Swift.min(1, Swift.max(0, 2 * Swift.min(atMost, atLeast)))
  }

  /// P(S ≤ bound) and P(S = bound) for the sum S of a uniformly random `chosen`-subset.
  ///
  /// Adds one weight at a time: a random k-subset of the first j weights holds weight j with
  /// probability k/j, so table[k][s] becomes ((j − k)/j)·table[k][s] + (k/j)·table[k−1][s − w].
  private static func subsetSumTail(_ weights: [Int], _ chosen: Int, _ bound: Int)
    -> (atMost: Double, equal: Double)?
  {
    guard bound >= 0 else { return (0, 0) }
    let width = bound + 1
    guard weights.count * (chosen + 1) <= workLimit / width else { return nil }
    var table = [Double](repeating: 0, count: (chosen + 1) * width)
    table[0] = 1
    for (index, weight) in weights.enumerated() {
      let j = Double(index + 1)
      for k in stride(from: Swift.min(index + 1, chosen), through: 1, by: -1) {
        let keep = (j - Double(k)) / j
        let take = Double(k) / j
        let row = k * width
        let previous = (k - 1) * width
        if weight <= bound {
          for sum in stride(from: bound, through: weight, by: -1) {
            table[row + sum] = keep * table[row + sum] + take * table[previous + sum - weight]
          }
        }
        for sum in 0..<Swift.min(weight, width) { table[row + sum] *= keep }
      }
    }
    let last = chosen * width
    let atMost = table[last..<(last + width)].reduce(0, +)
    return (atMost, table[last + bound])
  }
}
