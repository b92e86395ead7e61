/// Descriptive statistics of a sample: sums, means, spreads, the median, modes and quantiles.
///
/// Every function returns nil for an empty sample, for a sample holding NaN or an infinity, and
/// for a result that does not fit in a `Double`, so no NaN or infinity can leak into an insight.
/// Sums are compensated (Neumaier) and spreads are two-pass, which keeps them within a few ulps
/// of NumPy's pairwise sums on the samples the tests pin.
public enum Descriptive {
  /// The sum of `values`, or nil when it is empty, holds a non-finite value or overflows.
  public static func sum(_ values: [Double]) -> Double? {
    guard !values.isEmpty, values.allSatisfy(\.isFinite) else { return nil }
    let total = compensatedSum(values)
    return total.isFinite ? total : nil
  }

  /// The arithmetic mean, or nil for an empty or non-finite sample.
  ///
  /// Samples whose sum overflows (values near `Double.greatestFiniteMagnitude`) are averaged
  /// from values scaled down by a power of two, so the mean itself is always finite.
  public static func mean(_ values: [Double]) -> Double? {
    guard !values.isEmpty, values.allSatisfy(\.isFinite) else { return nil }
    let count = Double(values.count)
    let total = compensatedSum(values)
    if total.isFinite { return total / count }
    // Divide by a power of two of at least n first (exactly), so the sum cannot overflow; the
    // mean lies between the extremes, which also bounds the last rounding.
    let scale = Double(sign: .plus, exponent: count.exponent + 1, significand: 1)
    let mean = compensatedSum(values.map { $0 / scale }) / count * scale
    let lowest = values.min() ?? mean
    let highest = values.max() ?? mean
    return Swift.min(Swift.max(mean, lowest), highest)
  }

  /// The population variance (divisor n), as NumPy's `var` with `ddof=0`.
  public static func populationVariance(_ values: [Double]) -> Double? {
    variance(values, removedDegreesOfFreedom: 0)
  }

  /// The sample variance (divisor n − 1), as NumPy's `var` with `ddof=1`; nil below two values.
  public static func sampleVariance(_ values: [Double]) -> Double? {
    variance(values, removedDegreesOfFreedom: 1)
  }

  /// The population standard deviation (divisor n).
  ///
  /// The global engine (docs/insights.md#global-engine-rules) uses this one, over the combined with
  /// and without sample, as the spread of a difference of means. It stays finite when the variance
  /// itself would overflow.
  public static func populationStandardDeviation(_ values: [Double]) -> Double? {
    standardDeviation(values, removedDegreesOfFreedom: 0)
  }

  /// The sample standard deviation (divisor n − 1); nil below two values.
  public static func sampleStandardDeviation(_ values: [Double]) -> Double? {
    standardDeviation(values, removedDegreesOfFreedom: 1)
  }

  /// The median: the middle value, or the midpoint of the two middle values for an even count.
  public static func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty, values.allSatisfy(\.isFinite) else { return nil }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    if sorted.count % 2 == 1 { return sorted[middle] }
    return midpoint(sorted[middle - 1], sorted[middle])
  }

  /// Every most frequent value, ascending; nil for an empty or non-finite sample.
  ///
  /// Values count as equal only when they are exactly equal (−0 and +0 are one value). When all
  /// values differ, every value is a mode.
  public static func modes(_ values: [Double]) -> [Double]? {
    guard !values.isEmpty, values.allSatisfy(\.isFinite) else { return nil }
    let sorted = values.sorted()
    var best: [Double] = []
    var bestCount = 0
    var start = 0
    while start < sorted.count {
      var end = start + 1
      while end < sorted.count && sorted[end] == sorted[start] { end += 1 }
      let count = end - start
      if count > bestCount {
        best = [sorted[start]]
        bestCount = count
      } else if count == bestCount {
        best.append(sorted[start])
      }
      start = end
    }
    return best
  }

  /// The most frequent value, the smallest one on a tie (as `scipy.stats.mode`).
  public static func mode(_ values: [Double]) -> Double? {
    modes(values)?.first
  }

  /// The quantile at `level` in 0...1 by NumPy's default linear method (Hyndman–Fan type 7).
  ///
  /// The position is `level × (n − 1)` in the sorted sample and values either side are blended
  /// as NumPy does (from the upper neighbour past the halfway point, so `level == 1` gives the
  /// maximum exactly). Nil for an empty or non-finite sample or a level outside 0...1.
  public static func quantile(_ values: [Double], at level: Double) -> Double? {
    quantiles(values, at: [level])?.first
  }

  /// The quantiles at each of `levels`, sorting the sample once; nil if any level is invalid.
  public static func quantiles(_ values: [Double], at levels: [Double]) -> [Double]? {
    guard !values.isEmpty, values.allSatisfy(\.isFinite),
      levels.allSatisfy({ $0 >= 0 && $0 <= 1 })
    else { return nil }
    let sorted = values.sorted()
    var result: [Double] = []
    result.reserveCapacity(levels.count)
    for level in levels {
      let position = Double(sorted.count - 1) * level
      let lower = Int(position.rounded(.down))
      let upper = Swift.min(lower + 1, sorted.count - 1)
      let weight = position - Double(lower)
      let value = interpolate(sorted[lower], sorted[upper], weight)
      guard value.isFinite else { return nil }
      result.append(value)
    }
    return result
  }
}

extension Descriptive {
  /// Neumaier's compensated sum: the lost low-order part of each addition is carried along.
  static func compensatedSum(_ values: [Double]) -> Double {
    var total = 0.0
    var compensation = 0.0
    for value in values {
      let next = total + value
      if abs(total) >= abs(value) {
        compensation += (total - next) + value
      } else {
        compensation += (value - next) + total
      }
      total = next
    }
    return total + compensation
  }

  /// The midpoint of two finite values without overflowing their sum.
  static func midpoint(_ a: Double, _ b: Double) -> Double {
    let sum = a + b
    return sum.isFinite ? sum / 2 : a / 2 + b / 2
  }

  /// NumPy's `_lerp`: from `a` below the halfway point and back from `b` above it.
  private static func interpolate(_ a: Double, _ b: Double, _ weight: Double) -> Double {
    let difference = b - a
    // Values of opposite sign near the largest double: blend without forming the difference.
    if !difference.isFinite { return a * (1 - weight) + b * weight }
    return weight >= 0.5 ? b - difference * (1 - weight) : a + difference * weight
  }
}
