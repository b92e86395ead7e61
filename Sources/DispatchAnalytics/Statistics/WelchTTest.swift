import Foundation

/// Welch's unequal-variance t-test of two independent samples, two-sided, with the confidence
/// interval of the difference of means.
///
/// The drill-in (docs/insights.md#drill-in-rules) uses it for binary × numeric drill-ins: the
/// Welch–Satterthwaite degrees of freedom, the t CDF through the incomplete beta and the t quantile
/// by bisection. Matches `scipy.stats.ttest_ind(a, b, equal_var=False)` and its
/// `confidence_interval`.
public struct WelchTTest: Sendable, Equatable {
  /// mean(first) − mean(second).
  public var meanDifference: Double
  /// The standard error of the difference, √(s₁²/n₁ + s₂²/n₂) with sample variances.
  public var standardError: Double
  /// The t statistic, `meanDifference / standardError`.
  public var t: Double
  /// The Welch–Satterthwaite degrees of freedom (not a whole number in general).
  public var degreesOfFreedom: Double
  /// The two-sided p-value.
  public var p: Double
  /// meanDifference ± t(1 − α/2, df) × standardError.
  public var confidenceInterval: ConfidenceInterval

  /// Tests `first` against `second` at the given confidence level (default 0.95).
  ///
  /// Nil when either sample has fewer than two values, when both have zero variance (t is
  /// undefined), when a value is not finite, when the level is not strictly between 0 and 1,
  /// or when a result would overflow.
  public init?(_ first: [Double], _ second: [Double], confidence: Double = 0.95) {
    guard first.count >= 2, second.count >= 2, ConfidenceInterval.isValid(level: confidence),
      let firstMean = Descriptive.mean(first), let secondMean = Descriptive.mean(second),
      let firstSD = Descriptive.sampleStandardDeviation(first),
      let secondSD = Descriptive.sampleStandardDeviation(second)
    else { return nil }
    // Per-group standard errors, combined as a hypotenuse so their squares never overflow.
    let firstError = firstSD / Double(first.count).squareRoot()
    let secondError = secondSD / Double(second.count).squareRoot()
    let error = (firstError * firstError + secondError * secondError).squareRoot()
    let standardError = error.isFinite ? error : hypot(firstError, secondError)
    let difference = firstMean - secondMean
    guard standardError > 0, standardError.isFinite, difference.isFinite else { return nil }
    // df = (v₁ + v₂)² / (v₁²/(n₁ − 1) + v₂²/(n₂ − 1)), in shares of v₁ + v₂ to avoid overflow.
    let firstShare = (firstError / standardError) * (firstError / standardError)
    let secondShare = (secondError / standardError) * (secondError / standardError)
    let degreesOfFreedom =
      1
      / (firstShare * firstShare / Double(first.count - 1) + secondShare * secondShare
        / Double(second.count - 1))
    let t = difference / standardError
    guard let p = StudentTDistribution.twoSidedP(t, degreesOfFreedom: degreesOfFreedom),
      let critical = StudentTDistribution.quantile(
        0.5 + confidence / 2, degreesOfFreedom: degreesOfFreedom),
      let interval = ConfidenceInterval(
        checkedLower: difference - critical * standardError,
        upper: difference + critical * standardError, level: confidence)
    else { return nil }
    self.meanDifference = difference
    self.standardError = standardError
    self.t = t
    self.degreesOfFreedom = degreesOfFreedom
    self.p = p
    self.confidenceInterval = interval
  }
}
