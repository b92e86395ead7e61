import DispatchKit
import Foundation
import Testing

/// The command hook: prompt details in `DISPATCH_*` variables, an action id read back from the
/// hook's first output line (docs/daemon.md#a-hook-instead).
struct NotificationHookTests {
  let sandbox: NotificationSandbox
  let prompt: PromptNotification

  init() throws {
    sandbox = try NotificationSandbox()
    prompt = PromptNotification.group(
      promptID: "gprompt-g'1-20260709-1432", groupName: "Gym $(touch \(sandbox.canary))",
      firstPrompt: nil, expiresAfterSeconds: 60)
  }

  /// A hook that records its variables and prints `$FAKE_CHOICE` verbatim, exiting with
  /// `$FAKE_STATUS`. Its own single quotes check that the hook text survives quoting.
  private var hook: NotificationCommand {
    let log = sandbox.directory.file("hook.log")
    let command = """
      printf '%s\\0' "$DISPATCH_PROMPT_ID" "$DISPATCH_TITLE" "$DISPATCH_BODY" \
      "$DISPATCH_ACTIONS" "$DISPATCH_GROUP_ID" "$DISPATCH_STORE" > '\(log)'
      printf '%s' "$FAKE_CHOICE"; exit "$FAKE_STATUS"
      """
    return NotificationCommand(
      mode: .hook(command: command), notification: prompt, dispatchPath: sandbox.dispatchPath,
      storePath: sandbox.storePath)
  }

  private func act(_ action: String) -> [String] {
    ["--store", sandbox.storePath, "act", prompt.promptID, action]
  }

  @Test func `the hook reads the prompt from its environment`() throws {
    #expect(
      hook.environment == [
        "DISPATCH_PROMPT_ID": "gprompt-g'1-20260709-1432", "DISPATCH_TITLE": "Time to report",
        "DISPATCH_BODY": "Gym $(touch \(sandbox.canary))", "DISPATCH_ACTIONS": "report,snooze",
        "DISPATCH_GROUP_ID": "g'1", "DISPATCH_URGENCY": "normal",
        "DISPATCH_STORE": sandbox.storePath,
      ])
    try sandbox.run(hook)
    let recorded = try String(
      contentsOfFile: sandbox.directory.file("hook.log"), encoding: .utf8)
    #expect(
      recorded.split(separator: "\0", omittingEmptySubsequences: false).map(String.init) == [
        "gprompt-g'1-20260709-1432", "Time to report", "Gym $(touch \(sandbox.canary))",
        "report,snooze", "g'1", sandbox.storePath, "",
      ])
    #expect(!sandbox.canaryExists)
  }

  @Test func `a main prompt gives the hook an empty group ID`() {
    let command = NotificationCommand(
      mode: .hook(command: "true"),
      notification: PromptNotification.main(promptID: "p", yesNoQuestion: ("Q?", [])),
      dispatchPath: "/d", storePath: "/s")
    #expect(command.environment["DISPATCH_GROUP_ID"] == "")
    #expect(command.environment["DISPATCH_ACTIONS"] == "report,snooze,answer-yes,answer-no")
  }

  @Test(arguments: [
    ("snooze", "snooze"), ("snooze\n", "snooze"), ("report\r\n", "report"),
    ("dismissed\nsnooze\n", "dismissed"),
  ])
  func `the first output line is reported when it is a known action`(
    output: String, action: String
  ) throws {
    try sandbox.run(hook, choice: output)
    #expect(sandbox.calls("dispatch") == [act(action)])
    #expect(sandbox.calls("terminal").isEmpty)
  }

  @Test(arguments: ["", "\nsnooze", " snooze", "answer-yes", "default", "SNOOZE", "'"])
  func `anything else is ignored`(output: String) throws {
    try sandbox.run(hook, choice: output)
    #expect(sandbox.calls("dispatch").isEmpty)
  }

  @Test func `a failing hook reports the prompt undelivered, whatever it printed`() throws {
    try sandbox.run(hook, choice: "snooze", status: 3)
    #expect(sandbox.calls("dispatch") == [act("undelivered")])
  }
}
