import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch act PROMPT ACTION`: what a notification runs when you choose one of its actions
/// (docs/daemon.md#notifications-and-their-actions). Also usable by hand or from a hook.
enum ActCommand {
  static let actionNames = NotificationResponse.allCases.map(\.rawValue)

  static let spec: CommandSpec = CommandSpec(
    "act",
    abstract: "Record an action on a prompt (run by notifications and hooks)",
    discussion: """
      Notifications and hooks run this when you choose an action. report records that you \
      opened the survey (the notification then runs 'dispatch report --prompt ID'); snooze \
      brings the prompt back after the snooze time; answer-yes and answer-no file a quick \
      answer to the first yes/no question of the regular survey; dismissed records that you \
      closed it. Any action quiets the nags. undelivered is what a notification reports when it \
      could not be shown (notify-send or the hook failed): the prompt counts as missed. A nag's or snooze's ID counts for its prompt. \
      'dispatch compliance --json' and the daemon's log show prompt IDs.
      """,
    arguments: [
      ArgumentSpec("PROMPT", "The prompt ID, e.g. prompt-20260708-1138Z, or last (the latest due)"),
      ArgumentSpec("ACTION", actionNames.joined(separator: ", "), completion: .values(actionNames)),
    ],
    examples: [
      "dispatch act last snooze", "dispatch act last answer-yes",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws {
    guard let prompt = invocation.positional(0), let name = invocation.positional(1) else {
      throw invocation.usage("give a prompt ID and an action, e.g. 'prompt-20260708-1138Z snooze'")
    }
    guard let action = NotificationResponse(rawValue: name) else {
      throw invocation.unknownChoice("'\(name)' is not an action", name, among: actionNames)
    }
    let sensors = try ReportSensors.choice(invocation)
    let store = try invocation.openStore(.write)
    let result = try PromptActions(store: store, environment: invocation.serviceEnvironment)
      .act(prompt, action, sensors: sensors)
    invocation.warn(result.warnings)
    let outcome = result.outcome
    switch action {
    case .snooze:
      let due = outcome.snooze.map { " until \($0.due.iso8601Seconds)" } ?? ""
      invocation.stdout.line("Snoozed \(outcome.promptIdentifier)\(due).")
    case .answerYes, .answerNo:
      invocation.stdout.line(
        "Filed report \(outcome.reportID ?? "") answering \(outcome.promptIdentifier).")
    case .report, .dismissed:
      invocation.stdout.line("Recorded \(action.rawValue) on \(outcome.promptIdentifier).")
    case .undelivered:
      invocation.stdout.line("Recorded that \(outcome.promptIdentifier) could not be shown.")
    }
  }
}
