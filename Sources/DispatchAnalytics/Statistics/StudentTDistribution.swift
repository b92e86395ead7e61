import Foundation

/// Student's t distribution with real (not only whole) degrees of freedom, as Welch's test
/// needs: CDF, survival, two-sided p-value and quantile.
///
/// As for the drill-in (docs/insights.md#drill-in-rules), the tails come from the regularized
/// incomplete beta function, P(|T| > t) = I_{ν/(ν+t²)}(ν/2, ½), and the quantile is found by
/// bisection on the CDF. Both x = ν/(ν+t²) and 1 − x = t²/(ν+t²) are formed as ratios so that
/// neither tail loses digits to cancellation.
public enum StudentTDistribution {
  /// P(T ≤ t) with `degreesOfFreedom` ν > 0; nil for NaN or ν ≤ 0 (ν = ∞ is the normal).
  public static func cdf(_ t: Double, degreesOfFreedom: Double) -> Double? {
    guard let tail = twoSidedTail(t, degreesOfFreedom) else { return nil }
    return t < 0 ? tail / 2 : 1 - tail / 2
  }

  /// P(T > t), computed directly in the upper tail; nil where ``cdf(_:degreesOfFreedom:)`` is.
  public static func survival(_ t: Double, degreesOfFreedom: Double) -> Double? {
    guard let tail = twoSidedTail(t, degreesOfFreedom) else { return nil }
    return t > 0 ? tail / 2 : 1 - tail / 2
  }

  /// The two-sided p-value P(|T| ≥ |t|), in 0...1; nil where ``cdf(_:degreesOfFreedom:)`` is.
  public static func twoSidedP(_ t: Double, degreesOfFreedom: Double) -> Double? {
    twoSidedTail(t, degreesOfFreedom)
  }

  /// The t with P(T ≤ t) = p, for p strictly between 0 and 1; nil otherwise or for ν ≤ 0.
  ///
  /// Bisects in the lower tail (mirroring p > ½), first doubling a bracket outward from ±1, and
  /// stops when the bracket is one or two ulps wide, so the result is as exact as the CDF.
  public static func quantile(_ p: Double, degreesOfFreedom: Double) -> Double? {
    guard p > 0, p < 1, degreesOfFreedom > 0, !degreesOfFreedom.isNaN else { return nil }
    if degreesOfFreedom.isInfinite { return NormalDistribution.quantile(p) }
    if p == 0.5 { return 0 }
    if p > 0.5 {
      return lowerQuantile(1 - p, degreesOfFreedom).map { -$0 }
    }
    return lowerQuantile(p, degreesOfFreedom)
  }

  /// t < 0 with P(T ≤ t) = p < ½, or nil if p is too small for a finite double.
  private static func lowerQuantile(_ p: Double, _ df: Double) -> Double? {
    func lowerTail(_ t: Double) -> Double {
      (twoSidedTail(t, df) ?? 0) / 2
    }
    var high = 0.0
    var low = -1.0
    while lowerTail(low) > p {
      high = low
      low *= 2
      guard low.isFinite else { return nil }
    }
    for _ in 0..<2_200 {
      let middle = low / 2 + high / 2
      if middle <= low || middle >= high { break }
      if lowerTail(middle) > p { high = middle } else { low = middle }
    }
    return low / 2 + high / 2
  }

  /// P(|T| ≥ |t|): I_x(ν/2, ½) with x = ν/(ν + t²); nil for NaN or ν ≤ 0.
  private static func twoSidedTail(_ t: Double, _ df: Double) -> Double? {
    guard !t.isNaN, !df.isNaN, df > 0 else { return nil }
    if df.isInfinite { return NormalDistribution.twoSidedP(t) }
    if t.isInfinite { return 0 }
    let square = t * t
    let sum = df + square
    let x: Double
    let complement: Double
    if sum.isFinite {
      x = df / sum
      complement = square / sum
    } else {
      // t² overflows: x = r/(1 + r) with r = ν/t², formed without squaring t.
      let ratio = df / abs(t) / abs(t)
      x = ratio / (1 + ratio)
      complement = 1 / (1 + ratio)
    }
    if x == 0 {
      // ν/t² underflows: use the series' leading term x^a / (a·B(a, ½)), exact to O(x), in logs.
      let a = df / 2
      let logX = log(df) - 2 * log(abs(t))
      return exp(a * logX - log(a) - SpecialFunctions.lnBeta(a, 0.5))
    }
    return IncompleteBeta(x: x, complement: complement, a: df / 2, b: 0.5).lower
  }
}
