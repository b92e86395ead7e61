import DispatchKit
import Testing

/// The generator behind compatible planning and the demo must match Dispatch's bit for bit.
struct SplitMix64Tests {
  @Test func firstOutputMatchesDispatchsPlannerVector() {
    // docs/schedule.md#the-compatible-planner: the day seed of 2026-07-08.
    var generator = SplitMix64(seed: 20_260_708)
    #expect(generator.next() == 7_141_910_126_485_161_910)
  }

  @Test func seedZeroMatchesTheReferenceImplementation() {
    // Vigna's splitmix64.c with x = 0 starts 0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4.
    var generator = SplitMix64(seed: 0)
    #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
    #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
  }

  @Test func stateAdvancesByTheGoldenIncrementWrapping() {
    var generator = SplitMix64(seed: .max)
    _ = generator.next()
    #expect(generator.state == UInt64.max &+ 0x9E37_79B9_7F4A_7C15)
    #expect(SplitMix64.increment == 0x9E37_79B9_7F4A_7C15)
  }

  @Test func sameSeedGivesTheSameSequence() {
    var first = SplitMix64(seed: 42)
    var second = SplitMix64(seed: 42)
    let a = (0..<100).map { _ in first.next() }
    let b = (0..<100).map { _ in second.next() }
    #expect(a == b)
    #expect(Set(a).count == 100)
  }

  @Test func drivesTheStandardLibrarysRandomAPIs() {
    var first = SplitMix64(seed: 7)
    var second = SplitMix64(seed: 7)
    let a = (0..<20).map { _ in Int.random(in: 0..<1000, using: &first) }
    let b = (0..<20).map { _ in Int.random(in: 0..<1000, using: &second) }
    #expect(a == b)
  }
}
