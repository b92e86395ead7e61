import DispatchCore

/// Draws one day's random prompt offsets in private mode: whole seconds from the window start,
/// at least the minimum gap from each other and from the fixed prompts (docs/schedule.md#seeding).
///
/// Each distribution draws from the day's stream and is accepted only if it keeps every
/// guarantee; after `maxAttempts` rejected draws the day falls back to ``FreeIntervals/place``,
/// which cannot fail, on the same stream. So a day's plan is a pure function of its seed.
package struct PrivateDaySampler {
  static let maxAttempts = 256
  /// refractory's allowed deviation from the daily count (docs/schedule.md#the-refractory-sampler).
  static let refractoryCountTolerance = 1
  /// refractory rejects days whose longest silence exceeds this × length / count.
  static let maxSilenceFactor = 2.5

  let length: Int
  let count: Int
  let gap: Int
  let fixed: [Int]
  let distribution: PromptDistribution

  /// The offsets, sorted; whether the fallback ran.
  func draw(using random: inout PlanRandom) -> (offsets: [Int], usedFallback: Bool) {
    guard count > 0, length > 0 else { return ([], false) }
    let free = FreeIntervals(length: length, blocked: fixed, gap: gap)
    if distribution == .regular {
      // Evenly spaced, the first at the window start; a point too close to a fixed prompt
      // yields to it (the fixed time is the one the user chose).
      let points = (0..<count).map { length * $0 / count }
      return (points.filter { point in free.intervals.contains { $0.contains(point) } }, false)
    }
    for _ in 0..<Self.maxAttempts {
      let candidate = attempt(using: &random)
      if accepts(candidate) { return (candidate, false) }
    }
    return (free.place(min(count, free.capacity), using: &random), true)
  }

  private func attempt(using random: inout PlanRandom) -> [Int] {
    let total = Double(length)
    let n = Double(count)
    switch distribution {
    case .random:
      return (0..<count).map { _ in Int(random.uniform(0, total)) }.sorted()
    case .semiRandom, .regular:
      return (0..<count).map { slot in
        Int(random.uniform(Double(slot) * total / n, Double(slot + 1) * total / n))
      }
    case .refractory:
      return refractoryAttempt(using: &random)
    }
  }

  /// A renewal process started in equilibrium: gap plus an exponential wait between prompts
  /// (steps 1 and 2 of docs/schedule.md#the-refractory-sampler).
  private func refractoryAttempt(using random: inout PlanRandom) -> [Int] {
    let mean = Double(length) / Double(count)
    let g = Double(gap)
    let wait = max(mean - g, 0)
    var offset =
      random.unit() < g / mean
      ? random.uniform(0, min(g, Double(length)))
      : g + random.exponential(mean: wait)
    var points: [Int] = []
    while offset < Double(length) {
      // Too many already: this draw will be rejected, so stop drawing it.
      if points.count > count + Self.refractoryCountTolerance { return points }
      points.append(Int(offset))
      offset += g + random.exponential(mean: wait)
    }
    return points
  }

  private func accepts(_ offsets: [Int]) -> Bool {
    let all = (offsets + fixed).sorted()
    for (earlier, later) in zip(all, all.dropFirst()) where later - earlier < gap {
      return false
    }
    guard distribution == .refractory else { return offsets.count == count }
    guard abs(offsets.count - count) <= Self.refractoryCountTolerance, !offsets.isEmpty
    else { return false }
    let edges = [0] + offsets + [length]
    let longest = zip(edges, edges.dropFirst()).map { $1 - $0 }.max() ?? length
    return Double(longest) <= Self.maxSilenceFactor * Double(length) / Double(count)
  }
}
