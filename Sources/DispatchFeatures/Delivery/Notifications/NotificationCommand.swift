/// The child process the daemon starts, once, to show a prompt and report what the user did.
///
/// The daemon never waits on a notification: it launches `executable` with `arguments` and
/// `environment` added to its own, then forgets the child. The child shows the prompt, waits
/// for an action and calls `dispatch --store STORE act PROMPT-ID ACTION` itself
/// (docs/daemon.md#notifications-and-their-actions). Every value that reaches the script goes
/// through ``ShellQuoting/quote(_:)``.
public struct NotificationCommand: Sendable, Equatable {
  /// How the prompt is shown.
  public enum Mode: Sendable, Equatable {
    /// A freedesktop notification through `notify-send`. With `supportsActions` (notify-send
    /// ≥ 0.7.10 and a server with the "actions" capability) the child waits for a button and
    /// reports it; without, it shows a plain notification and reports nothing. `terminal` is
    /// the command prefix that opens a terminal for the survey, such as
    /// ``NotificationCommand/defaultTerminal``.
    case notifySend(path: String = "notify-send", supportsActions: Bool, terminal: [String])
    /// A user command run through `/bin/sh -c`, told about the prompt through `DISPATCH_*`
    /// environment variables; an action id on the first line of its output is reported.
    case hook(command: String)
  }

  /// The terminal prefix used when none is configured: Debian's alternatives name for the
  /// user's terminal, whose `-e` runs the remaining words as a command.
  public static let defaultTerminal = ["x-terminal-emulator", "-e"]

  /// The program to start: always the POSIX shell.
  public let executable: String
  /// Its arguments: `["-c", script]`.
  public let arguments: [String]
  /// Variables to add to the daemon's environment for the child (hook mode only).
  public let environment: [String: String]

  /// The script the shell runs.
  public var script: String { arguments.last ?? "" }

  /// The invocation that shows `notification` in `mode`, reporting back through the `dispatch`
  /// executable at `dispatchPath` on the store at `storePath`.
  public init(
    mode: Mode, notification: PromptNotification, dispatchPath: String, storePath: String
  ) {
    let context = ScriptContext(
      notification: notification, dispatchPath: dispatchPath, storePath: storePath)
    executable = "/bin/sh"
    switch mode {
    case .notifySend(let path, let supportsActions, let terminal):
      let script =
        supportsActions
        ? context.interactiveNotifySendScript(path: path, terminal: terminal)
        : context.plainNotifySendScript(path: path)
      arguments = ["-c", script]
      environment = [:]
    case .hook(let command):
      arguments = ["-c", context.hookScript(command: command)]
      environment = Self.hookEnvironment(notification, storePath: storePath)
    }
  }

  /// The variables a hook reads. `DISPATCH_GROUP_ID` is present but empty for main prompts so
  /// a hook can test it without `set -u` failing.
  static func hookEnvironment(_ notification: PromptNotification, storePath: String)
    -> [String: String]
  {
    [
      "DISPATCH_PROMPT_ID": notification.promptID,
      "DISPATCH_TITLE": notification.title,
      "DISPATCH_BODY": notification.body,
      "DISPATCH_ACTIONS": notification.actions.map(\.id).joined(separator: ","),
      "DISPATCH_GROUP_ID": notification.groupID ?? "",
      "DISPATCH_URGENCY": notification.urgency.rawValue,
      "DISPATCH_STORE": storePath,
    ]
  }
}
