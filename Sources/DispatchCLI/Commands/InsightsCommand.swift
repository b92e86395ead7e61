import DispatchCommandLine
import DispatchKit

/// `dispatch insights`: tendencies across every filed report
/// (docs/insights.md#dispatch-insights-the-global-engine, docs/insights.md#global-engine-rules).
enum InsightsCommand {
  static let modeOption = Option<InsightsMode>.choice(
    "mode", "global|day", noun: "a mode", "Which engine: global (default) or the day-level one")

  static let spec: CommandSpec = CommandSpec(
    "insights",
    abstract: "Show patterns across all your reports, worded as tendencies, never causes",
    discussion: """
      Dispatch's global engine compares every answer, token, person, place, weather \
      condition, Focus and workout with every number a report carries (number answers, \
      steps, flights, ambient sound, mood valence, workout minutes), and with each other. A \
      pattern is shown only with at least \(InsightsEngine.minimumReports) filed reports, \
      \(InsightsEngine.minimumSide) on each side of the comparison, and a difference of \
      means of at least half a standard deviation or of \
      rates of at least 25 points; at most \(InsightsEngine.maximumInsights) are shown, the \
      strongest first. Each says how many reports it rests on. --json prints an array of \
      findings (title, detail, kind, sampleCount, strength); with none it prints [] and says \
      why on standard error.

      --question Q drills into one question (its prompt, ID or a unique prefix): each \
      answer (up to the \(DrillInEngine.maximumTargets) most common labels) against people, \
      places, connection, time of day, sleep, steps and heart rate, with a rate difference, a \
      Welch mean difference or a Pearson correlation and its 95% interval. Benjamini–Hochberg \
      at q = 0.05 runs over every test of the drill-in; findings come first, then pairs with \
      no reliable link and pairs with too little data.

      --mode day is the recommended day-level engine: days, not reports, are compared, so \
      several reports sharing one day's mood do not count as separate evidence. Yes/no \
      exposures (an answer any that day, an activity, a medication dose, the day of the week) \
      and daily totals or means (number answers, steps, sleep, fatigue and mood ratings, \
      stress check-ins) are tested against each day's mood, number answers, steps, ratings \
      and stress, the same day and the day after (Mann–Whitney or Spearman, at \
      least \(DayLevelEngine.minimumDays) days and \(DayLevelEngine.minimumDaysPerGroup) with \
      and without), Benjamini–Hochberg at q = 0.10 over every test; a pattern is shown only \
      when its effect is at least 0.20 and points the same way in both halves of your \
      history. --mode global (the default) is the engine above. With --json every row has \
      title, detail, kind, sampleCount, strength and status (finding, noReliableLink, \
      insufficientData).
      """,
    options: [
      modeOption.spec,
      .value("question", "QUESTION", "Drill into one question: its prompt, ID or ID prefix"),
    ],
    json: true,
    examples: [
      "dispatch insights", "dispatch insights --json", "dispatch insights --mode day",
      "dispatch insights --question 'How is your mood?'",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws {
    let mode = invocation.value(modeOption) ?? .global
    if let reference = invocation.value("question") {
      guard mode == .global else {
        throw invocation.usage("--question drills into one question; it takes no --mode day")
      }
      try drillIn(invocation, reference: reference)
      return
    }
    switch mode {
    case .global: try global(invocation)
    case .day: try dayLevel(invocation)
    }
  }

  /// The global engine (docs/insights.md#global-engine-rules).
  static func global(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.read)
    let (insights, reportCount) = try store.insights()
    if invocation.wantsJSON {
      invocation.printJSON(.array(insights.map(\.jsonValue)))
      if insights.isEmpty { invocation.note(InsightCopy.empty(reportCount: reportCount)) }
      return
    }
    guard !insights.isEmpty else {
      invocation.stdout.line(InsightCopy.empty(reportCount: reportCount))
      return
    }
    let style = invocation.style
    invocation.stdout.line(style.dim(InsightCopy.header(reportCount: reportCount)))
    for insight in insights {
      invocation.stdout.line()
      invocation.stdout.line("• " + style.bold(insight.title))
      invocation.stdout.line("  " + insight.detail)
    }
  }
}
