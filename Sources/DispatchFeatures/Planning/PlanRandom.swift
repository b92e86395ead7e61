import DispatchSupport
import Foundation

/// Private mode's draws: SplitMix64 outputs mapped to doubles through their top 53 bits, and
/// exponential waits by inversion (docs/schedule.md#random-numbers: our own mapping, not the
/// standard library's, so a toolchain change cannot move a schedule).
package struct PlanRandom {
  private var generator: SplitMix64

  init(seed: UInt64) {
    generator = SplitMix64(seed: seed)
  }

  /// A uniform double in [0, 1).
  mutating func unit() -> Double {
    Double(generator.next() >> 11) * 0x1p-53
  }

  /// A uniform double in [lower, upper).
  mutating func uniform(_ lower: Double, _ upper: Double) -> Double {
    lower + unit() * (upper - lower)
  }

  /// An exponential wait with the given mean.
  mutating func exponential(mean: Double) -> Double {
    -mean * log(1 - unit())
  }
}
