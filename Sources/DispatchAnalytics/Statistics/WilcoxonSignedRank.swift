/// The Wilcoxon signed-rank test of paired differences, two-sided.
///
/// The research design's within-day contrast (docs/insights.md#day-level-rules) runs it on
/// within-day differences (days with and without an exposure). Zeros are dropped before ranking
/// (SciPy's default `zero_method="wilcox"`), ties share average ranks, and the normal approximation
/// has the tie correction without a continuity correction (SciPy's default `correction=False`).
public struct WilcoxonSignedRank: Sendable, Equatable {
  /// min(T⁺, T⁻), the statistic SciPy reports for a two-sided test.
  public var statistic: Double
  /// T⁺, the sum of the ranks of |d| over positive differences.
  public var positiveRankSum: Double
  /// T⁻, the sum of the ranks over negative differences.
  public var negativeRankSum: Double
  /// The number of non-zero differences that were ranked.
  public var count: Int
  /// The number of zero differences that were dropped.
  public var zeroCount: Int
  /// The two-sided p-value.
  public var p: Double
  /// The method that produced `p`: `.exact` or `.asymptotic`, never `.automatic`.
  public var method: RankTestMethod
  /// The matched-pairs rank-biserial correlation (T⁺ − T⁻)/(T⁺ + T⁻), in −1...1.
  public var rankBiserial: Double

  /// Tests whether `differences` are symmetric about zero.
  ///
  /// `.automatic` follows SciPy: asymptotic above 50 differences (zeros included); otherwise
  /// exact without ties or zeros, exact (the sign-flip permutation SciPy enumerates) with them
  /// up to 13 differences, and asymptotic beyond. `.exact` yields nil when its table would be
  /// too large. Nil when no difference is non-zero or one is not finite.
  public init?(differences: [Double], method: RankTestMethod = .automatic) {
    guard differences.allSatisfy(\.isFinite) else { return nil }
    let nonZero = differences.filter { $0 != 0 }
    guard !nonZero.isEmpty, let ranked = RankedSample(nonZero.map { abs($0) }) else {
      return nil
    }
    var doubledPositive = 0
    var doubledNegative = 0
    for (difference, rank) in zip(nonZero, ranked.doubledRanks) {
      if difference > 0 { doubledPositive += rank } else { doubledNegative += rank }
    }
    positiveRankSum = Double(doubledPositive) / 2
    negativeRankSum = Double(doubledNegative) / 2
    statistic = Swift.min(positiveRankSum, negativeRankSum)
    count = nonZero.count
    zeroCount = differences.count - nonZero.count
    rankBiserial = (positiveRankSum - negativeRankSum) / (positiveRankSum + negativeRankSum)
    let clean = !ranked.hasTies && zeroCount == 0
    let useExact: Bool
    switch method {
    case .exact: useExact = true
    case .asymptotic: useExact = false
    case .automatic: useExact = differences.count <= 50 && (clean || differences.count <= 13)
    }
    if useExact,
      let exact = ExactRankDistribution.signFlipP(
        weights: ranked.doubledRanks, observed: doubledPositive)
    {
      p = exact
      self.method = .exact
    } else if method == .exact {
      return nil
    } else {
      p = Self.asymptoticP(positive: positiveRankSum, count: count, ranked: ranked)
      self.method = .asymptotic
    }
  }

  /// Tests the pairwise differences `first[i] − second[i]`; nil when the lengths differ.
  public init?(_ first: [Double], _ second: [Double], method: RankTestMethod = .automatic) {
    guard first.count == second.count else { return nil }
    self.init(differences: zip(first, second).map { $0 - $1 }, method: method)
  }

  /// z = (T⁺ − n(n + 1)/4) / √((n(n + 1)(2n + 1) − Σ(t³ − t)/2)/24), two-sided.
  private static func asymptoticP(positive: Double, count: Int, ranked: RankedSample) -> Double {
    let n = Double(count)
    let mean = n * (n + 1) / 4
    let variance = (n * (n + 1) * (2 * n + 1) - ranked.tieCorrection / 2) / 24
    guard variance > 0 else { return 1 }
    return NormalDistribution.twoSidedP((positive - mean) / variance.squareRoot()) ?? 1
  }
}
