import DispatchCommandLine
import DispatchKit

/// `dispatch insights --mode`: which engine runs.
enum InsightsMode: String, CaseIterable {
  /// The global engine, across every report (docs/insights.md#global-engine-rules).
  case global
  /// The day-level engine, days as the unit (docs/insights.md#day-level-rules).
  case day
}

/// The drill-in (`--question`) and day-level (`--mode day`) forms of `dispatch insights`.
extension InsightsCommand {
  /// Shortfall rows shown in text; `--json` lists them all.
  static let shortfallLinesShown = 8
  /// Day-level findings shown in text, strongest first; `--json` lists them all.
  static let dayFindingsShown = 10

  /// One question's drill-in: findings with headline and detail, then null and short rows,
  /// then the disclaimer.
  static func drillIn(_ invocation: Invocation, reference: String) throws {
    let store = try invocation.openStore(.read)
    let question = try store.questions.question(matching: reference)
    let drillIn = try store.drillIn(for: question)
    if invocation.wantsJSON {
      invocation.printJSON(.array(drillIn.rows.map(\.jsonValue)))
      return
    }
    let style = invocation.style
    invocation.stdout.line(
      style.bold("“\(question.prompt)”") + " — \(InsightCopy.basedOn(drillIn.answeredCount))")
    if let note = drillIn.note { invocation.stdout.line(style.dim(note)) }
    let findings = drillIn.rows.filter { $0.status == .finding }
    if !findings.isEmpty { invocation.stdout.line() }
    for row in findings {
      invocation.printFinding(title: row.insight.title, detail: row.insight.detail)
    }
    let others = drillIn.rows.filter { $0.status != .finding }
    if !others.isEmpty { invocation.stdout.line() }
    for row in others {
      invocation.stdout.line("  \(row.insight.title): \(row.insight.detail)")
    }
    invocation.stdout.line()
    invocation.stdout.line(style.dim(DrillIn.disclaimer))
  }

  /// The day-level engine: findings, then the pairs that need more days, then the disclaimer.
  static func dayLevel(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.read)
    let result = try store.dayLevelInsights()
    if invocation.wantsJSON {
      invocation.printJSON(.array(result.rows.map(\.jsonValue)))
      if result.findings.isEmpty { invocation.note(emptyDayLevel(result)) }
      return
    }
    let style = invocation.style
    if result.findings.isEmpty {
      invocation.stdout.line(emptyDayLevel(result))
    } else {
      invocation.stdout.line(
        style.dim(
          "Day-level patterns across \(ProgressBar.grouped(result.dayCount)) days "
            + "(\(ProgressBar.grouped(result.reportCount)) reports), "
            + "\(ProgressBar.grouped(result.testCount)) tests run."))
    }
    let shownCount = invocation.flag("all") ? result.findings.count : dayFindingsShown
    for row in result.findings.prefix(shownCount) {
      invocation.stdout.line()
      invocation.printFinding(title: row.insight.title, detail: row.insight.detail)
    }
    if result.findings.count > shownCount {
      invocation.stdout.line()
      let more = HelpFormatter.wrap(
        "These are the \(shownCount) strongest of \(DisplayNumber.grouped(result.findings.count)) "
          + "patterns; 'dispatch insights --mode day --all' shows every one.",
        width: invocation.proseWidth, indent: 0)
      invocation.stdout.line(style.dim(more))
    }
    // One line per exposure: its shortfall is worded the same for every outcome.
    var seen = Set<String>()
    let titles = result.shortfalls.map(\.insight.title).filter { seen.insert($0).inserted }
    let shown = titles.prefix(shortfallLinesShown)
    if !shown.isEmpty { invocation.stdout.line() }
    for title in shown { invocation.stdout.line("  " + title + ".") }
    let hidden = titles.count - shown.count
    if hidden > 0 {
      invocation.stdout.line(style.dim("  …and \(hidden) more (--json lists them all)."))
    }
    invocation.stdout.line()
    invocation.stdout.line(style.dim(InsightCopy.disclaimer))
  }

  /// The honest answer when no day-level pattern cleared the gates.
  private static func emptyDayLevel(_ result: DayLevelResult) -> String {
    "No day-level pattern is strong or steady enough to show yet: \(result.testCount) tests "
      + "over \(result.dayCount) days, none past q ≤ 0.10, an effect of 0.20 and the same "
      + "direction in both halves of your history."
  }
}
