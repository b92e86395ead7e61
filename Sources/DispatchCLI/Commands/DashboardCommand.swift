import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch dashboard -o FILE.html`: one self-contained page of everything
/// (docs/charts.md#the-dashboard).
enum DashboardCommand {
  static let spec: CommandSpec = CommandSpec(
    "dashboard",
    abstract: "Write one self-contained HTML page: charts, insights, digest, week comparison",
    discussion: """
      The page has the last week's digest, the insights, the mood week comparison, daily \
      graphs of mood, steps (one source per interval) and heart rate, a chart per question \
      and the metric-context entries. Charts are inline SVG with titles and descriptions; the \
      page loads nothing from the network and runs no scripts, so it can be mailed or kept \
      offline. --from and --to show a part of the history (the last month for a doctor's \
      appointment); the digest and week comparison then end with the range's last report. \
      --open shows it with the desktop's default browser (xdg-open).
      """,
    options: [
      .value(
        "output", "FILE", short: "o", completion: .file,
        "Where to write the page (default dashboard.html)"),
      .flag("open", "Open the page in the default browser afterwards"),
      .value(
        "from", "DATE",
        "Show only what happened from this day (YYYY-MM-DD, today, 30d, ISO-8601)"),
      .value("to", "DATE", "Show only what happened up to and including this day"),
    ],
    examples: [
      "dispatch dashboard -o ~/dispatch.html --open",
      "dispatch dashboard --from 30d -o last-month.html",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws {
    let path = invocation.value("output") ?? "dashboard.html"
    let store = try invocation.openStore(.read)
    let range = try RecordOptions.range(invocation, store)
    if let from = range.from, let to = range.to, from >= to {
      throw invocation.usage("--from must be before --to")
    }
    try DashboardService.write(
      store, to: path, now: invocation.runEnvironment.now(),
      range: DashboardData.Range(from: range.from, to: range.to))
    invocation.stdout.line(path)
    if invocation.flag("open") { open(path, invocation) }
  }

  private static func open(_ path: String, _ invocation: Invocation) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["xdg-open", path]
    do {
      try process.run()
    } catch {
      invocation.note(
        "Could not open the page (\(error.localizedDescription)); open '\(path)' yourself.")
    }
  }
}
