extension Descriptive {
  /// The variance with divisor `n − removedDegreesOfFreedom`; nil when that divisor is not
  /// positive, the sample is not finite, or the variance overflows.
  static func variance(_ values: [Double], removedDegreesOfFreedom: Int) -> Double? {
    guard let spread = SquaredDeviations(values), values.count > removedDegreesOfFreedom else {
      return nil
    }
    let variance = spread.scaledSum / Double(values.count - removedDegreesOfFreedom)
    let result = variance * spread.scale * spread.scale
    return result.isFinite ? result : nil
  }

  /// The square root of ``variance(_:removedDegreesOfFreedom:)``, taken before scaling back so
  /// it stays finite for samples whose variance would overflow.
  static func standardDeviation(_ values: [Double], removedDegreesOfFreedom: Int) -> Double? {
    guard let spread = SquaredDeviations(values), values.count > removedDegreesOfFreedom else {
      return nil
    }
    let variance = spread.scaledSum / Double(values.count - removedDegreesOfFreedom)
    let result = variance.squareRoot() * spread.scale
    return result.isFinite ? result : nil
  }
}

/// The sum of squared deviations from the mean, two-pass, with the sample scaled by a power of
/// two when its magnitudes are extreme so that neither the deviations nor their squares
/// overflow or underflow. The scaling is exact, so ordinary samples get NumPy's two-pass result.
struct SquaredDeviations {
  /// The power of two the sample was divided by (1 for ordinary magnitudes).
  var scale: Double
  /// Σ (x/scale − mean(x/scale))².
  var scaledSum: Double

  init?(_ values: [Double]) {
    guard !values.isEmpty, values.allSatisfy(\.isFinite) else { return nil }
    let largest = values.reduce(0) { Swift.max($0, abs($1)) }
    let divisor: Double
    if largest > 0x1p500 || (largest > 0 && largest < 0x1p-500) {
      divisor = Double(sign: .plus, exponent: largest.exponent, significand: 1)
    } else {
      divisor = 1
    }
    let scaled = divisor == 1 ? values : values.map { $0 / divisor }
    let mean = Descriptive.compensatedSum(scaled) / Double(scaled.count)
    scale = divisor
    scaledSum = Descriptive.compensatedSum(scaled.map { ($0 - mean) * ($0 - mean) })
  }
}
