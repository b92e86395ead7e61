/// Shows a prompt to the user: the daemon's only way out
/// (docs/daemon.md#notifications-and-their-actions).
public protocol PromptDeliverer {
  /// Delivers the notification and returns how (`notify-send`, `hook`, …), or throws when it
  /// could not be delivered at all.
  func deliver(_ notification: PromptNotification) throws -> String
}
