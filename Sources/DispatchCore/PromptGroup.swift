/// A named set of questions with its own schedule (docs/schedule.md#prompt-groups; v2
/// `V2PromptGroup`).
///
/// Schedule fields are stored raw so values from newer versions survive a round trip;
/// the planner resolves them.
public struct PromptGroup: Sendable, Equatable, Identifiable {
  public var id: String
  public var name: String
  /// `everyNHours`, `timesPerDay`, `dailyAt`, `workoutEnd`, `visitArrival`,
  /// `calendarEventEnd`, `placeTrigger`, `beaconTrigger`, or any raw value.
  public var scheduleKind: String
  public var isEnabled: Bool
  public var sortOrder: Int
  /// Ordered question IDs; dangling IDs are legal and skipped at survey time.
  public var questionIDs: [String]
  public var scheduleHours: Int?
  public var scheduleCount: Int?
  public var scheduleDistribution: String?
  /// `HH:mm` texts.
  public var scheduledTimes: [String]
  public var calendarMatchKind: String?
  public var calendarIdentifiers: [String]
  public var calendarTitleFilter: String?
  public var monitorDirection: String?
  public var monitorDelayMinutes: Int?
  public var monitorCancelsOnContradiction: Bool?
  public var placeRegion: PlaceRegion?
  public var beacon: BeaconIdentity?

  public init(
    id: String, name: String, scheduleKind: String, isEnabled: Bool = true, sortOrder: Int = 0,
    questionIDs: [String] = [], scheduleHours: Int? = nil, scheduleCount: Int? = nil,
    scheduleDistribution: String? = nil, scheduledTimes: [String] = [],
    calendarMatchKind: String? = nil, calendarIdentifiers: [String] = [],
    calendarTitleFilter: String? = nil, monitorDirection: String? = nil,
    monitorDelayMinutes: Int? = nil, monitorCancelsOnContradiction: Bool? = nil,
    placeRegion: PlaceRegion? = nil, beacon: BeaconIdentity? = nil
  ) {
    self.id = id
    self.name = name
    self.scheduleKind = scheduleKind
    self.isEnabled = isEnabled
    self.sortOrder = sortOrder
    self.questionIDs = questionIDs
    self.scheduleHours = scheduleHours
    self.scheduleCount = scheduleCount
    self.scheduleDistribution = scheduleDistribution
    self.scheduledTimes = scheduledTimes
    self.calendarMatchKind = calendarMatchKind
    self.calendarIdentifiers = calendarIdentifiers
    self.calendarTitleFilter = calendarTitleFilter
    self.monitorDirection = monitorDirection
    self.monitorDelayMinutes = monitorDelayMinutes
    self.monitorCancelsOnContradiction = monitorCancelsOnContradiction
    self.placeRegion = placeRegion
    self.beacon = beacon
  }
}

/// A circular region for place triggers.
public struct PlaceRegion: Sendable, Equatable {
  public var latitude: Double
  public var longitude: Double
  /// Metres; Dispatch clamps it to at least 100 on decode.
  public var radius: Double
  public var name: String?

  public init(latitude: Double, longitude: Double, radius: Double, name: String? = nil) {
    self.latitude = latitude
    self.longitude = longitude
    self.radius = radius
    self.name = name
  }
}

/// A beacon for beacon triggers.
public struct BeaconIdentity: Sendable, Equatable {
  public var uuid: String
  public var major: Int?
  public var minor: Int?
  public var name: String?

  public init(uuid: String, major: Int? = nil, minor: Int? = nil, name: String? = nil) {
    self.uuid = uuid
    self.major = major
    self.minor = minor
    self.name = name
  }
}
