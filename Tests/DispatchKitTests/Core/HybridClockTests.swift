import DispatchKit
import Testing

@testable import DispatchCore
@testable import DispatchSupport

/// The sync journal's clock: stamps only grow, a change made after another was seen stamps
/// after it whatever the wall clocks say, and the texts sort as the stamps.
struct HybridClockTests {
  @Test func `stamps grow with the wall clock, and past it when the clock goes back`() {
    var clock = HybridClock(device: "laptop")
    let first = clock.stamp(now: 1_000)
    let second = clock.stamp(now: 1_000)
    let third = clock.stamp(now: 900)  // the wall clock stepped back
    let fourth = clock.stamp(now: 2_000)
    #expect(
      [first, second, third, fourth].map(\.description) == [
        "0000000000001000-00000000-laptop", "0000000000001000-00000001-laptop",
        "0000000000001000-00000002-laptop", "0000000000002000-00000000-laptop",
      ])
    #expect(first < second && second < third && third < fourth)
  }

  @Test func `a change made after seeing a skewed device's change stamps after it`() {
    var fast = HybridClock(device: "desktop")
    var slow = HybridClock(device: "laptop")
    // The desktop's clock runs an hour ahead.
    let remote = fast.stamp(now: 3_600_000 + 5_000)
    slow.observe(remote, now: 5_000)
    let local = slow.stamp(now: 5_001)
    #expect(local > remote)
    #expect(local.milliseconds == remote.milliseconds && local.counter == remote.counter + 2)
    // Equal times and counters are ordered by device, the same on every device.
    let a = SyncStamp(milliseconds: 7, counter: 1, device: "a")
    let b = SyncStamp(milliseconds: 7, counter: 1, device: "b")
    #expect(a < b)
  }

  @Test func `texts round-trip and sort as the stamps; others are refused`() {
    var random = SplitMix64(seed: 27)
    let stamps = (0..<500).map { _ in
      SyncStamp(
        milliseconds: Int64.random(in: 0...9_999_999_999_999, using: &random),
        counter: Int.random(in: 0...99, using: &random),
        device: ["a", "b", "laptop-2"][Int.random(in: 0...2, using: &random)])
    }
    #expect(stamps.map { SyncStamp(text: $0.description) } == stamps)
    #expect(stamps.sorted().map(\.description) == stamps.map(\.description).sorted())
    for text in ["", "1-2-a", "0000000000001000-00000000-", "000000000000100x-00000000-a"] {
      #expect(SyncStamp(text: text) == nil, "\(text)")
    }
  }
}
