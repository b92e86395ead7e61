import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch focus on|off|status`: hold back prompts while you focus (docs/daemon.md#focus).
enum FocusCommand {
  static let spec: CommandSpec = CommandSpec(
    "focus",
    abstract: "Turn a focus on or off: only chosen groups prompt, the main schedule may pause",
    discussion: """
      While a focus is on, only the prompt groups given with --allow fire (all groups when \
      --allow is not given, none with --allow none), and with --pause-main the main \
      schedule's random and fixed prompts hold off too. Snoozed prompts always fire. Reports \
      filed during a focus record its name. 'dispatch plan' shows the plan with the focus \
      applied.
      """,
    subcommands: [onSpec, offSpec, statusSpec],
    defaultSubcommand: "status",
    examples: [
      "dispatch focus on 'Deep work' --pause-main --allow Evening",
      "dispatch focus on Meeting --allow none", "dispatch focus off", "dispatch focus",
    ])

  static let onSpec: CommandSpec = CommandSpec(
    "on",
    abstract: "Turn a focus on",
    arguments: [ArgumentSpec("NAME", "The focus's name, recorded in reports")],
    options: [
      .value(
        "allow", "GROUP", repeatable: true,
        "A prompt group that may still fire (name, number or ID; repeat; 'none' for none)"),
      .flag("pause-main", "Hold off the main schedule's random and fixed prompts"),
    ],
    examples: ["dispatch focus on Work --pause-main", "dispatch focus on Gym --allow Workout"],
    run: on)

  static let offSpec: CommandSpec = CommandSpec(
    "off", abstract: "Turn the focus off", examples: ["dispatch focus off"], run: off)

  static let statusSpec: CommandSpec = CommandSpec(
    "status", abstract: "Show the focus in force", json: true,
    examples: ["dispatch focus status --json"], run: status)

  static func on(_ invocation: Invocation) throws {
    guard let name = invocation.positional(0)?.trimmingCharacters(in: .whitespaces),
      !name.isEmpty
    else { throw invocation.usage("give the focus a name, e.g. 'dispatch focus on Work'") }
    let store = try invocation.openStore(.write)
    var allowed: [String]?
    let references = invocation.values("allow")
    if references.map({ $0.lowercased() }) == ["none"] {
      allowed = []
    } else if !references.isEmpty {
      allowed = try references.map { try store.prompts.group(matching: $0).id }
    }
    let focus = FocusFilter(
      name: name, allowedGroupIDs: allowed, pausesMainSchedule: invocation.flag("pause-main"),
      since: invocation.runEnvironment.now())
    try focus.save(in: store)
    invocation.stdout.line("Focus '\(name)' is on: " + (try describe(focus, store)) + ".")
  }

  static func off(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.write)
    let previous = try FocusFilter.current(in: store)
    try FocusFilter.clear(in: store)
    invocation.stdout.line(
      previous.map { "Focus '\($0.name)' is off; every prompt fires again." } ?? "No focus was on.")
  }

  static func status(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.read)
    let focus = try FocusFilter.current(in: store)
    if invocation.wantsJSON {
      guard let focus else {
        invocation.printJSON(.object([("focus", .null)]))
        return
      }
      var object = JSONObjectBuilder()
      object.set("name", focus.name)
      object.set("since", focus.since.iso8601)
      object.set("pausesMainSchedule", .bool(focus.pausesMainSchedule))
      object.set(
        "allowedGroupIDs", focus.allowedGroupIDs.map { .array($0.map(JSONValue.string)) } ?? .null)
      invocation.printJSON(.object([("focus", object.value)]))
      return
    }
    guard let focus else {
      invocation.stdout.line("No focus is on; every prompt fires.")
      return
    }
    invocation.stdout.line(
      "Focus '\(focus.name)' since \(focus.since.iso8601Seconds): " + (try describe(focus, store))
        + ".")
  }

  private static func describe(_ focus: FocusFilter, _ store: DispatchStore) throws -> String {
    let names = Dictionary(
      try store.prompts.promptGroups().map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
    let groups: String
    switch focus.allowedGroupIDs {
    case nil: groups = "every group may prompt"
    case let ids? where ids.isEmpty: groups = "no group may prompt"
    case let ids?:
      groups = "only " + ids.map { "'\(names[$0] ?? $0)'" }.joined(separator: ", ") + " may prompt"
    }
    return (focus.pausesMainSchedule ? "the main schedule is paused, " : "the main schedule runs, ")
      + groups
  }
}
