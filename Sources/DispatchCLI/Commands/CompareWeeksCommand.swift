import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch compare-weeks`: two adjacent weeks of one metric side by side
/// (docs/charts.md#from-the-command-line).
enum CompareWeeksCommand {
  static let spec: CommandSpec = CommandSpec(
    "compare-weeks",
    abstract: "Compare the last 7 days of a metric with the 7 days before",
    discussion: """
      The later week is the 7 days ending with --ending (default today); the earlier one the 7 \
      days before. The day-balanced average weighs each day the same however many entries it \
      has (the entry average, beside it, lets busy days weigh more); coverage says how many \
      days and entries each week has; the same weekdays are compared with each other; and \
      the metric-context entries (a cold, travel, a new scale) that overlap each week are \
      listed. --metric is a record type with numbers (mood, fatigue, steps, 'heart rate', \
      'resting heart rate') or a number question's prompt (default mood).
      """,
    options: [
      .value("metric", "METRIC", "mood (default), a record type or a number question"),
      .value("ending", "DATE", "The later week's last day (YYYY-MM-DD, today, Nd)"),
    ],
    json: true,
    examples: [
      "dispatch compare-weeks", "dispatch compare-weeks --metric steps --ending 2026-07-12",
      "dispatch compare-weeks --metric 'How happy are you?' --json",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws {
    let metric = invocation.value("metric") ?? "mood"
    let store = try invocation.openStore(.read)
    let zone = try ScheduleSettings.load(from: store).zone
    let ending = try invocation.dayInstant(
      "ending", zone: zone, now: invocation.runEnvironment.now())
    let comparison = try store.weekComparison(metric: metric, ending: ending)
    if invocation.wantsJSON {
      invocation.printJSON(comparison.jsonValue)
      return
    }
    for line in WeekComparisonText.lines(comparison) { invocation.stdout.line(line) }
  }
}
