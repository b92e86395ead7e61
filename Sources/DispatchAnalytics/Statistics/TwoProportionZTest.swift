/// The two-proportion z-test with the pooled standard error, two-sided.
///
/// The drill-in (docs/insights.md#drill-in-rules) takes binary × binary p-values from it. The
/// standard error uses the pooled rate p = (x₁ + x₂)/(n₁ + n₂): √(p(1 − p)(1/n₁ + 1/n₂)), as
/// statsmodels' `proportions_ztest` with its default `prop_var=False`.
public struct TwoProportionZTest: Sendable, Equatable {
  /// successes1/trials1 − successes2/trials2.
  public var rateDifference: Double
  /// The pooled standard error of the difference under the null hypothesis.
  public var standardError: Double
  /// The z statistic, `rateDifference / standardError`.
  public var z: Double
  /// The two-sided p-value, 2·P(Z > |z|).
  public var p: Double

  /// Tests whether two rates differ.
  ///
  /// Nil when a trial count is not positive, a success count is outside 0...trials, or the
  /// pooled rate is 0 or 1 (every report agrees, so the standard error is 0 and z undefined).
  public init?(successes1: Int, trials1: Int, successes2: Int, trials2: Int) {
    guard trials1 > 0, trials2 > 0, successes1 >= 0, successes1 <= trials1, successes2 >= 0,
      successes2 <= trials2
    else { return nil }
    let pooled = Double(successes1 + successes2) / Double(trials1 + trials2)
    let error = (pooled * (1 - pooled) * (1 / Double(trials1) + 1 / Double(trials2)))
      .squareRoot()
    guard error > 0 else { return nil }
    let difference = Double(successes1) / Double(trials1) - Double(successes2) / Double(trials2)
    let z = difference / error
    guard let p = NormalDistribution.twoSidedP(z) else { return nil }
    self.rateDifference = difference
    self.standardError = error
    self.z = z
    self.p = p
  }
}
