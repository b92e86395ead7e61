/// One HealthKit workout activity type: the name exports write in `workoutActivityType`
/// (docs/formats/apple-health.md#workouts) and the integer HealthKit stores, which Dispatch's v2
/// readings put in `workout.<raw>` (docs/formats/dispatch-v2.md#health-readings).
public struct HealthWorkoutActivityType: Sendable, Equatable {
  /// The identifier as exports write it, e.g. `HKWorkoutActivityTypeRunning`.
  public let identifier: String
  /// The `HKWorkoutActivityType` raw value, e.g. 37 for running.
  public let rawValue: Int
  /// A readable name, e.g. "Running".
  public let displayName: String

  /// Describes one activity type.
  public init(identifier: String, rawValue: Int, displayName: String) {
    self.identifier = identifier
    self.rawValue = rawValue
    self.displayName = displayName
  }
}

/// Every `HKWorkoutActivityType` with its raw value, from the `HKWorkoutActivityType` enum in
/// Apple's HealthKit SDK header (HKWorkout.h; cases documented at
/// developer.apple.com/documentation/healthkit/hkworkoutactivitytype). The numbering has a gap at
/// 81, and `other` is 3000. `dance`, `danceInspiredTraining` and `mixedMetabolicCardioTraining`
/// are deprecated since iOS 14 (use socialDance/cardioDance and mixedCardio) but old workouts
/// keep them.
public enum HealthWorkoutActivityTypes {
  /// All activity types in raw-value order.
  public static let all: [HealthWorkoutActivityType] = [
    activity("AmericanFootball", 1, "American Football"),
    activity("Archery", 2, "Archery"),
    activity("AustralianFootball", 3, "Australian Football"),
    activity("Badminton", 4, "Badminton"),
    activity("Baseball", 5, "Baseball"),
    activity("Basketball", 6, "Basketball"),
    activity("Bowling", 7, "Bowling"),
    activity("Boxing", 8, "Boxing"),
    activity("Climbing", 9, "Climbing"),
    activity("Cricket", 10, "Cricket"),
    activity("CrossTraining", 11, "Cross Training"),
    activity("Curling", 12, "Curling"),
    activity("Cycling", 13, "Cycling"),
    activity("Dance", 14, "Dance"),
    activity("DanceInspiredTraining", 15, "Dance Inspired Training"),
    activity("Elliptical", 16, "Elliptical"),
    activity("EquestrianSports", 17, "Equestrian Sports"),
    activity("Fencing", 18, "Fencing"),
    activity("Fishing", 19, "Fishing"),
    activity("FunctionalStrengthTraining", 20, "Functional Strength Training"),
    activity("Golf", 21, "Golf"),
    activity("Gymnastics", 22, "Gymnastics"),
    activity("Handball", 23, "Handball"),
    activity("Hiking", 24, "Hiking"),
    activity("Hockey", 25, "Hockey"),
    activity("Hunting", 26, "Hunting"),
    activity("Lacrosse", 27, "Lacrosse"),
    activity("MartialArts", 28, "Martial Arts"),
    activity("MindAndBody", 29, "Mind and Body"),
    activity("MixedMetabolicCardioTraining", 30, "Mixed Metabolic Cardio Training"),
    activity("PaddleSports", 31, "Paddle Sports"),
    activity("Play", 32, "Play"),
    activity("PreparationAndRecovery", 33, "Preparation and Recovery"),
    activity("Racquetball", 34, "Racquetball"),
    activity("Rowing", 35, "Rowing"),
    activity("Rugby", 36, "Rugby"),
    activity("Running", 37, "Running"),
    activity("Sailing", 38, "Sailing"),
    activity("SkatingSports", 39, "Skating Sports"),
    activity("SnowSports", 40, "Snow Sports"),
    activity("Soccer", 41, "Soccer"),
    activity("Softball", 42, "Softball"),
    activity("Squash", 43, "Squash"),
    activity("StairClimbing", 44, "Stair Climbing"),
    activity("SurfingSports", 45, "Surfing Sports"),
    activity("Swimming", 46, "Swimming"),
    activity("TableTennis", 47, "Table Tennis"),
    activity("Tennis", 48, "Tennis"),
    activity("TrackAndField", 49, "Track and Field"),
    activity("TraditionalStrengthTraining", 50, "Traditional Strength Training"),
    activity("Volleyball", 51, "Volleyball"),
    activity("Walking", 52, "Walking"),
    activity("WaterFitness", 53, "Water Fitness"),
    activity("WaterPolo", 54, "Water Polo"),
    activity("WaterSports", 55, "Water Sports"),
    activity("Wrestling", 56, "Wrestling"),
    activity("Yoga", 57, "Yoga"),
    activity("Barre", 58, "Barre"),
    activity("CoreTraining", 59, "Core Training"),
    activity("CrossCountrySkiing", 60, "Cross-Country Skiing"),
    activity("DownhillSkiing", 61, "Downhill Skiing"),
    activity("Flexibility", 62, "Flexibility"),
    activity("HighIntensityIntervalTraining", 63, "High Intensity Interval Training"),
    activity("JumpRope", 64, "Jump Rope"),
    activity("Kickboxing", 65, "Kickboxing"),
    activity("Pilates", 66, "Pilates"),
    activity("Snowboarding", 67, "Snowboarding"),
    activity("Stairs", 68, "Stairs"),
    activity("StepTraining", 69, "Step Training"),
    activity("WheelchairWalkPace", 70, "Wheelchair Walk Pace"),
    activity("WheelchairRunPace", 71, "Wheelchair Run Pace"),
    activity("TaiChi", 72, "Tai Chi"),
    activity("MixedCardio", 73, "Mixed Cardio"),
    activity("HandCycling", 74, "Hand Cycling"),
    activity("DiscSports", 75, "Disc Sports"),
    activity("FitnessGaming", 76, "Fitness Gaming"),
    activity("CardioDance", 77, "Cardio Dance"),
    activity("SocialDance", 78, "Social Dance"),
    activity("Pickleball", 79, "Pickleball"),
    activity("Cooldown", 80, "Cooldown"),
    activity("SwimBikeRun", 82, "Swim Bike Run"),
    activity("Transition", 83, "Transition"),
    activity("UnderwaterDiving", 84, "Underwater Diving"),
    activity("Other", 3000, "Other"),
  ]

