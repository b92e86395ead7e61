import Foundation

/// Pearson's product-moment correlation of paired samples, with two p-values and the Fisher z
/// confidence interval.
///
/// `p` is the exact t-test p-value SciPy's `pearsonr` reports: t = r√((n − 2)/(1 − r²)) on
/// n − 2 degrees of freedom. The drill-in (docs/insights.md#drill-in-rules) instead names its
/// p-value "Fisher z", so `fisherZP` gives that normal approximation, 2·P(Z > |atanh r|·√(n − 3));
/// the two agree closely from about 30 pairs and callers pick the one their copy cites.
public struct PearsonCorrelation: Sendable, Equatable {
  /// r, in −1...1.
  public var coefficient: Double
  /// The number of pairs.
  public var count: Int
  /// The two-sided t-test p-value (SciPy's `pearsonr`).
  public var p: Double
  /// The two-sided Fisher z p-value; nil below four pairs, where √(n − 3) is not positive.
  public var fisherZP: Double?
  /// tanh(atanh r ± z(1 − α/2)/√(n − 3)); nil below four pairs. At |r| = 1 both bounds are r.
  public var confidenceInterval: ConfidenceInterval?

  /// Correlates `x` with `y` pair by pair.
  ///
  /// Nil when the samples differ in length, have fewer than three pairs, hold a non-finite
  /// value, or either is constant (r is undefined), or when the level is not strictly between
  /// 0 and 1.
  public init?(_ x: [Double], _ y: [Double], confidence: Double = 0.95) {
    guard x.count == y.count, x.count >= 3,
      let z = ConfidenceInterval.normalCriticalValue(level: confidence),
      let r = Self.correlationCoefficient(x, y)
    else { return nil }
    let n = x.count
    coefficient = r
    count = n
    p = Self.tTestP(r, count: n)
    if n >= 4 {
      let error = 1 / Double(n - 3).squareRoot()
      let transformed = atanh(r)
      fisherZP = NormalDistribution.twoSidedP(transformed / error)
      confidenceInterval = ConfidenceInterval(
        lower: tanh(transformed - z * error), upper: tanh(transformed + z * error),
        level: confidence)
    } else {
      fisherZP = nil
      confidenceInterval = nil
    }
  }
}

extension PearsonCorrelation {
  /// r of equally long finite samples; nil if either is constant or a value is not finite.
  ///
  /// Deviations are divided by their largest magnitude before they are multiplied, so no
  /// product overflows, and the result is clamped to −1...1 against rounding (as SciPy does).
  static func correlationCoefficient(_ x: [Double], _ y: [Double]) -> Double? {
    guard let xMean = Descriptive.mean(x), let yMean = Descriptive.mean(y) else { return nil }
    let xDeviations = x.map { $0 - xMean }
    let yDeviations = y.map { $0 - yMean }
    let xScale = xDeviations.reduce(0) { Swift.max($0, abs($1)) }
    let yScale = yDeviations.reduce(0) { Swift.max($0, abs($1)) }
    guard xScale > 0, yScale > 0, xScale.isFinite, yScale.isFinite else { return nil }
    let u = xDeviations.map { $0 / xScale }
    let v = yDeviations.map { $0 / yScale }
    let cross = Descriptive.compensatedSum(zip(u, v).map { $0 * $1 })
    let uSquares = Descriptive.compensatedSum(u.map { $0 * $0 })
    let vSquares = Descriptive.compensatedSum(v.map { $0 * $0 })
    let r = cross / (uSquares * vSquares).squareRoot()
    guard r.isFinite else { return nil }
    return Swift.min(1, Swift.max(-1, r))
  }

  /// The two-sided p-value of r over n ≥ 3 pairs from t on n − 2 degrees of freedom, written
  /// as I_{1−r²}((n − 2)/2, ½) with 1 − r² = (1 − r)(1 + r) to keep |r| near 1 accurate.
  static func tTestP(_ r: Double, count: Int) -> Double {
    IncompleteBeta(x: (1 - r) * (1 + r), complement: r * r, a: Double(count - 2) / 2, b: 0.5)
      .lower
  }
}
