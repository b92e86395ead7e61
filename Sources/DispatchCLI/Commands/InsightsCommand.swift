import DispatchKit

/// `dispatch insights`: tendencies across every filed report (SPEC §8, reference §5.1).
enum InsightsCommand {
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
      """,
    json: true,
    examples: ["dispatch insights", "dispatch insights --json"],
    run: run)

  static func run(_ invocation: Invocation) throws {
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
