import DispatchSupport

/// The draws the demo history makes, on top of ``SplitMix64``.
///
/// Written out here rather than using the standard library's `random(in:using:)`, whose
/// algorithms are not part of its contract: the demo promises the same bytes for the same seed
/// on every toolchain.
extension SplitMix64 {
  /// An independent generator for one part of the history (one day, say), so that a change in
  /// how one day draws does not shift everything after it.
  static func stream(seed: UInt64, index: UInt64) -> SplitMix64 {
    // Seeds that differ by multiples of the increment would give overlapping sequences, so the
    // index is spread by another odd constant and the result mixed once more.
    var mixer = SplitMix64(seed: seed ^ (index &* 0xD1B5_4A32_D192_ED03))
    return SplitMix64(seed: mixer.next())
  }

  /// A uniform value in [0, 1) from the top 53 bits.
  mutating func unit() -> Double {
    Double(next() >> 11) * 0x1p-53
  }

  /// A uniform value in [lower, upper).
  mutating func double(_ lower: Double, _ upper: Double) -> Double {
    lower + (upper - lower) * unit()
  }

  /// A uniform integer in `range` (multiply-shift; the bias is below 2⁻⁵⁰ for our spans).
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    let span = UInt64(range.upperBound - range.lowerBound) + 1
    return range.lowerBound + Int(next().multipliedFullWidth(by: span).high)
  }

  /// True with `probability`.
  mutating func chance(_ probability: Double) -> Bool {
    unit() < probability
  }

  /// One element of a non-empty array.
  mutating func pick<Element>(_ items: [Element]) -> Element {
    precondition(!items.isEmpty, "nothing to pick from")
    return items[int(0...(items.count - 1))]
  }

  /// An index drawn in proportion to `weights` (non-negative, not all zero).
  mutating func weightedIndex(_ weights: [Double]) -> Int {
    let total = weights.reduce(0, +)
    precondition(total > 0, "weights must not all be zero")
    var remaining = unit() * total
    for (index, weight) in weights.enumerated() {
      remaining -= weight
      if remaining < 0 { return index }
    }
    return weights.count - 1
  }

  /// Roughly standard normal: the sum of three uniforms, centred and scaled to unit variance.
  /// Bounded at ±3, which keeps generated values plausible.
  mutating func normal() -> Double {
    (unit() + unit() + unit() - 1.5) * 2
  }

  /// Up to `count` distinct elements of `items`, in their original order.
  mutating func subset<Element>(_ items: [Element], count: Int) -> [Element] {
    var chosen = Array(repeating: false, count: items.count)
    var remaining = min(count, items.count)
    while remaining > 0 {
      let index = int(0...(items.count - 1))
      if !chosen[index] {
        chosen[index] = true
        remaining -= 1
      }
    }
    return items.indices.filter { chosen[$0] }.map { items[$0] }
  }
}

/// Rounds to `places` decimals, so generated readings look like sensor values.
func demoRounded(_ value: Double, places: Int) -> Double {
  var scale = 1.0
  for _ in 0..<places { scale *= 10 }
  return (value * scale).rounded() / scale
}
