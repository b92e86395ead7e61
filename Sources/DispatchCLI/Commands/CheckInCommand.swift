import DispatchCommandLine
import DispatchKit

/// `dispatch checkin preset add|list|remove` and `checkin remind add|list|remove`: saved mood
/// check-ins and daily reminders the daemon sends (docs/records.md#check-in-presets-and-reminders).
enum CheckInCommand {
  static let spec: CommandSpec = CommandSpec(
    "checkin",
    abstract: "Saved mood check-ins (presets) and daily check-in reminders",
    discussion: """
      A preset is a mood (and note) saved under a name and recorded with \
      'dispatch mood --preset NAME'. A reminder is a daily time, in the plan's zone, at which \
      the daemon reminds you to check in, optionally offering a preset.
      """,
    subcommands: [presetSpec, remindSpec],
    examples: [
      "dispatch checkin preset add good --mood 8 --note 'usual good day'",
      "dispatch mood --preset good", "dispatch checkin remind add 21:00 --preset good",
    ])

  static let presetSpec: CommandSpec = CommandSpec(
    "preset", abstract: "Add, list and remove check-in presets",
    subcommands: [
      CommandSpec(
        "add", abstract: "Save a mood check-in under a name",
        arguments: [ArgumentSpec("NAME", "The preset's name")],
        options: [
          .value("mood", "VALUE", "The mood, on the current scale"),
          .value("note", "TEXT", "The note each recording gets"),
        ],
        examples: ["dispatch checkin preset add tired --mood 4 --note 'tired but fine'"],
        run: addPreset),
      CommandSpec(
        "list", abstract: "List check-in presets", json: true,
        examples: ["dispatch checkin preset list"], run: listPresets),
      CommandSpec(
        "remove", abstract: "Remove a check-in preset (and its reminders)",
        arguments: [ArgumentSpec("NAME", "The preset's name")],
        examples: ["dispatch checkin preset remove tired"], run: removePreset),
    ],
    defaultSubcommand: "list")

  static let remindSpec: CommandSpec = CommandSpec(
    "remind", abstract: "Add, list and remove daily check-in reminders",
    subcommands: [
      CommandSpec(
        "add", abstract: "Remind me to check in every day at a time",
        arguments: [ArgumentSpec("TIME", "HH:MM in the plan's zone")],
        options: [.value("preset", "NAME", "A preset the reminder offers")],
        examples: ["dispatch checkin remind add 21:00 --preset good"], run: addReminder),
      CommandSpec(
        "list", abstract: "List check-in reminders", json: true,
        examples: ["dispatch checkin remind list"], run: listReminders),
      CommandSpec(
        "remove", abstract: "Remove the reminders at a time",
        arguments: [ArgumentSpec("TIME", "HH:MM")],
        examples: ["dispatch checkin remind remove 21:30"], run: removeReminder),
    ],
    defaultSubcommand: "list")

  static func addPreset(_ invocation: Invocation) throws {
    guard let mood = invocation.value("mood") else {
      throw invocation.usage("give the preset's mood with --mood VALUE")
    }
    let store = try invocation.openStore(.write)
    let preset = try CheckInPresets.add(
      invocation.positional(0) ?? "", mood: mood, note: invocation.value("note"), in: store)
    invocation.stdout.line(
      "Saved preset '\(preset.name)': mood \(Ratings.numberText(preset.rating)) on "
        + "\(preset.scale); record it with 'dispatch mood --preset \(preset.name)'.")
  }

  static func listPresets(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.read)
    let presets = try CheckInPresets.list(in: store)
    if invocation.wantsJSON {
      invocation.printJSON(.array(presets.map(\.json)))
      return
    }
    if presets.isEmpty { invocation.stdout.line("No check-in presets.") }
    for preset in presets {
      invocation.stdout.line(
        "\(preset.name)  mood \(Ratings.numberText(preset.rating)) on \(preset.scale)"
          + RecordOptions.noteSuffix(preset.note))
    }
  }

  static func removePreset(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.write)
    let name = invocation.positional(0) ?? ""
    let preset = try CheckInPresets.find(name, in: store)
    let dropped = try CheckInPresets.remove(name, in: store)
    invocation.stdout.line(
      "Removed preset '\(preset.name)'"
        + (dropped.isEmpty
          ? "" : " and its reminders at " + dropped.map(\.time.description).joined(separator: ", "))
        + ".")
  }

  static func addReminder(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.write)
    let reminder = try CheckInReminders.add(
      invocation.positional(0) ?? "", preset: invocation.value("preset"), in: store)
    invocation.stdout.line(
      "Check-in reminder every day at \(reminder.time)"
        + (reminder.preset.map { " offering '\($0)'" } ?? "")
        + "; the daemon sends it ('dispatch daemon').")
  }

  static func listReminders(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.read)
    let reminders = try CheckInReminders.list(in: store)
    if invocation.wantsJSON {
      invocation.printJSON(.array(reminders.map(\.json)))
      return
    }
    if reminders.isEmpty { invocation.stdout.line("No check-in reminders.") }
    for reminder in reminders {
      invocation.stdout.line(
        reminder.time.description + (reminder.preset.map { "  preset '\($0)'" } ?? ""))
    }
  }

  static func removeReminder(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.write)
    let removed = try CheckInReminders.remove(invocation.positional(0) ?? "", in: store)
    invocation.stdout.line(
      "Removed the check-in reminder at \(removed.first?.time.description ?? "").")
  }
}
