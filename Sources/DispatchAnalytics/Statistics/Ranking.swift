/// Ranks with ties shared out as averages, as Spearman's ρ, Mann–Whitney U and the Wilcoxon
/// signed-rank test need (`scipy.stats.rankdata` with `method="average"`).
public enum Ranking {
  /// The 1-based rank of each value in input order, tied values sharing the mean of the ranks
  /// they span: [10, 20, 10] ranks as [1.5, 3, 1.5]. Nil when a value is NaN (infinities rank
  /// as the extremes they are).
  public static func averageRanks(_ values: [Double]) -> [Double]? {
    guard let ranked = RankedSample(values) else { return nil }
    return ranked.doubledRanks.map { Double($0) / 2 }
  }
}

/// A sample's average ranks kept exactly: twice each rank is a whole number (a tie spanning
/// positions i...j has rank (i + j)/2), so rank sums and exact null distributions can work in
/// integers without rounding.
struct RankedSample {
  /// Twice the 1-based average rank of each value, in input order.
  var doubledRanks: [Int]
  /// The size of every group of equal values larger than one.
  var tieSizes: [Int]

  /// Ranks `values`; nil when one is NaN.
  init?(_ values: [Double]) {
    guard !values.contains(where: \.isNaN) else { return nil }
    let order = values.indices.sorted { values[$0] < values[$1] }
    var doubled = [Int](repeating: 0, count: values.count)
    var ties: [Int] = []
    var start = 0
    while start < order.count {
      var end = start + 1
      while end < order.count && values[order[end]] == values[order[start]] { end += 1 }
      // Positions start+1 ... end (1-based) share rank (start + 1 + end) / 2.
      for position in start..<end { doubled[order[position]] = start + 1 + end }
      if end - start > 1 { ties.append(end - start) }
      start = end
    }
    doubledRanks = doubled
    tieSizes = ties
  }

  /// Whether any two values were equal.
  var hasTies: Bool { !tieSizes.isEmpty }

  /// Σ (t³ − t) over the tie groups: the tie correction of rank-test variances.
  var tieCorrection: Double {
    tieSizes.reduce(0) { $0 + Double($1) * Double($1) * Double($1) - Double($1) }
  }
}
