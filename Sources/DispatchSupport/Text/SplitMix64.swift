/// Dispatch's seeded pseudo-random generator: SplitMix64 (docs/schedule.md#the-compatible-planner).
///
/// Everything that must be reproducible draws from this generator: the planner's compatible
/// mode (bit-identical to Dispatch's `SeededGenerator`), and the demo history. It is never a
/// source of secrets.
public struct SplitMix64: RandomNumberGenerator, Sendable, Equatable {
  /// The golden-ratio increment added to the state before every output.
  public static let increment: UInt64 = 0x9E37_79B9_7F4A_7C15

  /// The generator's whole state; the next output depends on nothing else.
  public private(set) var state: UInt64

  /// A generator whose first output is derived from `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= Self.increment
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
