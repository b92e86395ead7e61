/// The exact contents of one synthetic export: the ground truth an importer is checked against.
///
/// Element counts count every element of that name anywhere in the file (inside
/// `WorkoutActivity` too), so a byte-level count of `<Name ` agrees with them.
public struct SyntheticHealthManifest: Sendable, Codable, Equatable {
  /// Simulated days written.
  public var days = 0
  /// Every `Record` element, nested ones included.
  public var records = 0
  /// `Record`s that are children of `HealthData`.
  public var topLevelRecords = 0
  /// `Record`s inside a `Correlation`; each is also written at top level with the same
  /// attributes and children.
  public var nestedRecords = 0
  /// What an importer that merges exact duplicates and correlation members must store: the
  /// top-level Records minus the extra copies `.duplicateRecords` writes.
  public var distinctSamples = 0
  /// `Correlation` elements (food and blood pressure).
  public var correlations = 0
  /// `Workout` elements, the duplicate `.duplicateRecords` writes included.
  public var workouts = 0
  /// `WorkoutEvent` elements, those inside `WorkoutActivity` included.
  public var workoutEvents = 0
  /// `WorkoutStatistics` elements, those inside `WorkoutActivity` included.
  public var workoutStatistics = 0
  /// `WorkoutActivity` elements (modern style only).
  public var workoutActivities = 0
  /// `WorkoutRoute` elements.
  public var workoutRoutes = 0
  /// Route points: inline `Location` elements (legacy) or `trkpt`s of the GPX files (modern).
  public var routePoints = 0
  /// `ActivitySummary` elements, one per simulated day.
  public var activitySummaries = 0
  /// Every `MetadataEntry` element anywhere.
  public var metadataEntries = 0
  /// `HeartRateVariabilityMetadataList` elements.
  public var hrvLists = 0
  /// `InstantaneousBeatsPerMinute` elements.
  public var beats = 0
  /// Elements no HealthKit DTD declares (`.unknownElements`).
  public var unknownElements = 0
  /// Attributes no HealthKit DTD declares on a known element (`.unknownElements`).
  public var unknownAttributes = 0
  /// Top-level Records per full type identifier.
  public var recordsPerType: [String: Int] = [:]
  /// Top-level Records per `sourceName`.
  public var recordsPerSource: [String: Int] = [:]
  /// Type → America/New_York local date of the start (`YYYY-MM-DD`) → source name → sum of the
  /// written values, for StepCount, DistanceWalkingRunning, ActiveEnergyBurned and
  /// FlightsClimbed (top-level Records; sources are not de-duplicated).
  public var dailyTotals: [String: [String: [String: Double]]] = [:]
  /// Bytes of XML written.
  public var bytes = 0
  /// `FileReference` paths in order of appearance, each once.
  public var routeFiles: [String] = []
}
