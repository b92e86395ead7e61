import Foundation

/// The standard normal distribution: CDF, survival function, density and quantile.
///
/// The CDF and survival come from the C library's complementary error function, so each tail
/// keeps full relative precision (Φ(−38) ≈ 2.9e−316 is not rounded to 0); the quantile refines a
/// rational first guess with Halley steps on that CDF.
public enum NormalDistribution {
  /// Φ(z) = P(Z ≤ z); 0 or 1 at the infinities; nil for NaN.
  public static func cdf(_ z: Double) -> Double? {
    guard !z.isNaN else { return nil }
    return 0.5 * erfc(-z / 2.0.squareRoot())
  }

  /// 1 − Φ(z) = P(Z > z), computed directly rather than by subtraction; nil for NaN.
  public static func survival(_ z: Double) -> Double? {
    guard !z.isNaN else { return nil }
    return 0.5 * erfc(z / 2.0.squareRoot())
  }

  /// The two-sided p-value 2·P(Z > |z|), at most 1; nil for NaN.
  public static func twoSidedP(_ z: Double) -> Double? {
    guard let tail = survival(abs(z)) else { return nil }
    return Swift.min(1, 2 * tail)
  }

  /// φ(z), the density; nil for NaN.
  public static func density(_ z: Double) -> Double? {
    guard !z.isNaN else { return nil }
    return exp(-0.5 * z * z) / (2 * Double.pi).squareRoot()
  }

  /// Φ⁻¹(p) for p strictly between 0 and 1; nil otherwise (the quantiles of 0 and 1 are
  /// infinite, and no infinity may reach a result).
  ///
  /// Works in the lower tail and mirrors the upper one, so Φ⁻¹(1e−300) is accurate; the upper
  /// tail is limited by how close to 1 a double can be (1 − 1e−16 rounds to 1 − 1.1e−16).
  public static func quantile(_ p: Double) -> Double? {
    guard p > 0, p < 1 else { return nil }
    if p == 0.5 { return 0 }
    if p > 0.5 { return -lowerQuantile(1 - p) }
    return lowerQuantile(p)
  }

  /// Φ⁻¹(p) for 0 < p < ½ (so the result is negative).
  private static func lowerQuantile(_ p: Double) -> Double {
    // Abramowitz & Stegun 26.2.23 (error below 4.5e−4) as the starting point.
    let t = (-2 * log(p)).squareRoot()
    let numerator = 2.515_517 + t * (0.802_853 + t * 0.010_328)
    let denominator = 1 + t * (1.432_788 + t * (0.189_269 + t * 0.001_308))
    var z = -(t - numerator / denominator)
    // Halley's method on Φ(z) − p converges cubically: two or three steps reach an ulp.
    for _ in 0..<8 {
      let density = exp(-0.5 * z * z) / (2 * Double.pi).squareRoot()
      guard density > 0 else { break }
      let ratio = (0.5 * erfc(-z / 2.0.squareRoot()) - p) / density
      let step = ratio / (1 + 0.5 * z * ratio)
      z -= step
      if abs(step) <= 1e-15 * abs(z) { break }
    }
    return z
  }
}
