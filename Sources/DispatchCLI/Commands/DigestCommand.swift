import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch digest`: a week, month or quarter in a few sentences
/// (docs/insights.md#dispatch-digest, docs/insights.md#digest-sentences).
enum DigestCommand {
  static let periodOption = Option<DigestPeriod>.choice(
    "period", "week|month|quarter", noun: "a period", "How long a period (default week)")

  static let spec: CommandSpec = CommandSpec(
    "digest",
    abstract: "Summarise a week, month or quarter, compared with the one before",
    discussion: """
      The period ends with the day given by --ending (default today, in the store's time \
      zone) and starts one week, one month or three months earlier; it is compared with the \
      period of the same length just before. The summary counts filed reports, the most \
      frequent answers, people and places, the mood trend, steps and workouts and the report \
      streak, and adds up to two insights from your whole history. The same data always give \
      the same text. --json has `summary` and every figure behind it.
      """,
    options: [
      periodOption.spec,
      .value("ending", "DATE", "Its last day: YYYY-MM-DD, today, yesterday, Nd (default today)"),
    ],
    json: true,
    examples: [
      "dispatch digest", "dispatch digest --period month --json",
      "dispatch digest --ending 2026-06-14",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws {
    let period = invocation.value(periodOption) ?? .week
    let store = try invocation.openStore(.read)
    let zone = try ScheduleSettings.load(from: store).zone
    let ending = try invocation.dayInstant(
      "ending", zone: zone, now: invocation.runEnvironment.now())
    let stats = try store.digest(period: period, ending: ending)
    if invocation.wantsJSON {
      invocation.printJSON(stats.jsonValue)
      return
    }
    let lastDay = stats.window.end.adding(seconds: -1)
    invocation.stdout.line(
      invocation.style.bold(
        "\(period.rawValue.capitalized) of \(day(stats.window.start, zone)) to \(day(lastDay, zone))"
      ))
    for paragraph in stats.paragraphs {
      invocation.stdout.line()
      invocation.printParagraph(paragraph)
    }
    if !stats.topInsights.isEmpty {
      invocation.stdout.line()
      invocation.stdout.line("Across all your reports:")
      for insight in stats.topInsights { invocation.printBullet(insight.title, indent: 2) }
    }
    if stats.reportCount == 0 && stats.priorPeriodReportCount == 0
      && invocation.value("ending") == nil,
      let last = try store.statusSnapshot(now: invocation.runEnvironment.now()).lastReportDate
    {
      // An imported history that ended long ago: point at its last week instead of nothing.
      invocation.stdout.line()
      invocation.printParagraph(
        "Your last report is from \(day(last, zone)); 'dispatch digest --ending \(day(last, zone))' "
          + "summarises the \(period.noun) it ends.")
    }
  }

  private static func day(_ instant: Instant, _ zone: TimeZone) -> String {
    instant.localDateText(in: zone)
  }
}
