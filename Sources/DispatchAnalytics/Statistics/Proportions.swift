/// Confidence intervals for a proportion and for a difference of two proportions.
///
/// The drill-in (docs/insights.md#drill-in-rules) shows binary × binary drill-ins as a rate
/// difference with a Newcombe (MOVER) interval built from a Wilson score interval per side. These
/// match statsmodels' `proportion_confint(method="wilson")` and
/// `confint_proportions_2indep(method="newcomb", compare="diff")`.
public enum Proportions {
  /// The Wilson score interval for `successes` out of `trials`.
  ///
  /// Unlike the Wald interval it stays inside 0...1 and is sensible at 0 or `trials`
  /// successes. Nil when `trials` is not positive, `successes` is outside 0...trials, or the
  /// level is not strictly between 0 and 1.
  public static func wilsonInterval(
    successes: Int, trials: Int, confidence: Double = 0.95
  ) -> ConfidenceInterval? {
    guard trials > 0, successes >= 0, successes <= trials,
      let z = ConfidenceInterval.normalCriticalValue(level: confidence)
    else { return nil }
    let n = Double(trials)
    let rate = Double(successes) / n
    let zSquared = z * z
    let denominator = 1 + zSquared / n
    let center = (rate + zSquared / (2 * n)) / denominator
    let halfWidth = z * (rate * (1 - rate) / n + zSquared / (4 * n * n)).squareRoot() / denominator
    // At 0 or n successes a bound is 0 or 1 exactly, which rounding would miss by an ulp.
    let lower = successes == 0 ? 0 : Swift.max(0, center - halfWidth)
    let upper = successes == trials ? 1 : Swift.min(1, center + halfWidth)
    return ConfidenceInterval(lower: lower, upper: upper, level: confidence)
  }

  /// Newcombe's hybrid score interval (his method 10, MOVER) for the difference of rates
  /// `successes1/trials1 − successes2/trials2`.
  ///
  /// Each side's Wilson interval gives its distances below and above its rate; the difference's
  /// bounds are the rate difference minus and plus the root sum of squares of the matching
  /// distances. Nil where either ``wilsonInterval(successes:trials:confidence:)`` is.
  public static func newcombeInterval(
    successes1: Int, trials1: Int, successes2: Int, trials2: Int, confidence: Double = 0.95
  ) -> ConfidenceInterval? {
    guard
      let first = wilsonInterval(successes: successes1, trials: trials1, confidence: confidence),
      let second = wilsonInterval(successes: successes2, trials: trials2, confidence: confidence)
    else { return nil }
    let firstRate = Double(successes1) / Double(trials1)
    let secondRate = Double(successes2) / Double(trials2)
    let difference = firstRate - secondRate
    let below = hypotenuse(firstRate - first.lower, second.upper - secondRate)
    let above = hypotenuse(first.upper - firstRate, secondRate - second.lower)
    return ConfidenceInterval(
      lower: difference - below, upper: difference + above, level: confidence)
  }

  private static func hypotenuse(_ a: Double, _ b: Double) -> Double {
    (a * a + b * b).squareRoot()
  }
}
