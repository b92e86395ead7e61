import DispatchCore

/// Dispatch's submission limit (docs/catalog.md#submitting-and-flagging): at most 5 submissions in
/// any rolling 24 hours from one device. It is friction against accidental floods, not enforcement:
/// the moderator's flood marker is the real check.
public struct SubmissionThrottle: Sendable, Equatable {
  public static let limit = 5
  public static let windowMilliseconds: Int64 = 24 * 3_600_000

  /// When earlier submissions were made.
  public private(set) var stamps: [Instant]

  public init(stamps: [Instant] = []) {
    self.stamps = stamps.sorted()
  }

  /// Reads the stored form (milliseconds since the epoch, comma-separated); unreadable entries
  /// are dropped rather than blocking the user.
  public init(storedText: String?) {
    let values = (storedText ?? "").split(separator: ",").compactMap {
      Int64($0.filter { $0 != " " })
    }
    self.init(stamps: values.map(Instant.init(milliseconds:)))
  }

  /// The stored form.
  public var storedText: String {
    stamps.map { String($0.milliseconds) }.joined(separator: ",")
  }

  /// The submissions that still count at `now`: those less than 24 hours old. A stamp ahead
  /// of `now` (the clock was set back) counts too, so it cannot be used to skip the limit.
  public func recent(at now: Instant) -> [Instant] {
    stamps.filter { now.milliseconds - $0.milliseconds < Self.windowMilliseconds }
  }

  /// Whether another submission is allowed at `now`.
  public func allows(at now: Instant) -> Bool {
    recent(at: now).count < Self.limit
  }

  /// When the next submission becomes possible, or nil when it already is.
  public func nextAllowed(at now: Instant) -> Instant? {
    let recent = recent(at: now)
    guard recent.count >= Self.limit else { return nil }
    let expiring = recent[recent.count - Self.limit]
    return expiring.adding(seconds: Self.windowMilliseconds / 1000)
  }

  /// The throttle after a submission at `now`, with stamps that no longer count dropped.
  public func recording(_ now: Instant) -> SubmissionThrottle {
    SubmissionThrottle(stamps: recent(at: now) + [now])
  }
}
