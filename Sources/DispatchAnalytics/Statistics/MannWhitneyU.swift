/// The Mann–Whitney U test of two independent samples, two-sided, with its rank effect sizes.
///
/// The day-level engine (docs/insights.md#day-level-rules) uses it for a binary exposure at the
/// daily level, tie-corrected, with the rank-biserial correlation as the effect. Matches
/// `scipy.stats.mannwhitneyu(x, y)`: `u` is U of the first sample and the p-value comes from
/// max(U₁, U₂).
public struct MannWhitneyU: Sendable, Equatable {
  /// U₁ = R₁ − n₁(n₁ + 1)/2: how many (first, second) pairs have the first value larger,
  /// counting a tie as half.
  public var u: Double
  /// The two-sided p-value.
  public var p: Double
  /// The method that produced `p`: `.exact` or `.asymptotic`, never `.automatic`.
  public var method: RankTestMethod
  /// The common-language effect size U₁/(n₁n₂): P(X > Y) + ½P(X = Y) for a random pair.
  public var commonLanguageEffectSize: Double
  /// The rank-biserial correlation 2·CLES − 1, in −1...1; positive when the first sample
  /// tends to be larger.
  public var rankBiserial: Double

  /// Tests whether `first` and `second` come from the same distribution.
  ///
  /// `.automatic` follows SciPy: exact when one sample has at most 8 values and there are no
  /// ties, otherwise asymptotic. `.asymptotic` is the normal approximation with the tie
  /// correction and a continuity correction of ½; when every value is tied its variance is 0
  /// and the result is p = 1 (no evidence of a difference). `.exact` is the permutation
  /// distribution given the ranks (see ``RankTestMethod/exact``) and yields nil when that
  /// table would be too large (``ExactRankDistribution/workLimit``); `.automatic` then falls
  /// back to the approximation. Nil when a sample is empty or holds a NaN.
  public init?(_ first: [Double], _ second: [Double], method: RankTestMethod = .automatic) {
    guard !first.isEmpty, !second.isEmpty, let ranked = RankedSample(first + second) else {
      return nil
    }
    let n1 = Double(first.count)
    let n2 = Double(second.count)
    let doubledFirstSum = ranked.doubledRanks[..<first.count].reduce(0, +)
    let u1 = Double(doubledFirstSum) / 2 - n1 * (n1 + 1) / 2
    u = u1
    commonLanguageEffectSize = u1 / (n1 * n2)
    rankBiserial = 2 * commonLanguageEffectSize - 1
    var exactP: Double?
    if method == .exact || (method == .automatic && Swift.min(n1, n2) <= 8 && !ranked.hasTies) {
      exactP = Self.exactP(ranked, firstCount: first.count, doubledFirstSum: doubledFirstSum)
      if exactP == nil && method == .exact { return nil }
    }
    if let exactP {
      p = exactP
      self.method = .exact
    } else {
      p = Self.asymptoticP(u1: u1, n1: n1, n2: n2, tieCorrection: ranked.tieCorrection)
      self.method = .asymptotic
    }
  }

  /// The exact p-value, tabulating the rank sum of the smaller sample.
  private static func exactP(_ ranked: RankedSample, firstCount: Int, doubledFirstSum: Int)
    -> Double?
  {
    let secondCount = ranked.doubledRanks.count - firstCount
    let total = ranked.doubledRanks.reduce(0, +)
    let firstIsSmaller = firstCount <= secondCount
    return ExactRankDistribution.subsetSumP(
      weights: ranked.doubledRanks, chosenCount: firstIsSmaller ? firstCount : secondCount,
      observed: firstIsSmaller ? doubledFirstSum : total - doubledFirstSum)
  }

  /// The tie-corrected normal approximation with continuity correction, from max(U₁, U₂).
  private static func asymptoticP(u1: Double, n1: Double, n2: Double, tieCorrection: Double)
    -> Double
  {
    let n = n1 + n2
    let larger = Swift.max(u1, n1 * n2 - u1)
    let tieTerm = n > 1 ? tieCorrection / (n * (n - 1)) : 0
    let variance = n1 * n2 / 12 * ((n + 1) - tieTerm)
    guard variance > 0 else { return 1 }
    let z = (larger - n1 * n2 / 2 - 0.5) / variance.squareRoot()
    return Swift.min(1, 2 * (NormalDistribution.survival(z) ?? 0.5))
  }
}
