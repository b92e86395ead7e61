import DispatchKit
import Foundation
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// The refractory sampler's statistics (properties 9, 10, 18–20 and 22 of
/// docs/schedule.md#planner-properties): 20,000 seeded days, L = 840 min, N = 6, g = 60 min, fixed
/// tolerances, so never flaky.
struct RefractorySamplerTests {
  static let length = 840 * 60
  static let count = 6
  static let gap = 3600
  static let days: [(offsets: [Int], usedFallback: Bool)] = (0..<20_000).map { seed in
    var random = PlanRandom(seed: UInt64(seed) &* 0x9E37_79B9)
    return PrivateDaySampler(
      length: length, count: count, gap: gap, fixed: [], distribution: .refractory
    ).draw(using: &random)
  }

  @Test func `18: the daily count averages six with a small spread`() {
    let counts = Self.days.map { Double($0.offsets.count) }
    let mean = counts.reduce(0, +) / Double(counts.count)
    let variance = counts.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(counts.count)
    #expect(abs(mean - 6) <= 0.1)
    #expect(variance.squareRoot() <= 0.9)
    #expect(counts.allSatisfy { (5...7).contains(Int($0)) })
  }

  @Test func `19: every half hour of the window is about equally likely`() {
    var bins = Array(repeating: 0, count: 28)
    for day in Self.days {
      for offset in day.offsets { bins[min(offset / 1800, 27)] += 1 }
    }
    let mean = Double(bins.reduce(0, +)) / Double(bins.count)
    #expect(bins.allSatisfy { $0 > 0 })
    #expect(bins.allSatisfy { (0.85...1.15).contains(Double($0) / mean) }, "\(bins)")
  }

  @Test func `9, 20: long silences are capped and the 95th percentile stays under 2.5 L/N`() {
    let limit = 2.5 * Double(Self.length) / Double(Self.count)
    var longest: [Int] = []
    for day in Self.days where !day.usedFallback {
      let edges = [0] + day.offsets + [Self.length]
      longest.append(zip(edges, edges.dropFirst()).map { $1 - $0 }.max() ?? 0)
    }
    #expect(longest.allSatisfy { Double($0) <= limit })
    let sorted = longest.sorted()
    #expect(Double(sorted[sorted.count * 95 / 100]) <= limit)
  }

  @Test func `6, 10: gaps always hold and the fallback, if any, gives exactly N`() {
    for day in Self.days {
      for (a, b) in zip(day.offsets, day.offsets.dropFirst()) { #expect(b - a >= Self.gap) }
      if day.usedFallback { #expect(day.offsets.count == Self.count) }
    }
  }

  @Test func `22: past the gap the hazard is flat, with no 'prompt is now certain' ramp`() {
    // Interior waits beyond the gap, in bins over [g, g + (m − g)]: hazard = ends in bin /
    // waits reaching it.
    let mean = Double(Self.length) / Double(Self.count)
    let span = mean - Double(Self.gap)
    var extras: [Double] = []
    for day in Self.days {
      for (a, b) in zip(day.offsets, day.offsets.dropFirst()) {
        extras.append(Double(b - a - Self.gap))
      }
    }
    let binCount = 6
    let width = span / Double(binCount)
    var hazards: [Double] = []
    for bin in 0..<binCount {
      let lower = Double(bin) * width
      let reaching = extras.filter { $0 >= lower }.count
      let ending = extras.filter { $0 >= lower && $0 < lower + width }.count
      hazards.append(Double(ending) / Double(max(reaching, 1)))
    }
    let average = hazards.reduce(0, +) / Double(hazards.count)
    #expect(hazards.allSatisfy { abs($0 / average - 1) <= 0.15 }, "\(hazards)")
  }

  @Test func `termination: an impossible density still ends, through the fallback`() {
    var random = PlanRandom(seed: 1)
    let result = PrivateDaySampler(
      length: 3 * 3600, count: 3, gap: 3600, fixed: [], distribution: .refractory
    ).draw(using: &random)
    #expect(result.offsets.count <= 4)
    for (a, b) in zip(result.offsets, result.offsets.dropFirst()) { #expect(b - a >= 3600) }
  }

  /// In-sample Brier skill of a forecaster that knows the half hour, the prompts so far and the
  /// time since the last one, against the base rate (property 21 of
  /// docs/schedule.md#planner-properties).
  static func brierSkill(_ days: [[Int]]) -> Double {
    struct State: Hashable {
      let bin: Int
      let count: Int
      let since: Int
    }
    var outcomes: [State: (sum: Double, n: Double)] = [:]
    var samples: [(State, Double)] = []
    for offsets in days {
      var count = 0
      var last: Int?
      for bin in 0..<28 {
        let range = (bin * 1800)..<((bin + 1) * 1800)
        let hit = offsets.contains { range.contains($0) }
        let since = last.map { min((bin * 1800 - $0) / 1800, 8) } ?? 9
        let state = State(bin: bin, count: min(count, 7), since: since)
        let y: Double = hit ? 1 : 0
        outcomes[state, default: (0, 0)].sum += y
        outcomes[state, default: (0, 0)].n += 1
        samples.append((state, y))
        for offset in offsets where range.contains(offset) {
          count += 1
          last = offset
        }
      }
    }
    let base = samples.reduce(0) { $0 + $1.1 } / Double(samples.count)
    var model = 0.0
    var reference = 0.0
    for (state, y) in samples {
      let entry = outcomes[state] ?? (0, 1)
      let p = entry.sum / entry.n
      model += (p - y) * (p - y)
      reference += (base - y) * (base - y)
    }
    return 1 - model / reference
  }

  @Test func `21: the refractory sampler is hard to predict, the slotted one is not`() {
    let refractory = Self.brierSkill(Self.days.map(\.offsets))
    let slotted = Self.brierSkill(
      (0..<20_000).map { seed in
        var random = PlanRandom(seed: UInt64(seed) &* 0x9E37_79B9)
        return PrivateDaySampler(
          length: Self.length, count: Self.count, gap: Self.gap, fixed: [],
          distribution: .semiRandom
        ).draw(using: &random).offsets
      })
    #expect(refractory <= 0.20, "refractory skill \(refractory)")
    #expect(slotted > refractory, "semiRandom skill \(slotted)")
  }
}
