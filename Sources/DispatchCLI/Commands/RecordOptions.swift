import DispatchCommandLine
import DispatchKit
import Foundation

/// Options and helpers the direct-record commands share (docs/records.md#when---at-and---ago):
/// `--at`/`--ago`, `--note`, `--from`/`--to`, and yes/no questions on a terminal.
enum RecordOptions {
  static let at = OptionSpec.value(
    "at", "TIME", "When: 14:05 (today), 'yesterday 22:10', 2026-07-08, '2026-07-08 14:05', ISO-8601"
  )
  static let ago = OptionSpec.value("ago", "DURATION", "How long ago: 20m, 1h30m, 3h, 2d")
  static let note = OptionSpec.value("note", "TEXT", "A note")
  static let from = OptionSpec.value(
    "from", "DATE", "Only records from this day or instant (YYYY-MM-DD, today, 7d, ISO-8601)")
  static let to = OptionSpec.value("to", "DATE", "Only records up to and including this day")
  static let yes = OptionSpec.flag("yes", short: "y", "Do not ask for confirmation")

  /// `--at` and `--ago` as given; both together is a usage error.
  static func time(_ invocation: Invocation) throws(CLIError) -> RecordTimeArgument {
    let time = RecordTimeArgument(at: invocation.value("at"), ago: invocation.value("ago"))
    if time.at != nil && time.ago != nil {
      throw invocation.usage("give --at or --ago, not both")
    }
    return time
  }

  /// The `--from` / `--to` range.
  static func range(_ invocation: Invocation, _ store: DispatchStore) throws -> (
    from: Instant?, to: Instant?
  ) {
    try RecordTimeArgument.range(
      from: invocation.value("from"), to: invocation.value("to"), in: store,
      environment: invocation.runEnvironment)
  }

  /// Refuses options that belong to another form of the command (`mood list --note`).
  static func refuse(_ names: [String], _ invocation: Invocation, in form: String)
    throws(CLIError)
  {
    for name in names where invocation.value(name) != nil || invocation.flag(name) {
      throw invocation.usage("--\(name) does not apply to '\(form)'")
    }
  }

  /// Asks `question` with `[y/N]` on standard error and reads the answer from the terminal.
  static func ask(_ question: String, _ invocation: Invocation) -> Bool {
    invocation.stderr.write(question + " [y/N] ")
    invocation.stderr.flush()
    let answer = readLine(strippingNewline: true)?.trimmingCharacters(in: .whitespaces)
    return ["y", "yes"].contains(answer?.lowercased() ?? "")
  }

  /// Confirms a destructive step: `--yes`, or a yes on a terminal; from a script without
  /// `--yes` it is a usage error and nothing changes (as `groups remove` and `delete-all`).
  static func confirm(_ question: String, what: String, _ invocation: Invocation) throws {
    if invocation.flag("yes") { return }
    guard invocation.terminal.stdinIsTTY else {
      throw invocation.usage(
        "\(what) needs confirmation: run it on a terminal, or add --yes; nothing was changed")
    }
    guard ask(question, invocation) else {
      throw CLIError(.failure, "not confirmed; nothing was changed")
    }
  }

  /// Names joined for a sentence: `'a'`, `'a' and 'b'`, `'a', 'b' and 'c'`.
  static func list(_ names: [String]) -> String {
    let quoted = names.map { "'\($0)'" }
    guard quoted.count > 1, let last = quoted.last else { return quoted.first ?? "" }
    return quoted.dropLast().joined(separator: ", ") + " and " + last
  }

  /// ` (note: …)` or "".
  static func noteSuffix(_ note: String?) -> String {
    note.map { " (note: \($0))" } ?? ""
  }
}
