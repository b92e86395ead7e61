import DispatchCommandLine
import DispatchKit

/// `dispatch activity start|stop|status|list|define|edit|remove` (docs/records.md#activities;
/// the start/stop intents of docs/formats/introspective.md#intents).
enum ActivityCommand {
  static let spec: CommandSpec = CommandSpec(
    "activity",
    abstract: "Start and stop activities; define, list and edit them",
    discussion: """
      An activity is started by name, several at once if you like, and runs until stopped. \
      Names must be defined first ('dispatch activity define NAME'); an unknown name exits 65 \
      with a suggestion. Starting one that is already running exits 65 unless --again.
      """,
    subcommands: [
      startSpec, stopSpec, statusSpec, ActivityDefinitionCommands.listSpec,
      ActivityDefinitionCommands.defineSpec, ActivityDefinitionCommands.editSpec,
      ActivityDefinitionCommands.removeSpec,
    ],
    defaultSubcommand: "status",
    examples: [
      "dispatch activity define Cooking --tag home", "dispatch activity start Cooking --ago 20m",
      "dispatch activity stop --last", "dispatch activity list --from today",
    ])

  static let startSpec: CommandSpec = CommandSpec(
    "start",
    abstract: "Start one or more activities",
    arguments: [ArgumentSpec("NAME", "An activity's name (repeat for several)", variadic: true)],
    options: [
      RecordOptions.at, RecordOptions.ago,
      .flag("from-last-stop", "Start where the last stopped activity ended"),
      .value("tag", "TAG", repeatable: true, "A tag for this instance (repeat)"),
      RecordOptions.note,
      .flag("again", "Start even if it is already running"),
    ],
    examples: [
      "dispatch activity start Reading", "dispatch activity start 'Deep work' Commute --ago 20m",
      "dispatch activity start Gym --from-last-stop --tag morning",
    ],
    run: start)

  static let stopSpec: CommandSpec = CommandSpec(
    "stop",
    abstract: "Stop running activities",
    discussion: """
      Stops the most recently started running instance of each name, every running activity \
      with --all, or the one started last with --last.
      """,
    arguments: [ArgumentSpec("NAME", "An activity's name", optional: true, variadic: true)],
    options: [
      .flag("all", "Stop every running activity"),
      .flag("last", "Stop the activity started last"), RecordOptions.at, RecordOptions.ago,
      RecordOptions.note,
    ],
    examples: [
      "dispatch activity start Reading --ago 40m", "dispatch activity stop Reading",
      "dispatch activity start 'Deep work' Commute --ago 1h",
      "dispatch activity stop --all --ago 5m",
      "dispatch activity start Gym --ago 1h", "dispatch activity stop --last --note 'good session'",
    ],
    run: stop)

  static let statusSpec: CommandSpec = CommandSpec(
    "status", abstract: "Show what is running and for how long", json: true,
    examples: ["dispatch activity status"], run: status)

  static func start(_ invocation: Invocation) throws {
    let time = try RecordOptions.time(invocation)
    if invocation.flag("from-last-stop") && time.isGiven {
      throw invocation.usage("give --from-last-stop or a time, not both")
    }
    let store = try invocation.openStore(.write)
    let entries = try ActivityTracker.start(
      invocation.parsed.positionals, time: time, fromLastStop: invocation.flag("from-last-stop"),
      tags: invocation.values("tag"), note: invocation.value("note"),
      again: invocation.flag("again"), in: store, environment: invocation.runEnvironment)
    let start = entries.first?.activity.start.localText ?? ""
    invocation.stdout.line("Started \(RecordOptions.list(entries.map(\.name))) at \(start).")
  }

  static func stop(_ invocation: Invocation) throws {
    let names = invocation.parsed.positionals
    let choices = [!names.isEmpty, invocation.flag("all"), invocation.flag("last")]
    guard choices.filter({ $0 }).count == 1 else {
      throw invocation.usage("name the activities to stop, or give --all or --last (one of them)")
    }
    let choice: ActivityStopChoice =
      invocation.flag("all") ? .all : invocation.flag("last") ? .last : .named(names)
    let time = try RecordOptions.time(invocation)
    let store = try invocation.openStore(.write)
    let entries = try ActivityTracker.stop(
      choice, time: time, note: invocation.value("note"), in: store,
      environment: invocation.runEnvironment)
    for entry in entries {
      if entry.discarded {
        invocation.stdout.line(
          "Discarded '\(entry.name)' after \(entry.duration): shorter than the "
            + "'activity-auto-ignore' setting.")
        continue
      }
      invocation.stdout.line(
        "Stopped '\(entry.name)' after \(entry.duration) (\(entry.activity.start.localText) – "
          + "\(entry.activity.end?.localText ?? "")).")
    }
  }

  static func status(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.read)
    let entries = try ActivityTracker.status(in: store, environment: invocation.runEnvironment)
    if invocation.wantsJSON {
      invocation.printJSON(.array(entries.map(\.json)))
      return
    }
    guard !entries.isEmpty else {
      invocation.stdout.line("Nothing is running.")
      return
    }
    for entry in entries {
      invocation.stdout.line(
        "\(entry.name): running for \(entry.duration), since \(entry.activity.start.localText)")
    }
  }
}
