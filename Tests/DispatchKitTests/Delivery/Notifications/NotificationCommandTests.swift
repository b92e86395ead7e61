import DispatchKit
import Foundation
import Testing

/// The child process that shows a prompt and reports the chosen action, run for real with
/// `/bin/sh` against fake programs (docs/daemon.md#notifications-and-their-actions).
struct NotificationCommandTests {
  let sandbox: NotificationSandbox
  /// Every field holds shell syntax, quotes, a newline or a backslash.
  let prompt: PromptNotification

  init() throws {
    sandbox = try NotificationSandbox()
    let canary = sandbox.canary
    prompt = PromptNotification.main(
      promptID: "prompt-'x';$(touch \(canary))-20260709-1432",
      yesNoQuestion: (
        "Bob's \"day\" $(touch \(canary)) `touch \(canary)`; ok?\nline 2 \\n not a newline",
        ["It's = yes", "$(touch \(canary))"]
      ),
      expiresAfterSeconds: 90)
  }

  private func interactive(_ notification: PromptNotification? = nil) -> NotificationCommand {
    NotificationCommand(
      mode: .notifySend(
        path: sandbox.notifySendPath, supportsActions: true,
        terminal: [sandbox.terminalPath, "-e"]),
      notification: notification ?? prompt, dispatchPath: sandbox.dispatchPath,
      storePath: sandbox.storePath)
  }

  private func act(_ action: String, _ id: String? = nil) -> [String] {
    ["--store", sandbox.storePath, "act", id ?? prompt.promptID, action]
  }

  @Test func `notify-send receives every value exactly, with actions and a wait`() throws {
    let command = interactive()
    #expect(command.executable == "/bin/sh")
    #expect(command.arguments.first == "-c" && command.arguments.count == 2)
    #expect(command.environment.isEmpty)
    try sandbox.run(command)
    #expect(
      sandbox.calls("notify-send") == [
        [
          "--app-name=Dispatch", "--urgency=normal", "--category=x-dispatch.prompt",
          "--expire-time=90000", "--hint=string:x-dispatch-prompt-id:" + prompt.promptID,
          "--wait", "--action=default=Report now", "--action=report=Report now",
          "--action=snooze=Snooze 15m", "--action=answer-yes=It's = yes",
          "--action=answer-no=$(touch \(sandbox.canary))", "--", "Time to report",
          "Bob's \"day\" $(touch \(sandbox.canary)) `touch \(sandbox.canary)`; ok?\n"
            + "line 2 \\\\n not a newline",
        ]
      ])
    #expect(!sandbox.canaryExists)
  }

  @Test(arguments: [
    ("", "dismissed"), ("snooze", "snooze"), ("answer-yes", "answer-yes"),
    ("answer-no", "answer-no"),
  ])
  func `the chosen action is reported to dispatch act`(choice: String, action: String) throws {
    let status = try sandbox.run(interactive(), choice: choice)
    #expect(status == 0)
    #expect(sandbox.calls("dispatch") == [act(action)])
    #expect(sandbox.calls("terminal").isEmpty)
    #expect(!sandbox.canaryExists)
  }

  @Test(arguments: ["default", "report"])
  func `a click or Report now records the tap and opens the survey in a terminal`(
    choice: String
  ) throws {
    try sandbox.run(interactive(), choice: choice)
    let survey = ["--store", sandbox.storePath, "report", "--prompt", prompt.promptID]
    #expect(sandbox.calls("dispatch") == [act("report"), survey])
    #expect(sandbox.calls("terminal") == [["-e", sandbox.dispatchPath] + survey])
    #expect(!sandbox.canaryExists)
  }

  @Test(arguments: ["3", "snooze\nsnooze", "Report now", "dismissed", "'"])
  func `unknown output is ignored`(choice: String) throws {
    try sandbox.run(interactive(), choice: choice)
    #expect(sandbox.calls("notify-send").count == 1)
    #expect(sandbox.calls("dispatch").isEmpty)
  }

  @Test func `a failed notify-send reports the prompt undelivered`() throws {
    try sandbox.run(interactive(), choice: "", status: 1)
    #expect(sandbox.calls("dispatch") == [act("undelivered")])
  }

  @Test func `a group prompt accepts only its own actions`() throws {
    let group = PromptNotification.group(
      promptID: "gprompt-g-20260709-1432", groupName: "Gym", firstPrompt: nil)
    try sandbox.run(interactive(group), choice: "answer-yes")
    #expect(sandbox.calls("dispatch").isEmpty)
    try sandbox.run(interactive(group), choice: "snooze")
    #expect(sandbox.calls("dispatch") == [act("snooze", group.promptID)])
  }

  @Test func `a nag is critical and offers the parent's actions`() throws {
    let nag = PromptNotification.nag(
      parent: PromptNotification.main(promptID: "prompt-1", yesNoQuestion: nil), number: 1)
    try sandbox.run(interactive(nag))
    #expect(
      sandbox.calls("notify-send") == [
        [
          "--app-name=Dispatch", "--urgency=critical", "--category=x-dispatch.prompt",
          "--hint=string:x-dispatch-prompt-id:nag-prompt-1-1", "--wait",
          "--action=default=Report now", "--action=report=Report now",
          "--action=snooze=Snooze 15m", "--", "Still waiting on your report",
          "What are you up to right now?",
        ]
      ])
  }

  @Test func `without action support a plain notification is shown and nothing reported`() throws {
    let command = NotificationCommand(
      mode: .notifySend(path: sandbox.notifySendPath, supportsActions: false, terminal: []),
      notification: prompt, dispatchPath: sandbox.dispatchPath, storePath: sandbox.storePath)
    try sandbox.run(command, choice: "snooze")
    #expect(
      sandbox.calls("notify-send") == [
        [
          "--app-name=Dispatch", "--urgency=normal", "--category=x-dispatch.prompt",
          "--expire-time=90000", "--hint=string:x-dispatch-prompt-id:" + prompt.promptID, "--",
          "Time to report",
          "Bob's \"day\" $(touch \(sandbox.canary)) `touch \(sandbox.canary)`; ok?\n"
            + "line 2 \\\\n not a newline",
        ]
      ])
    #expect(sandbox.calls("dispatch").isEmpty)
    #expect(!sandbox.canaryExists)
  }

  @Test func `a plain notification that fails reports the prompt undelivered`() throws {
    let command = NotificationCommand(
      mode: .notifySend(path: sandbox.notifySendPath, supportsActions: false, terminal: []),
      notification: prompt, dispatchPath: sandbox.dispatchPath, storePath: sandbox.storePath)
    try sandbox.run(command, choice: "", status: 1)
    #expect(sandbox.calls("dispatch") == [act("undelivered")])
  }

  @Test func `the default mode runs notify-send from PATH in x-terminal-emulator`() {
    let command = NotificationCommand(
      mode: .notifySend(supportsActions: true, terminal: NotificationCommand.defaultTerminal),
      notification: PromptNotification.main(promptID: "p", yesNoQuestion: nil),
      dispatchPath: "/usr/bin/dispatch", storePath: "/s.sqlite")
    #expect(command.script.hasPrefix("choice=$('notify-send' '--app-name=Dispatch' "))
    #expect(
      command.script.contains(
        "exec 'x-terminal-emulator' '-e' '/usr/bin/dispatch' '--store' '/s.sqlite' 'report' "
          + "'--prompt' 'p' ;;"))
  }
}
