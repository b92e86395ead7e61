/// Mirrored findings (docs/insights.md#global-engine-rules): when two signals of one source
/// split the same reports into the same two halves — the Sleep Focus and the Work Focus on
/// reports that were in one or the other, the two answers of a question answered one way or the
/// other — "in the Sleep Focus, 18 dB fewer" and "in the Work Focus, 18 dB more" are one
/// finding seen from both sides. Only one of them is kept.
extension InsightsEngine {
  /// Of each mirrored pair, the finding that reads as "more" or "higher" (its signal's side is
  /// the larger one), then the one whose signal holds on fewer reports, then the smaller ID;
  /// everything else is kept as it is.
  static func withoutMirrors(_ candidates: [InsightCandidate]) -> [Insight] {
    let ordered = candidates.sorted { lhs, rhs in
      if lhs.isPositive != rhs.isPositive { return lhs.isPositive }
      return (lhs.splitSize, lhs.insight.id) < (rhs.splitSize, rhs.insight.id)
    }
    var kept: [MirrorKey: Set<Bool>] = [:]
    var result: [Insight] = []
    for candidate in ordered {
      let mirrored = candidate.splits.contains { split in
        kept[split.key]?.contains(!split.holdsFirst) == true
      }
      guard !mirrored else { continue }
      for split in candidate.splits { kept[split.key, default: []].insert(split.holdsFirst) }
      result.append(candidate.insight)
    }
    return result
  }
}

/// A finding on its way to the ranking, with the splits it rests on.
struct InsightCandidate: Sendable {
  var insight: Insight
  /// The yes/no splits of one source behind the finding; another finding with the opposite
  /// side of one of them is its mirror.
  var splits: [SplitSide]
  /// Whether the signal's side is the larger: "more steps", "higher", a higher rate.
  var isPositive: Bool
  /// Reports on the signal's side: of two mirrors otherwise alike, the smaller is kept.
  var splitSize: Int
}

/// What a split compares against and over which reports, and the half holding the first of
/// those reports: two signals cutting the same reports into the same halves share a key.
struct MirrorKey: Hashable, Sendable {
  /// The other side of the comparison: `metric:<id>`, `answer:<id>` or `context:<id>`.
  var partner: String
  var sources: [String]
  var universe: ReportSet
  var half: ReportSet
}

/// One signal's split of a comparison's reports: the key, and whether the signal holds on the
/// half with the first report.
struct SplitSide: Sendable {
  var key: MirrorKey
  var holdsFirst: Bool

  /// Nil over an empty universe. `subset` must lie within `universe`.
  init?(partner: String, sources: [String], universe: ReportSet, subset: ReportSet) {
    guard let first = universe.first else { return nil }
    holdsFirst = subset.contains(first)
    let half = holdsFirst ? subset : universe.subtracting(subset)
    key = MirrorKey(partner: partner, sources: sources, universe: universe, half: half)
  }
}
