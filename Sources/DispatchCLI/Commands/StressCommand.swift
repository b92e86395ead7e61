import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch stress`: a stress check-in on the anchored 0–10 scale, and the commands that
/// list, compare and summarise check-ins (docs/records.md#stress-check-ins).
enum StressCommand {
  static let spec: CommandSpec = CommandSpec(
    "stress",
    abstract: "Check in on stress: overall and your own stressors, on an anchored 0–10 scale",
    discussion: """
      Every rating is on one anchored scale: \(StressScale.legend). On a terminal it asks \
      overall stress, then each of your stressors ('dispatch stress stressors set Work Sleep \
      Family'), then an optional note; any item can be skipped (s) or marked not applicable \
      (n). From a pipe it reads one answer per line in the same order: a number, an empty \
      line to skip, or n/a; then a note line. With --overall or --rate nothing is asked.
      """,
    options: [
      .value("overall", "N", "Overall stress, 0–10 (or skip, n/a)"),
      .value(
        "rate", "NAME=N", repeatable: true,
        "A stressor's rating: 'Work=7', 'Sleep=skip' or 'Family=n/a' (repeatable)"),
      .value("note", "TEXT", "A note"),
      .value("at", "TIME", "When: HH:MM, YYYY-MM-DD, 'YYYY-MM-DD HH:MM' or ISO-8601"),
      .value("ago", "DURATION", "When, as a time ago: 20m, 2h, 1d"),
    ],
    subcommands: [
      StressReports.listSpec, StressReports.compareSpec, StressReports.summarySpec,
      StressReports.stressorsSpec,
    ],
    json: true,
    examples: [
      "dispatch stress",
      "dispatch stress --overall 6 --rate 'Work=7' --rate 'Sleep=skip' --rate 'Family=n/a'",
      "dispatch stress stressors set Work Sleep Family",
      "dispatch stress summary --since 2026-06-01",
    ],
    run: checkIn)

  static func checkIn(_ invocation: Invocation) throws {
    if invocation.value("at") != nil && invocation.value("ago") != nil {
      throw invocation.usage("give --at or --ago, not both")
    }
    let scripted =
      invocation.value("overall") != nil || !invocation.values("rate").isEmpty
      || invocation.value("note") != nil
    let store = try invocation.openStore(.write)
    let input: StressCheckInInput
    if scripted {
      input = try scriptedInput(invocation)
    } else {
      let stressors = try store.records.stressors()
      if invocation.terminal.isInteractive {
        let survey = StressTerminalSurvey(
          stressors: stressors, colorEnabled: invocation.terminal.colorEnabled)
        guard let answers = try survey.run() else {
          throw CLIError(.interrupted, "cancelled; nothing filed")
        }
        input = answers
      } else {
        input = try StressLineSurvey(stressors: stressors).run()
      }
    }
    let checkIn = try store.records.fileStressCheckIn(
      input, at: invocation.value("at"), ago: invocation.value("ago"),
      environment: invocation.runEnvironment)
    if invocation.wantsJSON {
      invocation.printJSON(checkIn.jsonValue)
    } else {
      invocation.stdout.line("Filed stress check-in: " + StressText.line(checkIn))
    }
  }

  /// The answers of `--overall`, `--rate` and `--note`.
  private static func scriptedInput(_ invocation: Invocation) throws -> StressCheckInInput {
    var input = StressCheckInInput(note: invocation.value("note"))
    if let overall = invocation.value("overall") {
      input.overall = try StressScale.parseAnswer(overall, subject: "overall stress")
    }
    for text in invocation.values("rate") {
      guard let rating = try StressCheckInInput.parseRate(text) else {
        throw invocation.usage("'\(text)' is not NAME=VALUE for --rate, e.g. 'Work=7'")
      }
      input.ratings.append(rating)
    }
    return input
  }
}
