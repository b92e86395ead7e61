import Foundation

/// Spearman's rank correlation ρ with the t-approximation p-value and the Bonett–Wright
/// confidence interval.
///
/// The day-level engine (docs/insights.md#day-level-rules) uses it for numeric exposures at the
/// daily level. ρ is Pearson's r of the average ranks, so ties are handled as
/// `scipy.stats.spearmanr` handles them; the p-value is SciPy's, t = ρ√((n − 2)/(1 − ρ²)) on n − 2
/// degrees of freedom. The interval is Fisher's z with Bonett and Wright's standard error
/// √((1 + ρ²/2)/(n − 3)), which covers better than 1/√(n − 3) does for ranks.
public struct SpearmanCorrelation: Sendable, Equatable {
  /// ρ, in −1...1.
  public var coefficient: Double
  /// The number of pairs.
  public var count: Int
  /// The two-sided t-approximation p-value.
  public var p: Double
  /// The Bonett–Wright interval; nil below four pairs. At |ρ| = 1 both bounds are ρ.
  public var confidenceInterval: ConfidenceInterval?

  /// Rank-correlates `x` with `y` pair by pair.
  ///
  /// Nil when the samples differ in length, have fewer than three pairs, hold a NaN, or either
  /// is all ties (its ranks are constant), or when the level is not strictly between 0 and 1.
  /// Infinities are allowed: only their order matters.
  public init?(_ x: [Double], _ y: [Double], confidence: Double = 0.95) {
    guard x.count == y.count, x.count >= 3,
      let z = ConfidenceInterval.normalCriticalValue(level: confidence),
      let xRanks = Ranking.averageRanks(x), let yRanks = Ranking.averageRanks(y),
      let rho = PearsonCorrelation.correlationCoefficient(xRanks, yRanks)
    else { return nil }
    let n = x.count
    coefficient = rho
    count = n
    p = PearsonCorrelation.tTestP(rho, count: n)
    if n >= 4 {
      let error = ((1 + rho * rho / 2) / Double(n - 3)).squareRoot()
      let transformed = atanh(rho)
      confidenceInterval = ConfidenceInterval(
        lower: tanh(transformed - z * error), upper: tanh(transformed + z * error),
        level: confidence)
    } else {
      confidenceInterval = nil
    }
  }
}
