/// Shows a prompt to the user: the daemon's only way out
/// (docs/daemon.md#notifications-and-their-actions).
public protocol PromptDeliverer {
  /// Delivers the notification and returns how (`notify-send`, `hook`, …), or throws when it
  /// could not be delivered at all.
  func deliver(_ notification: PromptNotification) throws -> String

  /// How prompts are delivered, for the daemon's start line; never a secret (a hook's command,
  /// a token, an ntfy topic).
  var summary: String { get }
}

extension PromptDeliverer {
  /// The type's name, for deliverers that have nothing more to say (test doubles).
  public var summary: String { String(describing: Self.self) }
}
