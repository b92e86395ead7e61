/// One prompt in the compliance log (docs/daemon.md#compliance): when it was due, and what became
/// of it.
///
/// Holds identifiers and instants only — never the prompt's text or an answer — so the log can
/// be shared for compliance reporting without content.
public struct PromptRecord: Sendable, Equatable {
  /// Where a prompt is in its life.
  public enum State: String, Sendable, CaseIterable {
    /// Waiting to fire: a snooze or an event prompt with a delay.
    case pending
    /// Delivered and not yet acted on.
    case fired
    /// Came due but was never delivered: the machine was off or asleep past the late limit,
    /// a newer prompt superseded it before it fired, or delivery failed.
    case missed
    /// The user acted on it (tapped, snoozed, dismissed) without a report linked to it.
    case acted
    /// A report was filed from it.
    case answered
    /// Fired, and nothing happened before it expired or a newer prompt replaced it.
    case expired
    /// Dropped before firing: going to sleep cancels pending snoozes.
    case dropped
  }

  /// `prompt-…`, `gprompt-<group>-…`, `nag-…`, `snooze-<UUID>`, `event-<group>-…`.
  public var identifier: String
  /// `random`, `fixed`, `group`, `nag`, `snooze` or `event`.
  public var source: String
  public var promptGroupID: String?
  /// For nags and snoozes: the prompt they belong to.
  public var parentIdentifier: String?
  public var due: Instant
  public var timeZoneIdentifier: String
  public var utcOffsetSeconds: Int
  public var state: State
  public var firedAt: Instant?
  /// How it was delivered: `notify-send`, `hook`, or a failure note.
  public var delivery: String?
  public var actedAt: Instant?
  /// `report`, `snooze`, `answer-yes`, `answer-no` or `dismissed`.
  public var action: String?
  public var answeredAt: Instant?
  public var reportID: String?
  /// When it was missed, expired or dropped.
  public var closedAt: Instant?

  public init(
    identifier: String, source: String, promptGroupID: String? = nil,
    parentIdentifier: String? = nil, due: Instant, timeZoneIdentifier: String,
    utcOffsetSeconds: Int, state: State
  ) {
    self.identifier = identifier
    self.source = source
    self.promptGroupID = promptGroupID
    self.parentIdentifier = parentIdentifier
    self.due = due
    self.timeZoneIdentifier = timeZoneIdentifier
    self.utcOffsetSeconds = utcOffsetSeconds
    self.state = state
  }

  /// Whether the prompt may still be acted on.
  public var isOpen: Bool { state == .fired || state == .pending }
}
