import DispatchCore

/// One prompt the planner expects to fire (docs/schedule.md#the-plans-json; `dispatch plan`).
public struct PlannedPrompt: Sendable, Equatable {
  /// Why the prompt fires.
  public enum Source: String, Sendable {
    /// A random time of the main schedule.
    case random
    /// One of the fixed daily times of the main schedule.
    case fixed
    /// A prompt group's schedule.
    case group
    /// A reminder after an unanswered prompt.
    case nag
    /// A snoozed prompt coming back.
    case snooze
    /// An event group's prompt (`dispatch trigger`, a calendar event's end).
    case event
  }

  public var date: Instant
  public var source: Source
  public var promptGroupID: String?
  /// Stable and unique within a plan: `prompt-…`, `gprompt-<group>-…`, `nag-<parent>-<n>`
  /// (docs/schedule.md#prompt-identifiers).
  public var identifier: String
  /// The local day whose schedule the prompt belongs to (a window may cross midnight).
  public var day: LocalDate
  /// For nags, the prompt they remind of.
  public var parentIdentifier: String?

  public init(
    date: Instant, source: Source, promptGroupID: String? = nil, identifier: String,
    day: LocalDate, parentIdentifier: String? = nil
  ) {
    self.date = date
    self.source = source
    self.promptGroupID = promptGroupID
    self.identifier = identifier
    self.day = day
    self.parentIdentifier = parentIdentifier
  }
}
