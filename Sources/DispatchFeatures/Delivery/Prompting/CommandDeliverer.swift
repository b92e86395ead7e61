import DispatchCore
import DispatchSupport
import Foundation

/// Delivers prompts by starting one detached shell per notification (``NotificationCommand``):
/// notify-send with actions, or the user's hook. The daemon never waits on a notification;
/// what the user chooses comes back as a `dispatch act` or `dispatch report --prompt` run.
public final class CommandDeliverer: PromptDeliverer {
  let mode: NotificationCommand.Mode
  let dispatchPath: String
  let storePath: String
  let environment: [String: String]
  /// Children still running; kept so they are reaped rather than left as zombies.
  private var children: [Process] = []

  public init(
    mode: NotificationCommand.Mode, dispatchPath: String, storePath: String,
    environment: [String: String]
  ) {
    self.mode = mode
    self.dispatchPath = dispatchPath
    self.storePath = storePath
    self.environment = environment
  }

  /// The deliverer of `notifier` as the settings configure it: the hook for `.hook`, else
  /// notify-send with actions when it and the notification server support them.
  ///
  /// - Throws: ``DispatchError`` `.invalidValue` for a hook notifier without a hook command,
  ///   `.conflict` when notify-send is not installed.
  public static func configured(
    _ notifier: Notifier, by settings: ScheduleSettings, dispatchPath: String, storePath: String,
    environment: [String: String], runner: any CommandRunner
  ) throws -> CommandDeliverer {
    precondition(notifier != .ntfy, "ntfy has a deliverer of its own")
    let mode: NotificationCommand.Mode
    if notifier == .hook {
      guard let hook = settings.hookCommand else {
        throw DispatchError(
          .invalidValue,
          "the notifier is 'hook' but no hook is set; 'dispatch settings set hook CMD'")
      }
      mode = .hook(command: hook)
    } else {
      let capabilities = NotifySendCapabilities.detect(runner: runner)
      guard capabilities.isAvailable else {
        throw DispatchError(
          .conflict,
          "notify-send is not installed (apt install libnotify-bin), or set a hook: "
            + "'dispatch settings set notifier hook'")
      }
      let terminal = settings.terminalCommand.split(separator: " ").map(String.init)
      mode = .notifySend(supportsActions: capabilities.supportsActions, terminal: terminal)
    }
    return CommandDeliverer(
      mode: mode, dispatchPath: dispatchPath, storePath: storePath, environment: environment)
  }

  /// How prompts are delivered, for the daemon's start line; never the hook's command, which
  /// may hold a secret.
  public var summary: String {
    switch mode {
    case .notifySend(_, true, _): return "notify-send, with Report now and Snooze buttons"
    case .notifySend: return "notify-send, without buttons (the notification server has none)"
    case .hook: return "the hook command ('dispatch settings get hook')"
    }
  }

  public func deliver(_ notification: PromptNotification) throws -> String {
    children.removeAll { !$0.isRunning }
    let command = NotificationCommand(
      mode: mode, notification: notification, dispatchPath: dispatchPath, storePath: storePath)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command.executable)
    process.arguments = command.arguments
    process.environment = environment.merging(command.environment) { _, new in new }
    process.standardInput = FileHandle.nullDevice
    try process.run()
    children.append(process)
    switch mode {
    case .notifySend(_, let actions, _): return actions ? "notify-send" : "notify-send (no actions)"
    case .hook: return "hook"
    }
  }
}
