import Foundation

/// I_x(a, b) and its complement 1 − I_x(a, b) = I_{1−x}(b, a), each computed where it is small
/// so that both tails keep their relative precision (a t-test p-value of 1e-80 stays 1e-80).
///
/// Callers pass x and 1 − x separately because 1 − x formed from a rounded x loses the digits a
/// tail needs; the t distribution has both as exact ratios.
struct IncompleteBeta {
  /// I_x(a, b).
  var lower: Double
  /// 1 − I_x(a, b).
  var upper: Double

  /// Iterations before the continued fraction gives up; it needs about √max(a, b) steps.
  static let maximumIterations = 20_000
  /// Relative size of the last factor at which the continued fraction has converged.
  static let tolerance = 4 * Double.ulpOfOne
  /// Smallest magnitude the Lentz recurrences may divide by.
  static let tiny = 1e-300

  /// Evaluates at `x` with `complement` = 1 − x, for finite a, b > 0 and x in 0...1.
  init(x: Double, complement: Double, a: Double, b: Double) {
    if x <= 0 {
      lower = 0
      upper = 1
      return
    }
    if complement <= 0 {
      lower = 1
      upper = 0
      return
    }
    // ln of x^a (1 − x)^b / B(a, b), the factor in front of either continued fraction.
    let logFront =
      a * log(x) + b * log(complement) - SpecialFunctions.lnBeta(a, b)
    if x < (a + 1) / (a + b + 2) {
      let value = Self.clamp(exp(logFront) * Self.continuedFraction(x, a, b) / a)
      lower = value
      upper = 1 - value
    } else {
      let value = Self.clamp(exp(logFront) * Self.continuedFraction(complement, b, a) / b)
      lower = 1 - value
      upper = value
    }
  }

  private static func clamp(_ value: Double) -> Double {
    value.isFinite ? Swift.min(Swift.max(value, 0), 1) : 0
  }

  /// The continued fraction for I_x(a, b) (Numerical Recipes `betacf`), evaluated by the
  /// modified Lentz method; it converges fast for x below (a + 1)/(a + b + 2).
  static func continuedFraction(_ x: Double, _ a: Double, _ b: Double) -> Double {
    let sum = a + b
    let aPlusOne = a + 1
    let aMinusOne = a - 1
    var c = 1.0
    var d = guarded(1 - sum * x / aPlusOne)
    d = 1 / d
    var result = d
    for step in 1...maximumIterations {
      let m = Double(step)
      let twiceM = 2 * m
      // Even step of the fraction.
      var term = m * (b - m) * x / ((aMinusOne + twiceM) * (a + twiceM))
      d = 1 / guarded(1 + term * d)
      c = guarded(1 + term / c)
      result *= d * c
      // Odd step.
      term = -(a + m) * (sum + m) * x / ((a + twiceM) * (aPlusOne + twiceM))
      d = 1 / guarded(1 + term * d)
      c = guarded(1 + term / c)
      let factor = d * c
      result *= factor
      if abs(factor - 1) < tolerance { break }
    }
    return result
  }

  private static func guarded(_ value: Double) -> Double {
    abs(value) < tiny ? tiny : value
  }
}
