import DispatchCommandLine
import DispatchKit

/// `dispatch activity list|define|edit|remove` (docs/formats/introspective.md#record-types).
enum ActivityDefinitionCommands {
  static let listSpec: CommandSpec = CommandSpec(
    "list",
    abstract: "List activities with their durations",
    options: [
      .flag("running", "Only running activities"), RecordOptions.from, RecordOptions.to,
      .flag("definitions", "List the defined activities instead"),
    ],
    json: true,
    examples: ["dispatch activity list --from 7d", "dispatch activity list --definitions --json"],
    run: list)

  static let defineSpec: CommandSpec = CommandSpec(
    "define",
    abstract: "Define an activity",
    arguments: [ArgumentSpec("NAME", "The activity's name")],
    options: [
      .value("description", "TEXT", "What it is"),
      .value("tag", "TAG", repeatable: true, "A tag every instance carries (repeat)"),
    ],
    examples: ["dispatch activity define Cooking --tag home --description 'dinner, not takeaway'"],
    run: define)

  static let editSpec: CommandSpec = CommandSpec(
    "edit",
    abstract: "Rename an activity or change its description or tags",
    arguments: [ArgumentSpec("NAME", "The activity's name")],
    options: [
      .value("name", "NEW", "A new name"),
      .value("description", "TEXT", "A new description ('' removes it)"),
      .value("tag", "TAG", repeatable: true, "Replace the tags (repeat; '' for none)"),
    ],
    examples: ["dispatch activity edit Reading --name 'Reading books' --tag hobby --tag calm"],
    run: edit)

  static let removeSpec: CommandSpec = CommandSpec(
    "remove",
    abstract: "Remove an activity and every time it was done (asks first)",
    arguments: [ArgumentSpec("NAME", "The activity's name")],
    options: [RecordOptions.yes],
    examples: ["dispatch activity remove Reading --yes"],
    run: remove)

  static func list(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.read)
    if invocation.flag("definitions") {
      let definitions = try store.records.activityDefinitions()
      if invocation.wantsJSON {
        invocation.printJSON(.array(definitions.map(\.json)))
        return
      }
      for definition in definitions {
        invocation.stdout.line(
          definition.name
            + (definition.tags.isEmpty ? "" : "  [" + definition.tags.joined(separator: ", ") + "]")
            + (definition.description.map { "  " + $0 } ?? ""))
      }
      if definitions.isEmpty { invocation.stdout.line("No activities are defined.") }
      return
    }
    let range = try RecordOptions.range(invocation, store)
    let entries = try ActivityCatalog.list(
      runningOnly: invocation.flag("running"), from: range.from, to: range.to, in: store,
      environment: invocation.runEnvironment)
    if invocation.wantsJSON {
      invocation.printJSON(.array(entries.map(\.json)))
      return
    }
    guard !entries.isEmpty else {
      invocation.stdout.line("No activities.")
      return
    }
    for entry in entries {
      let end = entry.activity.end?.localText ?? "running"
      invocation.stdout.line(
        "\(entry.activity.start.localText) – \(end)  \(entry.duration)  \(entry.name)"
          + (entry.tags.isEmpty ? "" : "  [" + entry.tags.joined(separator: ", ") + "]")
          + RecordOptions.noteSuffix(entry.activity.note))
    }
  }

  static func define(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.write)
    let definition = try ActivityCatalog.define(
      invocation.positional(0) ?? "", description: invocation.value("description"),
      tags: invocation.values("tag"), in: store, environment: invocation.runEnvironment)
    invocation.stdout.line(
      "Defined '\(definition.name)'; start it with 'dispatch activity start \(definition.name)'.")
  }

  static func edit(_ invocation: Invocation) throws {
    let tags = invocation.values("tag")
    guard invocation.value("name") != nil || invocation.value("description") != nil || !tags.isEmpty
    else { throw invocation.usage("give --name, --description or --tag to change") }
    let store = try invocation.openStore(.write)
    let definition = try ActivityCatalog.edit(
      invocation.positional(0) ?? "", newName: invocation.value("name"),
      description: invocation.value("description"), tags: tags.isEmpty ? nil : tags, in: store)
    invocation.stdout.line("Changed '\(definition.name)'.")
  }

  static func remove(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.write)
    let name = invocation.positional(0) ?? ""
    let definition = try ActivityCatalog.find(name, in: store)
    let count = try ActivityCatalog.instanceCount(of: definition, in: store)
    try RecordOptions.confirm(
      "Remove '\(definition.name)' and its \(DeleteAllCommand.plural(count, "activity", "activities"))?",
      what: "removing an activity", invocation)
    let removed = try ActivityCatalog.remove(definition.name, in: store)
    invocation.stdout.line(
      "Removed '\(removed.definition.name)' and "
        + DeleteAllCommand.plural(removed.activities, "activity", "activities") + ".")
  }
}
