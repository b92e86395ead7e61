import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch groups …`: list and manage prompt groups (docs/schedule.md#prompt-groups).
enum GroupsCommand {
  static let spec: CommandSpec = CommandSpec(
    "groups",
    abstract: "Manage prompt groups: questions with their own schedule",
    discussion: """
      A prompt group asks its own questions on its own schedule: every N hours, N times a \
      day, at fixed daily times, or after an event (a workout ends, you arrive at or leave a \
      place, a calendar event ends). GROUP is a group's name (any letter case), its number in \
      'dispatch groups list', or a unique ID prefix of at least four characters.
      """,
    subcommands: [
      listSpec, showSpec, addSpec, editSpec, removeSpec, moveSpec,
    ],
    defaultSubcommand: "list")

  static let groupArgument = ArgumentSpec(
    "GROUP", "A group name, list number or unique ID prefix")

  static let listSpec: CommandSpec = CommandSpec(
    "list",
    abstract: "List every group with its schedule, in order",
    json: true,
    examples: ["dispatch groups list", "dispatch groups --json"],
    run: list)

  static let showSpec: CommandSpec = CommandSpec(
    "show",
    abstract: "Show a group with its questions in order (every group without GROUP)",
    arguments: [
      ArgumentSpec("GROUP", "A group name, list number or unique ID prefix", optional: true)
    ],
    json: true,
    examples: ["dispatch groups show Evening", "dispatch groups show 2 --json"],
    run: show)

  static let removeSpec: CommandSpec = CommandSpec(
    "remove",
    abstract: "Remove a group (asks first; reports filed from it are kept)",
    discussion: """
      Asks for confirmation on a terminal; from a script it needs --yes and otherwise exits \
      64 without removing anything.
      """,
    arguments: [groupArgument],
    options: [.flag("yes", short: "y", "Remove without asking")],
    examples: ["dispatch groups remove Workout --yes", "dispatch groups remove 1 --yes"],
    run: remove)

  static let moveSpec: CommandSpec = CommandSpec(
    "move",
    abstract: "Move a group to a position in the list",
    arguments: [groupArgument, ArgumentSpec("POSITION", "The new 1-based position")],
    examples: ["dispatch groups move Workout 1"],
    run: { invocation in
      let store = try invocation.openStore(.write)
      let group = try store.prompts.group(matching: invocation.positional(0) ?? "")
      let text = invocation.positional(1) ?? ""
      guard let position = Int(text) else {
        throw invocation.usage("'\(text)' is not a position: expected a whole number")
      }
      try store.prompts.moveGroup(id: group.id, toPosition: position)
      invocation.stdout.line("Moved group '\(group.name)' to position \(position).")
    })

  static func list(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.read)
    let groups = try store.prompts.promptGroups()
    if invocation.wantsJSON {
      invocation.printJSON(.array(groups.map(\.jsonValue)))
      return
    }
    guard !groups.isEmpty else {
      invocation.stdout.line(
        "No prompt groups yet. Add one with 'dispatch groups add NAME --every N --question Q'.")
      return
    }
    let style = invocation.style
    for (index, group) in groups.enumerated() {
      let state = group.isEnabled ? "" : style.yellow(" (disabled)")
      invocation.stdout.line(
        "\(String(index + 1).leftPadded(to: 3)). \(style.bold(group.name))\(state)")
      let details = [group.scheduleDescription, questionCount(group), DisplayID.short(group.id)]
      invocation.stdout.line("     " + style.dim(details.joined(separator: " · ")))
    }
  }

  static func show(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.read)
    let groups: [PromptGroup]
    if let reference = invocation.positional(0) {
      groups = [try store.prompts.group(matching: reference)]
    } else {
      groups = try store.prompts.promptGroups()
    }
    let position = Dictionary(
      try store.prompts.promptGroups().enumerated().map { ($1.id, $0 + 1) }, uniquingKeysWith: min)
    let prompts = Dictionary(
      try store.questions.list().map { ($0.id, $0.prompt) }, uniquingKeysWith: { first, _ in first }
    )
    if invocation.wantsJSON {
      let documents = groups.map { detailJSON($0, prompts: prompts) }
      invocation.printJSON(invocation.positional(0) == nil ? .array(documents) : documents[0])
      return
    }
    if groups.isEmpty { invocation.stdout.line("No prompt groups yet.") }
    for (index, group) in groups.enumerated() {
      if index > 0 { invocation.stdout.line() }
      invocation.stdout.line(invocation.style.bold(group.name))
      invocation.stdout.line("  Schedule:  " + group.scheduleDescription)
      invocation.stdout.line("  Enabled:   " + (group.isEnabled ? "yes" : "no"))
      invocation.stdout.line("  Position:  \(position[group.id] ?? group.sortOrder + 1)")
      invocation.stdout.line("  ID:        " + group.id)
      invocation.stdout.line("  Questions:")
      for (number, id) in group.questionIDs.enumerated() {
        let prompt = prompts[id] ?? invocation.style.yellow("(missing question \(id))")
        invocation.stdout.line("    \(number + 1). \(prompt)")
      }
    }
  }

  static func remove(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.write)
    let group = try store.prompts.group(matching: invocation.positional(0) ?? "")
    if !invocation.flag("yes") {
      guard invocation.terminal.stdinIsTTY else {
        throw invocation.usage(
          "removing a group needs confirmation: run it on a terminal, or add --yes; "
            + "nothing was removed")
      }
      invocation.stderr.write(
        "Remove group '\(group.name)' (\(group.scheduleDescription), "
          + "\(questionCount(group)))? [y/N] ")
      invocation.stderr.flush()
      let answer = readLine(strippingNewline: true)?.trimmingCharacters(in: .whitespaces)
      guard ["y", "yes"].contains(answer?.lowercased() ?? "") else {
        throw CLIError(.failure, "not confirmed; nothing was removed")
      }
    }
    try store.prompts.deleteGroup(id: group.id)
    invocation.stdout.line(
      "Removed group '\(group.name)'. Reports filed from it keep their answers.")
  }

  /// "1 question", "3 questions".
  static func questionCount(_ group: PromptGroup) -> String {
    DeleteAllCommand.plural(group.questionIDs.count, "question")
  }

  /// The group's JSON plus `questions`: each ID with its prompt, or `missing` for a question
  /// that no longer exists (dangling IDs are legal, docs/schedule.md#prompt-groups).
  private static func detailJSON(_ group: PromptGroup, prompts: [String: String]) -> JSONValue {
    guard case .object(var members) = group.jsonValue else { return group.jsonValue }
    let questions = group.questionIDs.map { id -> JSONValue in
      var object = JSONObjectBuilder()
      object.set("id", id)
      if let prompt = prompts[id] {
        object.set("prompt", prompt)
      } else {
        object.set("missing", true)
      }
      return object.value
    }
    members.append(("questions", .array(questions)))
    return .object(members)
  }
}
