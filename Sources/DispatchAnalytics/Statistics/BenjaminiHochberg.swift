/// The Benjamini–Hochberg step-up procedure: adjusted p-values (q-values) and the hypotheses it
/// rejects at a false discovery rate.
///
/// The drill-in runs it over every p-value of one drill-in at q = 0.05
/// (docs/insights.md#drill-in-rules) and the day-level engine over every test of a run at
/// q = 0.10 (docs/insights.md#day-level-rules) — never over only the displayed ones. The
/// adjusted values match `scipy.stats.false_discovery_control(p, method="bh")`.
public enum BenjaminiHochberg {
  /// The adjusted p-value of each input, in input order.
  ///
  /// With the p-values ranked 1...m ascending, the value of rank i is min over j ≥ i of
  /// p₍ⱼ₎·m/j, capped at 1, so the adjusted values are monotone in p and tied p-values share
  /// one. An empty list gives an empty list; nil when a value is NaN or outside 0...1.
  public static func adjusted(_ pValues: [Double]) -> [Double]? {
    guard pValues.allSatisfy({ $0 >= 0 && $0 <= 1 }) else { return nil }
    let m = pValues.count
    let order = pValues.indices.sorted { pValues[$0] < pValues[$1] }
    var result = [Double](repeating: 0, count: m)
    var running = 1.0
    for rank in stride(from: m, through: 1, by: -1) {
      let index = order[rank - 1]
      running = Swift.min(running, pValues[index] * (Double(m) / Double(rank)))
      result[index] = running
    }
    return result
  }

  /// Which hypotheses are rejected at false discovery rate `level`: those whose adjusted
  /// p-value is at most `level`, which is the step-up rule "reject every p-value up to the
  /// largest p₍ₖ₎ ≤ k·level/m". Nil when a p-value is invalid or `level` is outside 0...1.
  public static func rejections(_ pValues: [Double], at level: Double) -> [Bool]? {
    guard level >= 0, level <= 1, let adjusted = adjusted(pValues) else { return nil }
    return adjusted.map { $0 <= level }
  }
}
