/// Health readings as a person reads them on a report: "Deep sleep: 47 min", "Heart rate
/// (average): 71 bpm", "Running workout: 1 h 2 min" — never the stored keys (`sleepDeep`,
/// `workout.37`) or raw units (`s`, `count/min`).
extension HealthReading {
  /// The reading's name in words; an unknown type keeps its stored name.
  public var displayName: String {
    if let name = Self.names[type] { return name }
    if type.hasPrefix("medication.") { return String(type.dropFirst("medication.".count)) }
    if type.hasPrefix("workout."), let raw = Int(type.dropFirst("workout.".count)) {
      return Self.workoutName(raw) + " workout"
    }
    return type
  }

  /// The value with a unit people use: durations in hours and minutes, heart rates whole,
  /// counts grouped, lengths, weights and temperatures in `units`.
  public func displayValue(in units: UnitSystem) -> String {
    if type == "workout.trigger.type" { return Self.workoutName(Int(value)) }
    if type.hasPrefix("medication.") {
      return value == 1 ? "1 dose" : "\(DisplayNumber.grouped(value)) doses"
    }
    switch unit {
    case "s": return DisplayNumber.duration(seconds: value)
    case "min": return DisplayNumber.duration(seconds: value * 60)
    case "hours": return "\(DisplayNumber.grouped(value)) h"
    case "count": return DisplayNumber.grouped(value)
    case "bpm", "count/min": return "\(DisplayNumber.grouped(value)) bpm"
    case "kcal", "Cal": return "\(DisplayNumber.grouped(value)) kcal"
    default:
      return DisplayMeasure(value, unit: unit, in: units).text
    }
  }

  private static func workoutName(_ raw: Int) -> String {
    HealthWorkoutActivityTypes.withRawValue(raw)?.displayName ?? "Other"
  }

  /// The reading types Dispatch itself writes (docs/health.md#health-context-on-reports).
  private static let names: [String: String] = [
    "steps": "Steps", "flightsClimbed": "Flights climbed",
    "heartRateAvg": "Heart rate (average)", "heartRateLatest": "Heart rate (latest)",
    "heartRateWindowMin": "Heart rate (lowest)", "heartRateWindowMax": "Heart rate (highest)",
    "heartRateWindowStart": "Heart rate (first)", "heartRateWindowEnd": "Heart rate (last)",
    "hrvSDNN": "Heart rate variability", "restingHeartRate": "Resting heart rate",
    "sleepCore": "Core sleep", "sleepDeep": "Deep sleep", "sleepREM": "REM sleep",
    "sleepAwake": "Awake in bed", "sleepUnspecified": "Sleep (no stages)",
    "caffeine": "Caffeine", "activity.move": "Move", "activity.moveGoal": "Move goal",
    "activity.exercise": "Exercise", "activity.exerciseGoal": "Exercise goal",
    "activity.stand": "Stand hours", "activity.standGoal": "Stand goal",
    "workout.trigger.type": "Workout that prompted", "workout.trigger.duration": "Its length",
    "workout.trigger.energy": "Its energy",
  ]
}
