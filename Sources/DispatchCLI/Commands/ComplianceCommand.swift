import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch compliance`: answered / fired per day and schedule (docs/daemon.md#compliance).
enum ComplianceCommand {
  static let daysOption = Option<Int>.integer(
    "days", "N", in: 1...366, "How many days, 1–366 (default 7)")

  static let spec: CommandSpec = CommandSpec(
    "compliance",
    abstract: "Show how many prompts fired and were answered, per day and group",
    discussion: """
      Counts the prompts the daemon logged for each local day and schedule (the main \
      schedule, or a prompt group): due, fired, answered (a report was filed from the prompt \
      or a quick answer given), missed (never delivered: the machine was off past the expiry, \
      a newer prompt came first, or delivery failed) and expired (fired, nothing done). The \
      rate is answered / fired; the delay is the median time from the notification to the \
      report. Nags and snoozes count for their prompt.
      """,
    options: [
      daysOption.spec,
      .value("to", "YYYY-MM-DD", "The last day (default: today)"),
    ],
    json: true,
    examples: [
      "dispatch compliance", "dispatch compliance --days 30 --json",
      "dispatch compliance --to 2026-07-12 --days 14",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws {
    let days = invocation.value(daysOption) ?? 7
    var lastDay: LocalDate?
    if let text = invocation.value("to") {
      guard let day = LocalDate(parsing: text) else {
        throw invocation.usage("'\(text)' is not valid for --to: expected YYYY-MM-DD")
      }
      lastDay = day
    }
    let store = try invocation.openStore(.read)
    let report = try store.prompts.compliance(
      days: days, through: lastDay, now: invocation.runEnvironment.now())
    let names = Dictionary(
      try store.prompts.promptGroups().map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
    if invocation.wantsJSON {
      var object = JSONObjectBuilder()
      object.set("days", .int(Int64(days)))
      object.set("rows", .array(report.rows.map { json($0, names) }))
      object.set("total", json(report.total, names, withDay: false))
      invocation.printJSON(object.value)
      return
    }
    guard !report.rows.isEmpty else {
      invocation.stdout.line(
        "No prompts logged in these \(days) day\(days == 1 ? "" : "s"); the daemon logs "
          + "them ('dispatch daemon', or 'dispatch daemon install').")
      return
    }
    let style = invocation.style
    invocation.stdout.line(
      style.bold("day         schedule              fired  answered  rate   missed  expired  delay")
    )
    for row in report.rows { invocation.stdout.line(line(row, names, day: row.day.description)) }
    invocation.stdout.line(line(report.total, names, day: "total     ", schedule: "all"))
  }

  private static func line(
    _ row: ComplianceReport.Row, _ names: [String: String], day: String, schedule: String? = nil
  ) -> String {
    let name = schedule ?? row.promptGroupID.map { names[$0] ?? $0 } ?? "main"
    let rate = row.rate.map { String(format: "%3.0f%%", $0 * 100) } ?? "   –"
    let delay = row.medianDelaySeconds.map(minutes) ?? "–"
    return day + "  " + pad(String(name.prefix(20)), 20) + "  "
      + pad(String(row.fired), 5, left: true)
      + "  " + pad(String(row.answered), 8, left: true) + "  " + rate + "  "
      + pad(String(row.missed), 6, left: true) + "  " + pad(String(row.expired), 7, left: true)
      + "  " + delay
  }

  private static func minutes(_ seconds: Double) -> String {
    seconds < 60 ? String(format: "%.0f s", seconds) : String(format: "%.1f min", seconds / 60)
  }

  private static func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return left ? padding + text : text + padding
  }

  private static func json(
    _ row: ComplianceReport.Row, _ names: [String: String], withDay: Bool = true
  ) -> JSONValue {
    var object = JSONObjectBuilder()
    if withDay {
      object.set("day", row.day.description)
      if let group = row.promptGroupID {
        object.set("promptGroupID", group)
        if let name = names[group] { object.set("promptGroupName", name) }
      }
    }
    object.set("due", .int(Int64(row.due)))
    object.set("fired", .int(Int64(row.fired)))
    object.set("answered", .int(Int64(row.answered)))
    object.set("missed", .int(Int64(row.missed)))
    object.set("expired", .int(Int64(row.expired)))
    object.set("rate", row.rate.map(JSONValue.double) ?? .null)
    object.set("medianDelaySeconds", row.medianDelaySeconds.map(JSONValue.double) ?? .null)
    return object.value
  }
}
