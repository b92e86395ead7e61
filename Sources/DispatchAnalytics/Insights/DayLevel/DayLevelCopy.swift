/// The day-level engine's wording (docs/insights.md#day-level-rules): tendencies with their
/// strength label, the effect, the days and reports they rest on and the date span — never causal
/// words.
enum DayLevelCopy {
  static let caveat = "This is a pattern in your reports, not proof that one causes the other."

  /// "On days with more steps, your mood tended to be a little higher (ρ = 0.31, 52 days)."
  static func finding(_ test: DayLevelTest, q: Double, testCount: Int, context: DayLevelContext)
    -> InsightRow
  {
    let binary = test.pairs.isBinary
    let lead: String
    switch (binary, test.lag) {
    case (true, 0): lead = "On days when \(test.exposure.phrase)"
    case (true, _): lead = "On days after \(test.exposure.phrase)"
    case (false, 0): lead = "On days with \(test.exposure.phrase)"
    case (false, _): lead = "On days after a day with \(test.exposure.phrase)"
    }
    let strength = DayLevelEngine.strengthLabel(test.effect) ?? "a little"
    let direction = test.effect > 0 ? "higher" : "lower"
    let symbol = binary ? "r" : "ρ"
    let title =
      "\(lead), \(test.outcome.name) tended to be \(strength) \(direction) "
      + "(\(symbol) = \(InsightFormat.fixed(test.effect, decimals: 2)), \(test.dayCount) days)."
    var detail: String
    if binary {
      let means = test.groupMeans
      let format = test.outcome.format
      let (on, after) = test.lag == 0 ? ("on", "on") : ("the day after", "after")
      detail =
        "Average \(format.text(means.with)) \(on) \(test.pairs.withCount) days with vs "
        + "\(format.text(means.without)) \(after) \(test.pairs.withoutCount) days without "
        + "(Mann–Whitney; r is the rank-biserial correlation)."
    } else {
      detail = "Spearman's rank correlation over \(test.dayCount) days."
    }
    let first = test.pairs.exposureDays.first ?? 0
    let last = test.pairs.outcomeDays.last ?? 0
    detail +=
      " \(InsightFormat.grouped(Double(context.reportCount(test.pairs)))) reports, "
      + "\(context.dateText(first)) to \(context.dateText(last)); \(qText(q)) across "
      + "\(InsightFormat.grouped(Double(testCount))) tests. \(caveat)"
    return InsightRow(
      status: .finding,
      insight: Insight(
        id: test.id, kind: .dayLevel, title: title, detail: detail, sampleCount: test.dayCount,
        strength: min(abs(test.effect), 1),
        sourceKeys: [test.exposure.sourceKey, test.outcome.sourceKey]))
  }

  /// "Not enough data yet: need N more days with and without “gym”".
  static func shortfall(_ exposure: DayExposure, _ outcome: DayOutcome, pairs: DayPairs)
    -> InsightRow
  {
    let total = pairs.exposure.count
    let title: String
    let detail: String
    if pairs.isBinary {
      let group = DayLevelEngine.minimumDaysPerGroup
      let missing = max(
        max(0, group - pairs.withCount) + max(0, group - pairs.withoutCount),
        DayLevelEngine.minimumDays - total)
      title =
        "Not enough data yet: need \(missing) more \(days(missing)) with and without "
        + exposure.name
      detail =
        "To compare with \(outcome.name): \(pairs.withCount) days with and "
        + "\(pairs.withoutCount) without so far; day-level insights need "
        + "\(DayLevelEngine.minimumDays) days, \(group) of each."
    } else {
      let missing = max(0, DayLevelEngine.minimumDays - total)
      title =
        "Not enough data yet: need \(missing) more \(days(missing)) with both \(exposure.name) and "
        + "\(outcome.name)"
      detail =
        "\(total) days have both so far; day-level insights need "
        + "\(DayLevelEngine.minimumDays)."
    }
    return InsightRow(
      status: .insufficientData,
      insight: Insight(
        id: "dayLevel:\(exposure.id)|\(outcome.id)|lag0", kind: .dayLevel, title: title,
        detail: detail, sampleCount: total, strength: 0,
        sourceKeys: [exposure.sourceKey, outcome.sourceKey]))
  }

  private static func days(_ count: Int) -> String { count == 1 ? "day" : "days" }

  /// "q = 0.03", "q = 0.004", "q < 0.001".
  static func qText(_ q: Double) -> String {
    if q < 0.001 { return "q < 0.001" }
    return "q = \(InsightFormat.fixed(q, decimals: q < 0.01 ? 3 : 2))"
  }
}
