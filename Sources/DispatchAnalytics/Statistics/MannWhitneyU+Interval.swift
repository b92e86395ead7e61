/// The confidence interval of Mann–Whitney's effect size, on the rank-biserial scale.
///
/// The day-level engine (docs/insights.md#day-level-rules) words a pattern's strength from the
/// end of this interval nearest zero, so the word never claims more than the days support. A
/// Wald interval (estimate ± z·SE) collapses to a point when every day of one group lies above
/// every day of the other, which is exactly when few days make the estimate least reliable; a
/// score interval does not.
extension MannWhitneyU {
  /// The interval of the rank-biserial correlation 2θ − 1, from a score interval of the
  /// common-language effect size θ = P(X > Y) + ½P(X = Y).
  ///
  /// θ's interval holds every value t with (θ̂ − t)² ≤ z²·V(t), where V is Hanley and McNeil's
  /// variance of θ̂ with t in place of θ̂ and both group sizes less one replaced by their mean
  /// less one, (m + n)/2 − 1:
  /// V(t) = t(1 − t)·[1 + k(1 − t)/(2 − t) + k·t/(1 + t)] / (m·n). This is the score form
  /// Newcombe (2006) recommends among his asymptotic intervals; each bound is found by
  /// bisection. Nil when a group is empty, θ̂ is outside 0…1 or the level is not strictly
  /// between 0 and 1.
  public static func rankBiserialInterval(
    commonLanguageEffectSize estimate: Double, firstCount: Int, secondCount: Int,
    confidence: Double = 0.95
  ) -> ConfidenceInterval? {
    guard firstCount > 0, secondCount > 0, estimate.isFinite, (0...1).contains(estimate),
      let z = ConfidenceInterval.normalCriticalValue(level: confidence)
    else { return nil }
    let m = Double(firstCount)
    let n = Double(secondCount)
    let k = (m + n) / 2 - 1
    func variance(_ t: Double) -> Double {
      t * (1 - t) * (1 + k * (1 - t) / (2 - t) + k * t / (1 + t)) / (m * n)
    }
    /// Positive outside the interval, at most zero inside it.
    func excess(_ t: Double) -> Double {
      (estimate - t) * (estimate - t) - z * z * variance(t)
    }
    let lower = boundary(inside: estimate, outside: 0, excess)
    let upper = boundary(inside: estimate, outside: 1, excess)
    return ConfidenceInterval(checkedLower: 2 * lower - 1, upper: 2 * upper - 1, level: confidence)
  }

  /// Bisects between a point inside the interval and an end of 0…1 for where `excess` turns
  /// positive; the end itself when it is inside too.
  private static func boundary(
    inside: Double, outside: Double, _ excess: (Double) -> Double
  ) -> Double {
    guard excess(outside) > 0 else { return outside }
    var (near, far) = (inside, outside)
    for _ in 0..<100 {
      let middle = (near + far) / 2
      if excess(middle) > 0 { far = middle } else { near = middle }
      if abs(far - near) < 1e-12 { break }
    }
    return (near + far) / 2
  }
}
