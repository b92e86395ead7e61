import Foundation

/// Axis ticks at "nice" steps: 1, 2 or 5 times a power of ten.
///
/// The ticks cover the data: the first is at or below the lowest value and the last at or
/// above the highest, so the axis domain is `ticks.first…ticks.last`. Everything is computed on
/// halves of the values where a difference could overflow, so even `±1e308` gives finite ticks.
package struct NiceTicks: Equatable {
  /// The tick values, ascending, at least two.
  let values: [Double]
  /// The distance between neighbouring ticks.
  let step: Double

  /// The axis domain.
  var lower: Double { values[0] }
  var upper: Double { values[values.count - 1] }

  /// Ticks for data from `lower` to `upper`, aiming for about `targetCount` ticks.
  ///
  /// - Precondition: both bounds are finite.
  init(lower: Double, upper: Double, targetCount: Int) {
    precondition(lower.isFinite && upper.isFinite, "tick bounds must be finite")
    var low = min(lower, upper)
    var high = max(lower, upper)
    if low == high {
      // A constant series gets a band around its value (or 0…1 for zero).
      let pad = low == 0 ? 1 : low.magnitude * 0.1
      low = low == 0 ? 0 : low - pad
      high = high + pad
    }
    let halfSpan = high * 0.5 - low * 0.5
    let intervals = Double(max(1, targetCount - 1))
    let raw = halfSpan / intervals * 2
    if let step = Self.niceStep(raw), let ticks = Self.ticks(low, high, step) {
      values = ticks
      self.step = step
    } else {
      // The bounds themselves, which are multiples of nothing: a step of a hundredth of their
      // distance (computed on halves, so finite) gives their labels enough digits.
      values = [low, high]
      step = halfSpan / 50
    }
  }

  /// The smallest 1-2-5 step of at least `raw`, or nil when it is not a usable number.
  static func niceStep(_ raw: Double) -> Double? {
    guard raw.isFinite, raw > 0 else { return nil }
    let magnitude = pow(10, floor(log10(raw)))
    // A relative slack of 1e-9 keeps rounding noise (a power of ten from `pow` a hair off)
    // from jumping to the next step.
    let residual = raw / magnitude * (1 - 1e-9)
    let factor: Double = residual <= 1 ? 1 : residual <= 2 ? 2 : residual <= 5 ? 5 : 10
    let step = factor * magnitude
    return step.isFinite && step > 0 ? step : nil
  }

  /// Ticks from a multiple of `step` at or below `low` to one at or above `high`.
  private static func ticks(_ low: Double, _ high: Double, _ step: Double) -> [Double]? {
    let first = (low / step).rounded(.down)
    let last = (high / step).rounded(.up)
    let count = Int(exactly: (last - first).rounded()).map { $0 + 1 } ?? 0
    guard count >= 2, count <= 1_000 else { return nil }
    let values = (0..<count).map { (first + Double($0)) * step }
    guard values.allSatisfy(\.isFinite) else { return nil }
    // Snap values that are zero up to rounding noise, so labels never read `-0`.
    return values.map { $0.magnitude < step * 1e-9 ? 0 : $0 }
  }
}

/// Maps a domain of values onto a pixel range, linearly.
struct LinearScale {
  let domainLower: Double
  let domainUpper: Double
  let rangeLower: Double
  let rangeUpper: Double

  /// The pixel position of `value`; finite for every finite input, clamped a little beyond
  /// the range so stray values cannot produce huge coordinates.
  func position(_ value: Double) -> Double {
    let span = domainUpper * 0.5 - domainLower * 0.5
    let fraction = span > 0 ? (value * 0.5 - domainLower * 0.5) / span : 0.5
    let clamped = min(2, max(-1, fraction.isFinite ? fraction : 0.5))
    return rangeLower + (rangeUpper - rangeLower) * clamped
  }
}
