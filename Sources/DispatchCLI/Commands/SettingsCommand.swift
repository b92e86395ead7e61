import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch settings get|set`: the schedule, nag and snooze settings (docs/schedule.md#settings).
enum SettingsCommand {
  static let spec: CommandSpec = CommandSpec(
    "settings",
    abstract: "Show or change the schedule settings",
    discussion: """
      The settings of the main schedule (prompts per day, awake window, distribution, fixed \
      times, minimum gap, seeding, time zone), nags and snooze. 'set' refuses a value that \
      makes the schedule impossible and says why (for too many prompts: the maximum); whole \
      numbers outside their range are clamped, as the Dispatch app does. See the plan a \
      change gives with 'dispatch plan' before or after setting it.
      """,
    subcommands: [getSpec, setSpec],
    defaultSubcommand: "get",
    examples: [
      "dispatch settings", "dispatch settings set prompts-per-day 6",
      "dispatch settings set window 09:00-23:30", "dispatch settings set fixed-times 09:30,21:00",
      "dispatch settings set units imperial",
    ])

  static let getSpec: CommandSpec = CommandSpec(
    "get",
    abstract: "Print every setting, or one",
    arguments: [
      ArgumentSpec(
        "NAME", "A setting name (default: all)", optional: true,
        completion: .values(ScheduleSettingField.all.map(\.name)))
    ],
    json: true,
    examples: [
      "dispatch settings get", "dispatch settings get window", "dispatch settings --json",
    ],
    run: get)

  static let setSpec: CommandSpec = CommandSpec(
    "set",
    abstract: "Change one setting",
    arguments: [
      ArgumentSpec(
        "NAME", "The setting", completion: .values(ScheduleSettingField.all.map(\.name))),
      ArgumentSpec("VALUE", "The new value"),
    ],
    examples: [
      "dispatch settings set distribution refractory", "dispatch settings set nags on",
      "dispatch settings set time-zone Europe/Lisbon",
    ],
    run: set)

  static func get(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.write)
    let values = try ScheduleSettings.values(in: store)
    var fields = ScheduleSettingField.all
    if let name = invocation.positional(0) {
      guard let field = ScheduleSettingField.named(name) else {
        throw invocation.usage(unknown(name))
      }
      fields = [field]
    }
    if invocation.wantsJSON {
      var object = JSONObjectBuilder()
      for field in fields { object.set(field.name, values[field.name] ?? "") }
      invocation.printJSON(object.value)
      return
    }
    let width = fields.map(\.name.count).max() ?? 0
    let valueWidth = fields.map { values[$0.name]?.count ?? 0 }.max() ?? 0
    for field in fields {
      let name = field.name.padding(toLength: width, withPad: " ", startingAt: 0)
      let value = (values[field.name] ?? "").padding(
        toLength: valueWidth, withPad: " ", startingAt: 0)
      let line =
        fields.count > 1
        ? "\(name)  \(value)  " + invocation.style.dim(field.summary) : "\(name)  \(value)"
      invocation.stdout.line(line.trimmingCharacters(in: .whitespaces))
    }
  }

  static func set(_ invocation: Invocation) throws {
    guard let name = invocation.positional(0), let text = invocation.positional(1) else {
      throw invocation.usage("give a setting name and a value, e.g. 'prompts-per-day 6'")
    }
    guard ScheduleSettingField.named(name) != nil else { throw invocation.usage(unknown(name)) }
    if name == "health-folder" { try checkFolder(text) }
    let missingTokenFile = name == "ntfy-token-file" ? try checkTokenFile(text) : nil
    let store = try invocation.openStore(.write)
    let stored = try ScheduleSettings.set(name, to: text, in: store)
    let clamped = stored != text && Int(text) != nil && Int(stored) != nil
    invocation.stdout.line(
      "\(name) = \(URLRedaction.redacted(stored))" + (clamped ? " (clamped from \(text))" : ""))
    if let missingTokenFile {
      invocation.note(
        "There is no file at '\(missingTokenFile)' yet: put the ntfy access token on its first "
          + "line and make it private with chmod 600 '\(missingTokenFile)'.")
    }
    let settings = try ScheduleSettings.load(from: store)
    if name == "notifier" && settings.notifiers.contains(.ntfy) && settings.ntfyURL == nil {
      invocation.note(
        "Say where to publish too: 'dispatch settings set ntfy-url https://ntfy.sh/TOPIC', with "
          + "a topic nobody could guess.")
    }
    if name == "follow-dnd" && stored == "on" {
      let reading = DesktopDoNotDisturb.read(
        runner: ProcessCommandRunner(environment: invocation.environment),
        environment: invocation.environment)
      invocation.note("Following the desktop's do-not-disturb (now: \(reading.description)).")
    }
  }

  /// A folder setting names a folder that exists (or `none`): a typo would otherwise be
  /// watched in vain.
  private static func checkFolder(_ text: String) throws {
    let path = text.trimmingCharacters(in: .whitespaces)
    guard !path.isEmpty, path.lowercased() != "none" else { return }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue
    else {
      throw CLIError(
        .noInput, "'\(path)' is not a folder; create it, or name the folder the exports arrive in")
    }
  }

  /// A token file that exists must be usable now (owner-only, a token on its first line), as
  /// ssh refuses a key others can read; one not written yet is allowed, and its path returned
  /// for a note.
  private static func checkTokenFile(_ text: String) throws -> String? {
    let path = text.trimmingCharacters(in: .whitespaces)
    guard !path.isEmpty, path.lowercased() != "none" else { return nil }
    let absolute = DaemonCommand.absolute(path)
    guard FileManager.default.fileExists(atPath: absolute) else { return absolute }
    _ = try NtfyTokenFile.read(absolute)
    return nil
  }

  private static func unknown(_ name: String) -> String {
    let names = ScheduleSettingField.all.map(\.name)
    if let close = Suggestion.closest(to: name, in: names) {
      return "no setting named '\(name)'; did you mean '\(close)'?"
    }
    return "no setting named '\(name)'; use one of \(names.joined(separator: ", "))"
  }
}