  /// The activity type with this full identifier (`HKWorkoutActivityTypeRunning`), or nil.
  public static func named(_ identifier: String) -> HealthWorkoutActivityType? {
    index.byIdentifier[identifier].map { all[$0] }
  }

  /// The activity type with this raw value, as in a v2 `workout.<raw>` reading, or nil.
  public static func withRawValue(_ rawValue: Int) -> HealthWorkoutActivityType? {
    index.byRawValue[rawValue].map { all[$0] }
  }

  /// The table's name for `identifier`, else the identifier without `HKWorkoutActivityType`,
  /// CamelCase split, so activity types newer than the table still read well.
  public static func displayName(_ identifier: String) -> String {
    if let type = named(identifier) { return type.displayName }
    return HealthNameText.words(HealthNameText.stripping([prefix], from: identifier))
  }

  private static let prefix = "HKWorkoutActivityType"

  private static func activity(
    _ name: String, _ rawValue: Int, _ displayName: String
  ) -> HealthWorkoutActivityType {
    HealthWorkoutActivityType(
      identifier: prefix + name, rawValue: rawValue, displayName: displayName)
  }

  private struct Index: Sendable {
    var byIdentifier: [String: Int] = [:]
    var byRawValue: [Int: Int] = [:]
  }

  private static let index: Index = {
    var index = Index()
    for (position, type) in all.enumerated() {
      if index.byIdentifier[type.identifier] == nil {
        index.byIdentifier[type.identifier] = position
      }
      if index.byRawValue[type.rawValue] == nil { index.byRawValue[type.rawValue] = position }
    }
    return index
  }()
}
