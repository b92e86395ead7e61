import DispatchCore
import DispatchFeatures
import DispatchStorage
import DispatchSupport
import Foundation

/// The work that follows filing a report, wherever it was filed (command line, daemon, web):
/// the automatic backup when one is due, and delivery of the webhooks that are due, this
/// report's included (docs/store.md, docs/webhooks.md).
///
/// Neither may fail the filing: the report is stored and queued already. What went wrong comes
/// back as warnings for people, and the backup's failure is also logged.
public enum AfterFiling {
  /// Runs the follow-up work; returns one line per problem (without a program prefix).
  public static func run(store: DispatchStore, environment: ServiceEnvironment) -> [String] {
    var warnings: [String] = []
    if let warning = backUpIfDue(store: store, environment: environment) {
      warnings.append(warning)
    }
    if let warning = deliverWebhooks(store: store, environment: environment) {
      warnings.append(warning)
    }
    return warnings
  }

  /// Writes a backup when one is due; a failure is logged and returned, never thrown.
  public static func backUpIfDue(store: DispatchStore, environment: ServiceEnvironment)
    -> String?
  {
    do {
      _ = try BackupService(store: store, environment: environment).writeIfDue()
      return nil
    } catch {
      let reason = describeBackupFailure(error)
      try? store.settings.logEvent("backupFailed", detail: reason)
      return "the automatic backup failed (\(reason)); the report is filed"
    }
  }

  /// Sends what the webhook outbox has due, when webhooks are on.
  public static func deliverWebhooks(store: DispatchStore, environment: ServiceEnvironment)
    -> String?
  {
    do {
      guard let configuration = try WebhookConfiguration.load(from: store),
        configuration.isEnabled,
        let next = try store.outbox.webhookOutboxSummary().nextAttemptAt,
        next <= environment.run.now()
      else { return nil }
      var sender = try WebhookSender(
        configuration: configuration,
        transport: HTTPClient(environment: environment.variables), clock: environment.run.clock)
      // A receiver that never answers must not hold the person's prompt for long.
      sender.timeouts = (WebhookSender.interactiveTimeout, WebhookSender.interactiveTimeout)
      let result = try WebhookDrain(store: store, sender: sender).run(
        .due, environment: environment.run)
      guard let failure = result.failures.first else { return nil }
      let retry = failure.nextAttempt.map { "next try \($0.iso8601Seconds)" } ?? "marked failed"
      return "webhook delivery failed (\(failure.reason)); the report is queued, \(retry)"
    } catch {
      return "webhooks: \(message(error)); the report is queued"
    }
  }

  /// A one-line reason that holds no record content: paths and error kinds only.
  static func describeBackupFailure(_ error: any Error) -> String {
    switch error {
    case let error as BackupError: return error.description
    case let error as StoreError: return "store error (\(error.kind))"
    case let error as DispatchError: return error.message
    default: return String(describing: type(of: error))
    }
  }

  /// The one-line message of any error, as the command line would print it.
  static func message(_ error: any Error) -> String {
    (error as? any CategorizedError)?.failureMessage ?? String(describing: error)
  }
}
