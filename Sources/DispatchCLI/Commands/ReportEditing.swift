import DispatchCommandLine
import DispatchKit

/// `dispatch reports edit` and `remove`.
enum ReportEditing {
  static let editSpec: CommandSpec = CommandSpec(
    "edit",
    abstract: "Change answers of a filed report",
    discussion: "Each --answer replaces that question's answer (an empty value records a skip).",
    arguments: [ReportsCommand.reportArgument],
    options: [
      SurveyFiling.answerOption,
      SurveyFiling.kindOption("Change the report's kind").spec,
    ],
    json: true,
    examples: ["dispatch reports edit last --answer 'Are you working?=no'"],
    run: edit)

  static let removeSpec: CommandSpec = CommandSpec(
    "remove",
    abstract: "Delete a report and its answers",
    arguments: [ReportsCommand.reportArgument],
    options: [.flag("yes", short: "y", "Do not ask for confirmation")],
    run: remove)

  static func edit(_ invocation: Invocation) throws {
    let pairs = try invocation.values("answer").map { try SurveyFiling.split($0, invocation) }
    let kind = invocation.value(SurveyFiling.kindOption(""))
    guard !pairs.isEmpty || kind != nil else {
      throw invocation.usage("nothing to change: give --answer PROMPT_OR_ID=VALUE or --kind")
    }
    let store = try invocation.openStore(.write)
    let report = try ReportEdits(store: store, environment: invocation.runEnvironment).edit(
      invocation.positional(0) ?? "", answers: pairs, kind: kind)
    if invocation.wantsJSON {
      invocation.printJSON(report.jsonValue)
    } else {
      invocation.stdout.line("Updated report \(DisplayID.short(report.id)).")
    }
  }

  static func remove(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.write)
    let report = try store.reports.report(matching: invocation.positional(0) ?? "")
    let local = report.localTime
    let label = "the \(report.kind.rawValue) report of \(local.dateText) \(local.clockText)"
    if !invocation.flag("yes") {
      guard invocation.terminal.isInteractive else {
        throw invocation.usage("removing \(label) needs --yes when not run from a terminal")
      }
      invocation.stdout.write("Delete \(label) with its \(report.responses.count) answers? [y/N] ")
      invocation.stdout.flush()
      guard let reply = readLine(), ["y", "yes"].contains(reply.lowercased()) else {
        invocation.stdout.line("Kept it.")
        return
      }
    }
    try store.write { try $0.removeReportKeepingSyncState(id: report.id) }
    invocation.stdout.line("Removed \(label).")
  }
}
