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
      Looks through everything you have filed for things that tend to go together — the \
      people you are with, places, activities, weather, workouts — and your mood, energy, \
      steps and other numbers, and says each pattern in plain words with how many reports it \
      rests on. Patterns are tendencies, never causes. Nothing is shown before \
      \(InsightsEngine.minimumReports) reports, and weak or lopsided patterns are left out, \
      so a short list is an honest one; at most \(InsightsEngine.maximumInsights) are shown, \
      the strongest first.

      --question Q looks at one question (its prompt, a part of it, or its ID): what goes \
      with each of its answers, and which links are too weak to trust.

      --mode day compares days instead of reports, the better choice once you have a few \
      months: several reports on one day count once, and a pattern must hold in both halves \
      of your history.

      How patterns are tested — the thresholds, the tests, and how many false alarms they \
      allow — is in docs/insights.md. --json prints every finding with its numbers (title, \
      detail, kind, sampleCount, strength, and status for --question and --mode day).
      """,
    options: [
      modeOption.spec,
      .value("question", "QUESTION", "Drill into one question: its prompt, ID or ID prefix"),
      .flag("all", "With --mode day: every pattern found, not only the strongest"),
    ],
    json: true,
    examples: [
      "dispatch insights", "dispatch insights --json", "dispatch insights --mode day",
      "dispatch insights --mode day --all",
      "dispatch insights --question 'How happy are you?'",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws {
    let mode = invocation.value(modeOption) ?? .global
    if invocation.flag("all") && mode != .day {
      throw invocation.usage("--all shows every day-level pattern; add --mode day")
    }
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
      invocation.printFinding(title: insight.title, detail: insight.detail)
    }
  }
}
