import DispatchCore
import DispatchStorage

extension PromptDaemon {
  /// Sends the webhook entries that are due (docs/webhooks.md#what-is-sent-and-when), when webhooks
  /// are on and the daemon was given a transport, and wakes the next pass for the next retry.
  ///
  /// A broken configuration (an unreadable secret file) is reported in the pass, not thrown:
  /// prompts must keep firing.
  func drainWebhooks(into pass: inout Pass) throws {
    guard let transport = webhookTransport,
      let configuration = try WebhookConfiguration.load(from: store), configuration.isEnabled
    else { return }
    do {
      let sender = try WebhookSender(
        configuration: configuration, transport: transport, clock: environment.clock)
      let result = try WebhookDrain(store: store, sender: sender).run(
        .due, environment: environment)
      if result != WebhookDrainResult() { pass.webhooks = result }
    } catch let error as WebhookError {
      pass.webhookProblem = error.message
    }
    let now = environment.now()
    if let next = try store.outbox.webhookOutboxSummary().nextAttemptAt, next < pass.next {
      pass.next = max(next, now)
    }
  }
}
