import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch stress list | compare | summary | stressors`: read stress check-ins back.
enum StressReports {
  static let daysOption = Option<Int>.integer(
    "days", "N", in: 1...366, "Days in each window (default 7)")

  static let dateHelp =
    "YYYY-MM-DD, today, yesterday, Nd (N days ago) or an ISO-8601 instant"

  static let listSpec: CommandSpec = CommandSpec(
    "list",
    abstract: "List stress check-ins, oldest first",
    options: [.value("from", "DATE", "Only check-ins on or after this day (\(dateHelp))")],
    json: true,
    examples: ["dispatch stress list --from 30d"],
    run: list)

  static let compareSpec: CommandSpec = CommandSpec(
    "compare",
    abstract: "Compare mean stress over the days ending with two dates",
    discussion: """
      Means of overall stress and of each stressor over the N days (default 7) ending with \
      --before and with --after, their difference, and how often each was skipped or not \
      applicable. Days are local where each check-in was made. The windows must not overlap. \
      A difference describes the ratings; it does not show what caused them.
      """,
    options: [
      .value("before", "DATE", "The last day of the first window (\(dateHelp))"),
      .value("after", "DATE", "The last day of the second window"),
      daysOption.spec,
    ],
    json: true,
    examples: ["dispatch stress compare --before 2026-05-31 --after 2026-06-30 --days 14"],
    run: compare)

  static let summarySpec: CommandSpec = CommandSpec(
    "summary",
    abstract: "Summarise stress since a date, e.g. to prepare an appointment",
    discussion: """
      Means per stressor and overall, how often each was skipped or not applicable, the days \
      with the highest overall stress, and a trend: the least-squares slope of the ratings in \
      points per week, with the number of check-ins it rests on (at least \
      \(StressTrend.minimumCheckIns); below that it says not enough check-ins).
      """,
    options: [.value("since", "DATE", "The first day (\(dateHelp)); default 30d")],
    json: true,
    examples: ["dispatch stress summary --since 2026-06-01", "dispatch stress summary --json"],
    run: summary)

  static let stressorsSpec: CommandSpec = CommandSpec(
    "stressors",
    abstract: "List your personal stressors, or set them",
    subcommands: [setSpec],
    json: true,
    examples: ["dispatch stress stressors", "dispatch stress stressors set Work Sleep Family"],
    run: listStressors)

  static let setSpec: CommandSpec = CommandSpec(
    "set",
    abstract: "Replace the stressors each check-in asks about",
    discussion: """
      Past check-ins keep the stressors they were made with; summaries list the current ones \
      first.
      """,
    arguments: [ArgumentSpec("NAME", "A stressor, e.g. Work", variadic: true)],
    examples: ["dispatch stress stressors set Work Sleep Family"],
    run: setStressors)

  /// The local day an option names, with "today" in the zone of the store's records.
  private static func date(
    _ invocation: Invocation, _ name: String, store: DispatchStore, fallback: String? = nil
  ) throws -> DateBound? {
    guard let text = invocation.value(name) ?? fallback else { return nil }
    let now = invocation.runEnvironment.now()
    let identifier = try RecordTimeArgument.zoneIdentifier(in: store)
    let zone = ZoneLookup.zone(identifier) ?? invocation.runEnvironment.zone
    guard let bound = DateArgument.parse(text, zone: zone, now: now, endOfDay: false) else {
      throw invocation.usage("'\(text)' is not a date for --\(name): use \(dateHelp)")
    }
    return bound
  }

  static func list(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.read)
    let checkIns = try store.records.stressCheckIns(
      since: try date(invocation, "from", store: store))
    if invocation.wantsJSON {
      invocation.printJSON(.array(checkIns.map(\.jsonValue)))
      return
    }
    guard !checkIns.isEmpty else {
      invocation.stdout.line("No stress check-ins. Record one with 'dispatch stress'.")
      return
    }
    for checkIn in checkIns { invocation.stdout.line(StressText.line(checkIn)) }
    invocation.stdout.line(
      invocation.style.dim("\(checkIns.count) check-in\(checkIns.count == 1 ? "" : "s")"))
  }

  static func compare(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.read)
    guard let before = try date(invocation, "before", store: store) else {
      throw invocation.usage("missing --before DATE")
    }
    guard let after = try date(invocation, "after", store: store) else {
      throw invocation.usage("missing --after DATE")
    }
    let days = invocation.value(daysOption) ?? StressComparison.defaultDays
    let comparison = try store.records.stressComparison(before: before, after: after, days: days)
    if invocation.wantsJSON {
      invocation.printJSON(comparison.jsonValue)
    } else {
      for line in StressText.lines(comparison) { invocation.stdout.line(line) }
    }
  }

  static func summary(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.read)
    let since = try date(invocation, "since", store: store, fallback: "30d")
    let summary = try store.records.stressSummary(since: since ?? .localDay(0))
    if invocation.wantsJSON {
      invocation.printJSON(summary.jsonValue)
    } else {
      for line in StressText.lines(summary) { invocation.stdout.line(line) }
    }
  }

  static func listStressors(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.read)
    let names = try store.records.stressors()
    if invocation.wantsJSON {
      invocation.printJSON(.array(names.map { .string($0) }))
    } else if names.isEmpty {
      invocation.stdout.line(
        "No stressors yet. Add them with 'dispatch stress stressors set Work Sleep Family'.")
    } else {
      for name in names { invocation.stdout.line(name) }
    }
  }

  static func setStressors(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.write)
    let names = try store.records.defineStressors(invocation.parsed.positionals)
    invocation.stdout.line("Stressors: " + names.joined(separator: ", "))
  }
}
