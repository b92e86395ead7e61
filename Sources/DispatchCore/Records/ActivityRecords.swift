/// A kind of activity: its name, description and common tags
/// (docs/formats/introspective.md#record-types).
public struct ActivityDefinition: Sendable, Equatable, Identifiable {
  public var id: String
  /// Unique, compared ignoring case and accents.
  public var name: String
  public var description: String?
  /// The definition's common tags; every instance carries them.
  public var tags: [String]
  /// Whether to ask for a note after stopping.
  public var autoNote: Bool
  public var sortOrder: Int
  public var source: String

  public init(
    id: String, name: String, description: String? = nil, tags: [String] = [],
    autoNote: Bool = false, sortOrder: Int = 0, source: String = RecordSource.dispatch
  ) {
    self.id = id
    self.name = name
    self.description = description
    self.tags = tags
    self.autoNote = autoNote
    self.sortOrder = sortOrder
    self.source = source
  }
}

/// One time an activity was done (docs/formats/introspective.md#record-types).
public struct ActivityRecord: Sendable, Equatable, Identifiable {
  public var id: String
  public var definitionID: String
  public var start: RecordTime
  /// When the start was recorded (it may be set in the past: `--ago 20m`).
  public var startSetAt: Instant?
  /// nil while running.
  public var end: RecordTime?
  public var endSetAt: Instant?
  public var note: String?
  /// The instance's own tags, besides the definition's.
  public var tags: [String]
  public var source: String

  public init(
    id: String, definitionID: String, start: RecordTime, startSetAt: Instant? = nil,
    end: RecordTime? = nil, endSetAt: Instant? = nil, note: String? = nil, tags: [String] = [],
    source: String = RecordSource.dispatch
  ) {
    self.id = id
    self.definitionID = definitionID
    self.start = start
    self.startSetAt = startSetAt
    self.end = end
    self.endSetAt = endSetAt
    self.note = note
    self.tags = tags
    self.source = source
  }

  public var isRunning: Bool { end == nil }

  /// Seconds from start to end, or to `now` while running.
  public func durationSeconds(now: Instant) -> Double {
    Double((end?.instant ?? now).milliseconds - start.instant.milliseconds) / 1000
  }
}
