import DispatchCore
import DispatchFeatures
import DispatchStorage

/// What acting on a prompt did, and what went wrong afterwards without undoing it.
public struct PromptActionResult: Sendable {
  public var outcome: PromptLifecycle.ActOutcome
  /// Failed follow-ups of a quick answer's report (backup, webhooks).
  public var warnings: [String]
}

/// Actions chosen on a prompt's notification (`dispatch act`, a hook, a web page): report,
/// snooze, answer yes or no, dismiss (docs/daemon.md).
public struct PromptActions {
  public let store: DispatchStore
  public let environment: ServiceEnvironment

  public init(store: DispatchStore, environment: ServiceEnvironment) {
    self.store = store
    self.environment = environment
  }

  /// Records `action` on the prompt `identifier` in one transaction; a yes or no files a quick
  /// answer, whose context the sensors read (only then, and only for a prompt that exists),
  /// followed by the backup and webhooks like any other report.
  public func act(
    _ identifier: String, _ action: NotificationResponse, sensors: SensorChoice
  ) throws -> PromptActionResult {
    let filing = ReportFiling(store: store, environment: environment)
    let outcome = try PromptLifecycle.act(
      identifier, action, in: store, environment: environment.run
    ) {
      try filing.context(filing.startSensors(sensors))
    }
    let warnings =
      outcome.reportID == nil ? [] : AfterFiling.run(store: store, environment: environment)
    return PromptActionResult(outcome: outcome, warnings: warnings)
  }
}
