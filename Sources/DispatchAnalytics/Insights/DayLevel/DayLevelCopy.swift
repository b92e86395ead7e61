/// The day-level engine's wording (docs/insights.md#day-level-rules): tendencies with a strength
/// word only where the days support one, the effect with its interval, the days and reports
/// they rest on and the date span — never causal words.
enum DayLevelCopy {
  static let caveat = "This is a pattern in your reports, not proof that one causes the other."

  /// "On days with more steps, your mood tended to be a little higher (ρ = 0.31, 52 days)."
  static func finding(_ test: DayLevelTest, q: Double, testCount: Int, context: DayLevelContext)
    -> InsightRow
  {
    let binary = test.pairs.isBinary
    let lead: String
    switch (binary, test.lag) {
    case (true, 0): lead = test.exposure.sameDayLead ?? "On days when \(test.exposure.phrase)"
    case (true, _): lead = "On days after \(test.exposure.phrase)"
    case (false, 0): lead = "On days with \(test.exposure.phrase)"
    case (false, _): lead = "On days after a day with \(test.exposure.phrase)"
    }
    let strength = DayLevelEngine.strengthWord(test).map { $0 + " " } ?? ""
    let direction = test.effect > 0 ? "higher" : "lower"
    let symbol = binary ? "r" : "ρ"
    // A yes/no exposure says how many days had it: r = -1.00 over 189 days reads differently
    // when only 5 of them are "with".
    let basis =
      binary
      ? "; \(test.pairs.withCount) \(days(test.pairs.withCount)) with, "
        + "\(test.pairs.withoutCount) without"
      : ", \(test.dayCount) days"
    let title =
      "\(lead), \(test.outcome.name) tended to be \(strength)\(direction) "
      + "(\(symbol) = \(fixed(test.effect))\(basis))."
    let interval = test.interval.map { " (95% CI \(fixed($0.lower)) to \(fixed($0.upper)))" }
    let scale = test.outcome.scaleNote.map { ", \($0)" } ?? ""
    var detail: String
    if binary {
      let means = test.groupMeans
      let format = test.outcome.format
      let (on, after) = test.lag == 0 ? ("on", "on") : ("the day after", "after")
      let (with, without) = (test.pairs.withCount, test.pairs.withoutCount)
      detail =
        "Average \(format.text(means.with)) \(on) \(with) \(days(with)) with vs "
        + "\(format.text(means.without)) \(after) \(without) \(days(without)) without\(scale). "
        + "Mann–Whitney rank-biserial r = \(fixed(test.effect))\(interval ?? "")."
    } else {
      detail =
        "Spearman's rank correlation ρ = \(fixed(test.effect))\(interval ?? "") over "
        + "\(test.dayCount) days\(scale)."
    }
    let first = test.pairs.exposureDays.first ?? 0
    let last = test.pairs.outcomeDays.last ?? 0
    let records = context.recordCount(test.pairs)
    let recordText =
      records > 0
      ? " and \(InsightFormat.grouped(Double(records))) \(records == 1 ? "record" : "records")" : ""
    detail +=
      " \(InsightFormat.grouped(Double(context.reportCount(test.pairs)))) reports\(recordText), "
      + "\(context.dateText(first)) to \(context.dateText(last)); \(qText(q)) across "
      + "\(InsightFormat.grouped(Double(testCount))) tests. \(caveat)"
    return InsightRow(
      status: .finding,
      insight: Insight(
        id: test.id, kind: .dayLevel, title: title, detail: detail, sampleCount: test.dayCount,
        strength: min(abs(test.effect), 1),
        sourceKeys: test.exposure.sortedSources + [test.outcome.sourceKey]))
  }

  /// "Not enough data yet: need N more days with and without “gym”"; for the day after,
  /// "Not enough data yet for the day after: …".
  static func shortfall(_ exposure: DayExposure, _ outcome: DayOutcome, lag: Int, pairs: DayPairs)
    -> InsightRow
  {
    let total = pairs.exposure.count
    let title: String
    let detail: String
    let lead = lag == 0 ? "Not enough data yet" : "Not enough data yet for the day after"
    let compared = lag == 0 ? outcome.name : "\(outcome.name) the day after"
    if pairs.isBinary {
      let group = DayLevelEngine.minimumDaysPerGroup
      let missing = max(
        max(0, group - pairs.withCount) + max(0, group - pairs.withoutCount),
        DayLevelEngine.minimumDays - total)
      title = "\(lead): need \(missing) more \(days(missing)) with and without \(exposure.name)"
      detail =
        "To compare with \(compared): \(pairs.withCount) \(days(pairs.withCount)) with and "
        + "\(pairs.withoutCount) without so far; day-level insights need "
        + "\(DayLevelEngine.minimumDays) days, \(group) of each."
    } else {
      let missing = max(0, DayLevelEngine.minimumDays - total)
      title =
        "\(lead): need \(missing) more \(days(missing)) with both \(exposure.name) and "
        + compared
      detail =
        "\(total) \(total == 1 ? "day has" : "days have") both so far; day-level insights need "
        + "\(DayLevelEngine.minimumDays)."
    }
    return InsightRow(
      status: .insufficientData,
      insight: Insight(
        id: "dayLevel:\(exposure.id)|\(outcome.id)|lag\(lag)", kind: .dayLevel, title: title,
        detail: detail, sampleCount: total, strength: 0,
        sourceKeys: exposure.sortedSources + [outcome.sourceKey]))
  }

  /// "1 day", "2 days".
  static func days(_ count: Int) -> String { count == 1 ? "day" : "days" }

  private static func fixed(_ value: Double) -> String {
    InsightFormat.fixed(value, decimals: 2)
  }

  /// "q = 0.03", "q = 0.004", "q < 0.001".
  static func qText(_ q: Double) -> String {
    if q < 0.001 { return "q < 0.001" }
    return "q = \(InsightFormat.fixed(q, decimals: q < 0.01 ? 3 : 2))"
  }
}
