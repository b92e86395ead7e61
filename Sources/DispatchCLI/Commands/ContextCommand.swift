import DispatchCommandLine
import DispatchKit

/// `dispatch context add|list|edit|remove`: metric context notes (docs/records.md#metric-context).
enum ContextCommand {
  static let spec: CommandSpec = CommandSpec(
    "context",
    abstract: "Note circumstances that limit a metric's readings (illness, travel, …)",
    discussion: """
      A context entry is a note for one metric (free text: steps, mood, sleep, a question's \
      prompt) or, with --all, every metric, from a day (default today) to a day (default the \
      same day).
      """,
    subcommands: [addSpec, listSpec, editSpec, removeSpec],
    defaultSubcommand: "list",
    examples: [
      "dispatch context add --metric steps --from 2026-03-01 --to 2026-03-03 --note 'watch broken'",
      "dispatch context add --all --note 'had the flu'", "dispatch context list --metric steps",
    ])

  static let addSpec: CommandSpec = CommandSpec(
    "add", abstract: "Add a context note",
    options: [
      .value("metric", "METRIC", "The metric it concerns"), .flag("all", "Every metric"),
      .value("from", "DATE", "The first day (default today), or a time"),
      .value("to", "DATE", "The last day (default: the first), or a time"),
      .value("note", "TEXT", "What happened"),
    ],
    examples: ["dispatch context add --metric sleep --note 'jet lag'"], run: add)

  static let listSpec: CommandSpec = CommandSpec(
    "list", abstract: "List context notes",
    options: [.value("metric", "METRIC", "Only notes for this metric (and for every metric)")],
    json: true, examples: ["dispatch context list --json"], run: list)

  static let editSpec: CommandSpec = CommandSpec(
    "edit", abstract: "Change a context note",
    arguments: [ArgumentSpec("ID", "The note's ID, a unique prefix, or last (the latest listed)")],
    options: [
      .value("metric", "METRIC", "A new metric"), .flag("all", "Make it apply to every metric"),
      .value("from", "DATE", "A new first day"),
      .value("to", "DATE", "A new last day ('' removes it)"),
      .value("note", "TEXT", "A new note"),
    ],
    examples: ["dispatch context edit last --note 'a cold, then travel'"], run: edit)

  static let removeSpec: CommandSpec = CommandSpec(
    "remove", abstract: "Remove a context note",
    arguments: [ArgumentSpec("ID", "The note's ID, a unique prefix, or last (the latest listed)")],
    examples: ["dispatch context remove last"], run: remove)

  static func add(_ invocation: Invocation) throws {
    let metric = invocation.value("metric")
    guard (metric == nil) == invocation.flag("all") else {
      throw invocation.usage("give --metric METRIC or --all (one of them)")
    }
    guard let note = invocation.value("note") else { throw invocation.usage("give --note TEXT") }
    let store = try invocation.openStore(.write)
    let entry = try MetricContextNotes.add(
      metric: metric, from: invocation.value("from"), to: invocation.value("to"), note: note,
      in: store, environment: invocation.runEnvironment)
    invocation.stdout.line("Added context \(DisplayID.short(entry.id)) for \(describe(entry)).")
  }

  static func list(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.read)
    let entries = try MetricContextNotes.list(metric: invocation.value("metric"), in: store)
    if invocation.wantsJSON {
      invocation.printJSON(.array(entries.map(\.json)))
      return
    }
    if entries.isEmpty { invocation.stdout.line("No context notes.") }
    for entry in entries {
      invocation.stdout.line("\(DisplayID.short(entry.id))  \(describe(entry)): \(entry.note)")
    }
  }

  static func edit(_ invocation: Invocation) throws {
    if invocation.value("metric") != nil && invocation.flag("all") {
      throw invocation.usage("give --metric METRIC or --all, not both")
    }
    let metric: String?? =
      invocation.flag("all") ? .some(nil) : invocation.value("metric").map { .some($0) }
    let change = MetricContextChange(
      metric: metric, from: invocation.value("from"), to: invocation.value("to"),
      note: invocation.value("note"))
    guard change != MetricContextChange() else {
      throw invocation.usage("give --metric, --all, --from, --to or --note to change")
    }
    let store = try invocation.openStore(.write)
    let entry = try MetricContextNotes.edit(
      invocation.positional(0) ?? "", change, in: store, environment: invocation.runEnvironment)
    invocation.stdout.line("Changed context \(DisplayID.short(entry.id)): \(describe(entry)).")
  }

  static func remove(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.write)
    let entry = try MetricContextNotes.remove(invocation.positional(0) ?? "", in: store)
    invocation.stdout.line("Removed context \(DisplayID.short(entry.id)).")
  }

  /// `steps, 2026-03-01 – 2026-03-03`.
  static func describe(_ entry: MetricContextEntry) -> String {
    let zone = entry.from.timeZoneIdentifier ?? "UTC"
    let end = entry.to.map { " – " + RecordTime.at($0, zone: zone).localText } ?? ""
    return (entry.metric.map { "'\($0)'" } ?? "every metric") + ", " + entry.from.localText + end
  }
}
