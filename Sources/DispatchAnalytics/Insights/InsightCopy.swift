/// The words around a list of insights (the copy of docs/insights.md#global-engine-rules, the
/// disclaimer of docs/insights.md#drill-in-rules).
public enum InsightCopy {
  /// Above the global engine's list.
  public static func header(reportCount: Int) -> String {
    "Patterns across all \(InsightFormat.grouped(Double(reportCount))) of your reports. These are tendencies, not causes — "
      + "small or noisy differences stay hidden."
  }

  /// The honest answer when nothing cleared the guards.
  public static func empty(reportCount: Int) -> String {
    guard reportCount >= InsightsEngine.minimumReports else {
      return "Not enough reports yet: insights need at least \(InsightsEngine.minimumReports) "
        + "filed reports, and you have \(reportCount)."
    }
    return "No pattern is strong or steady enough to show yet — that's the honest answer. "
      + "Across your \(InsightFormat.grouped(Double(reportCount))) reports, nothing cleared the sample-size and effect-size "
      + "guards."
  }

  /// "Based on N reports".
  public static func basedOn(_ count: Int) -> String {
    "Based on \(count) \(count == 1 ? "report" : "reports")"
  }

  /// Shown with every per-question and day-level result.
  public static let disclaimer =
    "These are correlations in your own history, not causes. Filing patterns, seasons, and "
    + "habits all move together — no comparison here can say which one is behind the other."
}
