import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch reports …`: list, show, edit and remove filed reports.
enum ReportsCommand {
  static let limitOption = Option<Int>.integer(
    "limit", "N", in: 1...Int.max, "Only the newest N reports (still listed oldest first)")

  static let spec: CommandSpec = CommandSpec(
    "reports",
    abstract: "List, show, edit and remove reports",
    subcommands: [listSpec, showSpec, ReportEditing.editSpec, ReportEditing.removeSpec],
    defaultSubcommand: "list")

  static let reportArgument = ArgumentSpec(
    "ID", "A report ID, a unique prefix of at least 4 characters, or last (the newest)")

  static let listSpec: CommandSpec = CommandSpec(
    "list",
    abstract: "List filed reports, oldest first",
    discussion: """
      Lists every filed report unless narrowed. Dates are YYYY-MM-DD, today, yesterday, Nd \
      (N days ago) or an ISO-8601 instant. A day is read in each report's own time zone, so a \
      report filed abroad counts on the day it was there; --to includes the whole day it names.
      """,
    options: [
      .value("from", "DATE", "Only reports on or after this date"),
      .value("to", "DATE", "Only reports up to this date (inclusive)"),
      limitOption.spec,
      .flag("drafts", "Include drafts"),
    ],
    json: true,
    examples: [
      "dispatch reports list --from 7d", "dispatch reports list --limit 20",
      "dispatch reports list --json > reports.json",
    ],
    run: list)

  static let showSpec: CommandSpec = CommandSpec(
    "show",
    abstract: "Show one report with every answer and its context",
    arguments: [reportArgument],
    json: true,
    run: show)

  static func list(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.read)
    let zone = invocation.runEnvironment.zone
    let now = invocation.runEnvironment.now()
    func date(_ name: String, endOfDay: Bool) throws(CLIError) -> DateBound? {
      guard let text = invocation.value(name) else { return nil }
      guard let bound = DateArgument.parse(text, zone: zone, now: now, endOfDay: endOfDay) else {
        throw invocation.usage(
          "'\(text)' is not a date for --\(name): use YYYY-MM-DD, today, yesterday, 7d or an ISO-8601 instant"
        )
      }
      return bound
    }
    let selection = ReportSelection(
      from: try date("from", endOfDay: false), to: try date("to", endOfDay: true),
      includeDrafts: invocation.flag("drafts"),
      limit: invocation.value(limitOption))
    if invocation.wantsJSON {
      var count = 0
      invocation.stdout.writeVerbatim("[")
      try store.reports.forEachReport(selection) { report in
        invocation.stdout.writeVerbatim(count == 0 ? "\n" : ",\n")
        JSONWriter.write(report.jsonValue, style: .compact) { invocation.stdout.writeVerbatim($0) }
        count += 1
      }
      invocation.stdout.line(count == 0 ? "]" : "\n]")
      return
    }
    let width =
      invocation.terminal.stdoutIsTTY
      ? TerminalInfo.width(environment: invocation.environment) : Int.max
    var count = 0
    try store.reports.forEachReport(selection) { report in
      invocation.stdout.line(ReportText.line(report, style: invocation.style, width: width))
      count += 1
    }
    guard count > 0 else {
      let hint =
        selection == ReportSelection()
        ? " yet. File one with 'dispatch report'." : " in that range."
      invocation.stdout.line("No reports" + hint)
      return
    }
    invocation.stdout.line(invocation.style.dim("\(count) report\(count == 1 ? "" : "s")"))
  }

  static func show(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.read)
    let report = try store.reports.report(matching: invocation.positional(0) ?? "")
    if invocation.wantsJSON {
      invocation.printJSON(report.jsonValue)
      return
    }
    let order = Dictionary(
      uniqueKeysWithValues: try store.questions.list().map { ($0.id, $0.sortOrder) })
    let lines = ReportText.details(
      report, questionOrder: order, style: invocation.style, units: try invocation.units(store))
    for line in lines { invocation.stdout.line(line) }
  }
}
