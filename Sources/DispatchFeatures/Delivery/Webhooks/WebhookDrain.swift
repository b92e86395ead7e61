import DispatchCore
import DispatchStorage
import DispatchSupport
import Foundation

/// Sends what waits in the webhook outbox, oldest first, one `report.created` POST per report.
///
/// Each entry is claimed (leased) before it is sent and removed only after a 2xx answer, so a
/// concurrent drain (the daemon and a CLI command) never sends it too. Another drain's live
/// lease makes this one return at once: that drain sends what is due, in order.
///
/// There is no head-of-line blocking: an entry answered with an error status is rescheduled
/// by the retry policy and the drain moves on. But when the receiver cannot be reached at all
/// (no connection, TLS failure, timeout), the drain stops after that one attempt: every other
/// entry would fail the same way, and spending their attempts would only bring their
/// give-up time closer.
public struct WebhookDrain {
  /// Which entries a run sends.
  public enum Mode: Sendable, Equatable {
    /// Entries due now (after filing, on daemon ticks).
    case due
    /// Every pending entry whatever its next attempt time, and failed ones too when asked.
    case flush(includingFailed: Bool)
  }

  let store: DispatchStore
  let sender: WebhookSender
  let policy: WebhookRetryPolicy

  public init(store: DispatchStore, sender: WebhookSender, policy: WebhookRetryPolicy = .standard) {
    self.store = store
    self.sender = sender
    self.policy = policy
  }

  /// Runs until nothing more is due, the receiver is unreachable, or another drain is busy.
  ///
  /// - Throws: store errors and ``WebhookError`` (crypto) only; delivery failures are in the
  ///   result and in the outbox.
  public func run(_ mode: Mode = .due, environment: RunEnvironment) throws -> WebhookDrainResult {
    let owner = ProcessOwner.current()
    var result = WebhookDrainResult()
    var cursor: Int64 = 0
    while true {
      let claim = try store.outbox.claimWebhookEntry(
        owner: owner, after: cursor, includeFailed: mode == .flush(includingFailed: true),
        ignoringSchedule: mode != .due)
      guard case .claimed(let entry) = claim else {
        result.wasBusy = claim == .busy
        return result
      }
      cursor = entry.sequence
      let selection = ReportSelection(includeDrafts: true, id: entry.reportID)
      guard let report = try store.reports.list(selection).first, !report.isDraft else {
        try store.outbox.dropWebhookEntry(entry, owner: owner)
        result.dropped.append(entry.reportID)
        continue
      }
      let reason: String
      do {
        let response = try sender.send(WebhookPayload.reportCreated(report))
        if response.isSuccess {
          try store.outbox.completeWebhookEntry(entry, owner: owner)
          result.delivered.append(entry.reportID)
          continue
        }
        reason = "HTTP \(response.status)"
      } catch let error as HTTPError {
        reason = error.message  // redacted: it names the receiver, never its credentials
        result.unreachable = error.message
      }
      let next = policy.nextAttempt(
        afterFailedAttempt: entry.attempts + 1, at: environment.now())
      try store.outbox.failWebhookEntry(entry, owner: owner, reason: reason, nextAttempt: next)
      result.failures.append(.init(reportID: entry.reportID, reason: reason, nextAttempt: next))
      if next == nil { try store.settings.logEvent("webhookGaveUp", detail: reason) }
      if result.unreachable != nil { return result }
    }
  }
}

/// What one drain did.
public struct WebhookDrainResult: Sendable, Equatable {
  /// One failed attempt.
  public struct Failure: Sendable, Equatable {
    public var reportID: String
    /// `HTTP <status>` or the connection error.
    public var reason: String
    /// When the entry is due again; nil when it was marked failed.
    public var nextAttempt: Instant?
  }

  /// Reports delivered (2xx), in order.
  public var delivered: [String] = []
  public var failures: [Failure] = []
  /// Entries dropped because their report was deleted (or became a draft).
  public var dropped: [String] = []
  /// Why the drain stopped early: the receiver could not be reached.
  public var unreachable: String?
  /// Whether another drain held the outbox, so this one sent nothing more.
  public var wasBusy = false

  public init() {}
}
