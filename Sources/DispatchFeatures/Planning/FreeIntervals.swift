/// The parts of a day's window where a random prompt may go: at least `gap` seconds from every
/// fixed prompt, inside `[0, length)`. All in whole seconds from the window start.
///
/// Private mode plans in whole seconds (docs/schedule.md#random-numbers) so the gap it checks is
/// the gap that fires.
struct FreeIntervals: Equatable {
  /// Closed intervals `[lower, upper]` of allowed offsets, in order.
  let intervals: [ClosedRange<Int>]
  let gap: Int

  init(length: Int, blocked: [Int], gap: Int) {
    self.gap = max(gap, 1)
    var intervals: [ClosedRange<Int>] = []
    var lower = 0
    for point in Set(blocked).sorted() {
      let upper = point - self.gap
      if upper >= lower { intervals.append(lower...upper) }
      lower = max(lower, point + self.gap)
    }
    if length - 1 >= lower { intervals.append(lower...(length - 1)) }
    self.intervals = intervals
  }

  init(length: Double, blocked: [Double], gap: Double) {
    self.init(length: Int(length), blocked: blocked.map { Int($0) }, gap: Int(gap))
  }

  /// How many points, each at least `gap` from the next, fit in one interval.
  func capacity(of interval: ClosedRange<Int>) -> Int {
    (interval.upperBound - interval.lowerBound) / gap + 1
  }

  /// How many random prompts fit in all.
  var capacity: Int { intervals.reduce(0) { $0 + capacity(of: $1) } }

  /// Exactly `count` points (count ≤ capacity), every two at least `gap` apart and apart from
  /// the blocked points: the intervals are chosen in proportion to their length, then each
  /// interval gets sorted uniforms with the gap added after each (the construction that cannot
  /// fail; the fallback of step 4 in docs/schedule.md#the-refractory-sampler).
  func place(_ count: Int, using random: inout PlanRandom) -> [Int] {
    var counts = Array(repeating: 0, count: intervals.count)
    for _ in 0..<min(count, capacity) {
      let open = intervals.indices.filter { counts[$0] < capacity(of: intervals[$0]) }
      let weights = open.map { Double(intervals[$0].count) }
      var pick = random.unit() * weights.reduce(0, +)
      var chosen = open[open.count - 1]
      for (index, weight) in zip(open, weights) {
        if pick < weight {
          chosen = index
          break
        }
        pick -= weight
      }
      counts[chosen] += 1
    }
    var points: [Int] = []
    for (interval, k) in zip(intervals, counts) where k > 0 {
      let slack = interval.upperBound - interval.lowerBound - (k - 1) * gap
      let draws = (0..<k).map { _ in Int(random.unit() * Double(slack + 1)) }.sorted()
      for (index, draw) in draws.enumerated() {
        points.append(interval.lowerBound + min(draw, slack) + index * gap)
      }
    }
    return points.sorted()
  }
}
