import DispatchCore

/// When a failed webhook delivery is tried again (docs/webhooks.md#the-outbox-and-retries): after
/// the first failure in a minute, then 5 min, 30 min, 2 h, 6 h, 12 h and 24 h; when the eighth
/// attempt fails too (about 45 hours after the first) the entry is marked failed, kept and shown
/// until `webhook flush --failed` delivers it. Dispatch instead drops an entry after 3 attempts.
public struct WebhookRetryPolicy: Sendable, Equatable {
  /// Seconds to wait after the 1st, 2nd, … failed attempt.
  public var delays: [Int64]

  public init(delays: [Int64]) {
    self.delays = delays
  }

  /// +1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h.
  public static let standard = WebhookRetryPolicy(
    delays: [60, 300, 1_800, 7_200, 21_600, 43_200, 86_400])

  /// When to try again after attempt number `attempt` (1-based) failed at `failedAt`, or nil
  /// when the schedule has run out and the entry is marked failed.
  public func nextAttempt(afterFailedAttempt attempt: Int, at failedAt: Instant) -> Instant? {
    guard attempt >= 1, attempt <= delays.count else { return nil }
    return failedAt.adding(seconds: delays[attempt - 1])
  }
}
