/// De-duplicates cumulative health samples from overlapping sources
/// (docs/health.md#sums-without-double-counting): iPhone and Watch both count the same steps, so a
/// plain sum nearly doubles.
///
/// The rule, as Apple Health applies its source priority: sources are ranked (see
/// ``HealthSourceRanking``); every sample of the best source counts whole, and a sample of a
/// lower-ranked source counts only for the part of its time no better-ranked sample covers,
/// pro-rated by time. An instantaneous sample counts unless a better source covers its
/// instant. A source never overlaps itself away. Raw samples are never changed; this only
/// decides how much of each one a total uses.
public enum HealthDeduplication {
  /// One sample's share of a total.
  public struct Sample: Sendable, Equatable {
    public var rank: Int
    public var start: Int64
    public var end: Int64
    public var value: Double

    public init(rank: Int, start: Int64, end: Int64, value: Double) {
      self.rank = rank
      self.start = start
      self.end = end
      self.value = value
    }
  }

  /// How much of each sample's value a de-duplicated total counts, in the input's order.
  public static func contributions(_ samples: [Sample]) -> [Double] {
    var result = [Double](repeating: 0, count: samples.count)
    let ranks = Set(samples.map(\.rank)).sorted()
    /// The union of the better-ranked samples' intervals: sorted, disjoint.
    var covered: [Span] = []
    for rank in ranks {
      let members = samples.indices.filter { samples[$0].rank == rank }
      for index in members {
        let sample = samples[index]
        let length = sample.end - sample.start
        if length <= 0 {
          result[index] = isCovered(sample.start, by: covered) ? 0 : sample.value
        } else {
          let overlap = overlapLength(sample.start, sample.end, with: covered)
          result[index] = sample.value * Double(length - overlap) / Double(length)
        }
      }
      covered = merged(
        covered + members.map { Span(start: samples[$0].start, end: samples[$0].end) })
    }
    return result
  }

  /// The first interval of `union` that ends after `instant` (binary search).
  private static func firstEnding(after instant: Int64, in union: [Span])
    -> Int
  {
    var low = 0
    var high = union.count
    while low < high {
      let middle = (low + high) / 2
      if union[middle].end <= instant { low = middle + 1 } else { high = middle }
    }
    return low
  }

  private static func isCovered(_ instant: Int64, by union: [Span]) -> Bool {
    let index = firstEnding(after: instant, in: union)
    return index < union.count && union[index].start <= instant
  }

  private static func overlapLength(
    _ start: Int64, _ end: Int64, with union: [Span]
  ) -> Int64 {
    var total: Int64 = 0
    var index = firstEnding(after: start, in: union)
    while index < union.count, union[index].start < end {
      total += min(end, union[index].end) - max(start, union[index].start)
      index += 1
    }
    return total
  }

  /// A stretch of time, from `start` up to (not including) `end`.
  struct Span: Equatable {
    var start: Int64
    var end: Int64
  }

  /// Sorted, disjoint intervals covering the same time as `intervals`.
  static func merged(_ intervals: [Span]) -> [Span] {
    let sorted = intervals.filter { $0.end > $0.start }.sorted { $0.start < $1.start }
    var result: [Span] = []
    for interval in sorted {
      if let last = result.last, interval.start <= last.end {
        result[result.count - 1].end = max(last.end, interval.end)
      } else {
        result.append(interval)
      }
    }
    return result
  }
}

/// The documented source priority for ``HealthDeduplication``: Apple Watch first (it is worn
/// when the phone is not carried, and measures more), then iPhone, then every other source by
/// how many samples it wrote (most first), then by name — a fixed order that does not depend
/// on the order of the export.
public enum HealthSourceRanking {
  /// A rank per source (0 best), from each source's name, device model and sample count.
  public static func ranks(_ sources: [(name: String, model: String?, count: Int)]) -> [String: Int]
  {
    func tier(_ source: (name: String, model: String?, count: Int)) -> Int {
      let model = source.model?.lowercased() ?? ""
      let name = source.name.lowercased()
      if model.contains("watch") || name.contains("watch") { return 0 }
      if model.contains("iphone") || name.contains("iphone") { return 1 }
      return 2
    }
    let ordered = sources.sorted { lhs, rhs in
      let (left, right) = (tier(lhs), tier(rhs))
      if left != right { return left < right }
      if lhs.count != rhs.count { return lhs.count > rhs.count }
      return lhs.name < rhs.name
    }
    var ranks: [String: Int] = [:]
    for (rank, source) in ordered.enumerated() where ranks[source.name] == nil {
      ranks[source.name] = rank
    }
    return ranks
  }
}
