import DispatchCore
import DispatchStorage
import DispatchSupport

/// The deliverer the `notifier` setting asks for: the one notifier's own deliverer, or a
/// ``MultiDeliverer`` over several (docs/daemon.md#several-notifiers).
///
/// Expiry, focus and do-not-disturb, nags and snoozes are decided by ``PromptDaemon`` before it
/// delivers, so they hold for every notifier alike.
public enum ConfiguredDeliverer {
  /// What the command-based notifiers need from the process running them.
  public struct Context {
    /// The `dispatch` executable a notification's buttons run.
    public var dispatchPath: String
    /// The store those runs act on.
    public var storePath: String
    /// The environment notification commands start with.
    public var environment: [String: String]
    /// Runs notify-send's capability probe.
    public var runner: any CommandRunner
    /// Sends ntfy's requests.
    public var transport: any HTTPTransport

    public init(
      dispatchPath: String, storePath: String, environment: [String: String],
      runner: any CommandRunner, transport: any HTTPTransport
    ) {
      self.dispatchPath = dispatchPath
      self.storePath = storePath
      self.environment = environment
      self.runner = runner
      self.transport = transport
    }
  }

  /// The deliverer for `settings`, every notifier set up at once so a configuration that
  /// cannot deliver is refused before any prompt is due.
  ///
  /// - Throws: the first notifier's configuration error (no hook command, no notify-send, no
  ///   ntfy-url, an unusable token file), naming it.
  public static func make(
    for settings: ScheduleSettings, store: DispatchStore, context: Context
  ) throws -> any PromptDeliverer {
    let notifiers = settings.notifiers.isEmpty ? [Notifier.notifySend] : settings.notifiers
    let deliverers = try notifiers.map { notifier in
      (name: notifier.rawValue, deliverer: try deliverer(notifier, settings, store, context))
    }
    if deliverers.count == 1, let only = deliverers.first { return only.deliverer }
    return MultiDeliverer(deliverers)
  }

  private static func deliverer(
    _ notifier: Notifier, _ settings: ScheduleSettings, _ store: DispatchStore, _ context: Context
  ) throws -> any PromptDeliverer {
    switch notifier {
    case .ntfy:
      return try NtfyDeliverer.configured(
        by: settings, store: store, transport: context.transport)
    case .notifySend, .hook:
      return try CommandDeliverer.configured(
        notifier, by: settings, dispatchPath: context.dispatchPath, storePath: context.storePath,
        environment: context.environment, runner: context.runner)
    }
  }
}
