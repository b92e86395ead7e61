import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch is-weekday DATE`: Introspective's "Is __ a weekday?"
/// (docs/formats/introspective.md#intents), for scripts.
enum IsWeekdayCommand {
  static let spec: CommandSpec = CommandSpec(
    "is-weekday",
    abstract: "Say whether a date is a weekday (exit 0) or a weekend day (exit 1)",
    discussion: """
      Prints 'yes' and exits 0 for Monday to Friday, prints 'no' and exits 1 for Saturday and \
      Sunday, so scripts can test it: 'if dispatch is-weekday today; then …'. With --json it \
      prints {"date", "isWeekday"} and exits the same way. Today is taken in the store's \
      time-zone setting when a store exists, else in the system zone.
      """,
    arguments: [ArgumentSpec("DATE", "YYYY-MM-DD, today, tomorrow or yesterday")],
    json: true,
    examples: ["dispatch is-weekday today", "dispatch is-weekday 2026-07-13 --json"],
    run: run)

  static func run(_ invocation: Invocation) throws {
    let text = invocation.positional(0) ?? ""
    let result: (date: LocalDate, isWeekday: Bool)
    if FileManager.default.fileExists(atPath: invocation.storePath) {
      result = try Weekday.check(
        text, in: try invocation.openStore(.read), environment: invocation.runEnvironment)
    } else {
      let run = invocation.runEnvironment
      result = try Weekday.check(text, zone: run.zone, now: run.now())
    }
    if invocation.wantsJSON {
      invocation.printJSON(
        .object([
          ("date", .string(result.date.description)), ("isWeekday", .bool(result.isWeekday)),
        ]))
    } else {
      invocation.stdout.line(result.isWeekday ? "yes" : "no")
    }
    if !result.isWeekday {
      // Exit 1 is the answer "no", not a failure: there is no message to print, so the error
      // path (which always prints one) is bypassed.
      invocation.stdout.flush()
      invocation.stderr.flush()
      exit(ExitStatus.failure.rawValue)
    }
  }
}
