import Foundation

/// The special functions behind the t distribution: log-gamma, log-beta and the regularized
/// incomplete beta function.
///
/// The iOS app's drill-in (docs/insights.md#drill-in-rules) computes the Student-t CDF through the
/// incomplete beta evaluated by the Numerical Recipes continued fraction (`betacf`, modified
/// Lentz); this follows it, in double precision with a tight tolerance instead of the book's
/// single-precision one.
public enum SpecialFunctions {
  /// ln Γ(x) for x > 0; nil for x ≤ 0 or a non-finite x.
  ///
  /// Shifts x up to at least 10 with Γ(x + 1) = x Γ(x) and sums Stirling's series there, which
  /// is accurate to about 1e-15 relative (absolute near the zeros at 1 and 2).
  public static func logGamma(_ x: Double) -> Double? {
    guard x.isFinite, x > 0 else { return nil }
    return lnGamma(x)
  }

  /// ln B(a, b) = ln Γ(a) + ln Γ(b) − ln Γ(a + b) for a, b > 0; nil outside that domain.
  ///
  /// For large arguments the Stirling terms are combined before they are added, so the result
  /// keeps its precision where the three log-gammas would nearly cancel (a t distribution with
  /// a million degrees of freedom needs ln B(500 000, ½)).
  public static func logBeta(_ a: Double, _ b: Double) -> Double? {
    guard a.isFinite, b.isFinite, a > 0, b > 0 else { return nil }
    let result = lnBeta(a, b)
    return result.isFinite ? result : nil
  }

  /// The regularized incomplete beta function I_x(a, b) for x in 0...1 and a, b > 0; nil
  /// outside that domain.
  public static func regularizedIncompleteBeta(_ x: Double, a: Double, b: Double) -> Double? {
    guard x >= 0, x <= 1, a.isFinite, b.isFinite, a > 0, b > 0 else { return nil }
    return IncompleteBeta(x: x, complement: 1 - x, a: a, b: b).lower
  }
}

extension SpecialFunctions {
  /// ln √(2π).
  static let logRootTwoPi = 0.918_938_533_204_672_741_78

  /// ln Γ(x) for a finite x > 0 (callers check the domain).
  static func lnGamma(_ x: Double) -> Double {
    if x == 1 || x == 2 { return 0 }
    if x >= 10 { return stirlingBase(x) + stirlingCorrection(x) }
    var shifted = x
    var product = 1.0
    while shifted < 10 {
      product *= shifted
      shifted += 1
    }
    return stirlingBase(shifted) + stirlingCorrection(shifted) - log(product)
  }

  /// (x − ½) ln x − x + ln √(2π): Stirling's approximation without its correction series.
  static func stirlingBase(_ x: Double) -> Double {
    (x - 0.5) * log(x) - x + logRootTwoPi
  }

  /// B₂ₖ / (2k(2k − 1)) for k = 8 down to 1, in the order Horner's rule in 1/x² takes them.
  private static let stirlingCoefficients: [Double] = [
    -3617.0 / 122_400, 1.0 / 156, -691.0 / 360_360, 1.0 / 1188, -1.0 / 1680, 1.0 / 1260,
    -1.0 / 360, 1.0 / 12,
  ]

  /// ln Γ(x) minus ``stirlingBase(_:)``: the asymptotic series Σ B₂ₖ / (2k(2k − 1) x²ᵏ⁻¹),
  /// for x ≥ 10 where eight terms reach double precision; below 10 by subtraction.
  static func stirlingCorrection(_ x: Double) -> Double {
    guard x >= 10 else { return lnGamma(x) - stirlingBase(x) }
    let inverse = 1 / x
    let inverseSquared = inverse * inverse
    var sum = 0.0
    for coefficient in stirlingCoefficients { sum = sum * inverseSquared + coefficient }
    return sum * inverse
  }

  /// ln B(a, b) for finite a, b > 0, with Stirling's terms merged for large arguments.
  static func lnBeta(_ a: Double, _ b: Double) -> Double {
    let small = Swift.min(a, b)
    let large = Swift.max(a, b)
    let total = small + large
    if small >= 10 {
      // ½ln2π − ½ln c + (s − ½) ln(s/c) + (l − ½) ln(1 − s/c) + corrections.
      let ratio = small / total
      return logRootTwoPi - 0.5 * log(total) + (small - 0.5) * log(ratio)
        + (large - 0.5) * log1p(-ratio) + stirlingCorrection(small)
        + stirlingCorrection(large) - stirlingCorrection(total)
    }
    if large >= 10 {
      // ln Γ(l) − ln Γ(l + s) = (l − ½) ln(1 − s/c) − s ln c + s + corrections.
      let difference =
        (large - 0.5) * log1p(-small / total) - small * log(total) + small
        + stirlingCorrection(large) - stirlingCorrection(total)
      return lnGamma(small) + difference
    }
    return lnGamma(small) + lnGamma(large) - lnGamma(total)
  }
}
