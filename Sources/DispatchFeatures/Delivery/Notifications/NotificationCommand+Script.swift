import DispatchSupport

/// The shell scripts behind ``NotificationCommand``. Each is built from argv arrays joined by
/// ``ShellQuoting/command(_:)``, so no user value is ever parsed by the shell.
struct ScriptContext {
  let notification: PromptNotification
  let dispatchPath: String
  let storePath: String

  /// notify-send's action id for a click on the notification itself (freedesktop spec).
  static let clickActionID = "default"

  /// notify-send arguments shared by both notify-send modes, up to the options' end.
  func notifySendOptions(path: String) -> [String] {
    var argv = [
      path, "--app-name=Dispatch", "--urgency=" + notification.urgency.rawValue,
      "--category=x-dispatch.prompt",
    ]
    if let seconds = notification.expiresAfterSeconds {
      argv.append("--expire-time=\(max(0, seconds) * 1000)")
    }
    argv.append("--hint=string:x-dispatch-prompt-id:" + notification.promptID)
    return argv
  }

  /// The summary and body after `--`, so a title starting with `-` is not read as an option.
  /// notify-send expands backslash escapes in the body (`g_strcompress`), so each backslash is
  /// doubled to arrive unchanged.
  var notifySendTexts: [String] {
    ["--", notification.title, notification.body.replacingBackslashes()]
  }

  /// Shows the notification and exits; nothing is reported, so the prompt stays open until
  /// answered with `dispatch report` or expired by the daemon — unless notify-send fails (no
  /// notification server), which is reported as `undelivered`.
  func plainNotifySendScript(path: String) -> String {
    ShellQuoting.command(notifySendOptions(path: path) + notifySendTexts) + " || "
      + undelivered
  }

  /// Reports that the notification could not be shown: the prompt is missed, not open.
  private var undelivered: String {
    "exec " + ShellQuoting.command(act(NotificationResponse.undelivered.rawValue)) + "\n"
  }

  /// Waits for an action and reports it. A click or Report now records the tap, then opens the
  /// survey in a terminal. An empty answer after a successful wait means the notification was
  /// closed (or its expire time passed: notify-send stops waiting then and prints nothing, so an
  /// expiry also reads as `dismissed`); a failed notify-send (no server, bad option, a server
  /// without actions) reports `undelivered`.
  func interactiveNotifySendScript(path: String, terminal: [String]) -> String {
    var argv = notifySendOptions(path: path) + ["--wait"]
    let report = NotificationResponse.report.rawValue
    if let reportAction = notification.actions.first(where: { $0.id == report }) {
      argv.append("--action=\(Self.clickActionID)=\(reportAction.label)")
    }
    argv += notification.actions.map { "--action=\($0.id)=\($0.label)" }
    argv += notifySendTexts
    var script = "choice=$(" + ShellQuoting.command(argv) + ") || " + undelivered
    script += "case $choice in\n"
    for action in notification.actions {
      if action.id == report {
        let survey = dispatch(["report", "--prompt", notification.promptID])
        script += ShellQuoting.quote(Self.clickActionID) + "|" + ShellQuoting.quote(report)
        script += ") " + ShellQuoting.command(act(report)) + "\n"
        script += "  exec " + ShellQuoting.command(terminal + survey) + " ;;\n"
      } else {
        script += branch(action.id)
      }
    }
    script += "'') exec " + ShellQuoting.command(act(NotificationResponse.dismissed.rawValue))
    script += " ;;\nesac\n"
    return script
  }

  /// Runs the user's hook in its own shell and reports the first line of its output when that
  /// line is one of this prompt's action ids or `dismissed`. A trailing carriage return is
  /// dropped for hooks that relay CRLF output from the network; a failing hook (a non-zero
  /// exit) reports `undelivered`.
  func hookScript(command: String) -> String {
    var script =
      "out=$(" + ShellQuoting.command(["/bin/sh", "-c", command]) + ") || " + undelivered
    script += "nl='\n'\n"
    script += "cr=$(printf '\\r')\n"
    script += "choice=${out%%\"$nl\"*}\n"
    script += "choice=${choice%\"$cr\"}\n"
    script += "case $choice in\n"
    for id in notification.actions.map(\.id) + [NotificationResponse.dismissed.rawValue] {
      script += branch(id)
    }
    script += "esac\n"
    return script
  }

  private func branch(_ id: String) -> String {
    ShellQuoting.quote(id) + ") exec " + ShellQuoting.command(act(id)) + " ;;\n"
  }

  private func act(_ id: String) -> [String] {
    dispatch(["act", notification.promptID, id])
  }

  private func dispatch(_ words: [String]) -> [String] {
    [dispatchPath, "--store", storePath] + words
  }
}

extension String {
  /// Each `\` doubled, undoing notify-send's escape processing of the body.
  fileprivate func replacingBackslashes() -> String {
    var result = String.UnicodeScalarView()
    for scalar in unicodeScalars {
      if scalar == "\\" { result.append(scalar) }
      result.append(scalar)
    }
    return String(result)
  }
}
