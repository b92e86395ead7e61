// Quantity types, grouped as Apple's HKTypeIdentifiers.h groups them (iOS 18 SDK). The
// aggregation is the header's: "Cumulative" → .cumulative, every "Discrete (…)" style →
// .discrete. The unit is what an export writes with metric preferences
// (docs/formats/apple-health.md#types-and-units); it differs from the header's base unit where the
// Health app prefers another (heart rate count/min not count/s, caffeine mg not g, distance km not
// m). Percent types are fractions in `%` (OxygenSaturation 0.97).
extension HealthTypeCatalog {
  /// Every quantity type, plus the bare `HKDataTypeSleepDurationGoal` exports write as a record
  /// with unit `hr` (docs/formats/apple-health.md#records).
  static let quantities: [HealthTypeInfo] = [
    bodyMeasurements, fitness, hearingAndHeart, mobility, nutrition, otherQuantities,
    [sleepDurationGoal],
  ].flatMap { $0 }

  static let bodyMeasurements: [HealthTypeInfo] = [
    quantity(
      "AppleSleepingWristTemperature", "Wrist Temperature", "degC", .discrete,
      ["sleeping wrist temperature", "wrist temp"]),
    quantity("BodyFatPercentage", "Body Fat Percentage", "%", .discrete, ["body fat"]),
    quantity("BodyMass", "Weight", "kg", .discrete, ["weight", "body mass", "mass"]),
    quantity("BodyMassIndex", "Body Mass Index", "count", .discrete, ["bmi"]),
    quantity("ElectrodermalActivity", "Electrodermal Activity", "mcS", .discrete, ["eda"]),
    quantity("Height", "Height", "cm", .discrete),
    quantity("LeanBodyMass", "Lean Body Mass", "kg", .discrete, ["lean mass"]),
    quantity("WaistCircumference", "Waist Circumference", "cm", .discrete, ["waist"]),
  ]

  static let fitness: [HealthTypeInfo] = [
    quantity(
      "ActiveEnergyBurned", "Active Energy", "kcal", .cumulative,
      ["active calories", "calories", "active energy burned"]),
    quantity("AppleExerciseTime", "Exercise Minutes", "min", .cumulative, ["exercise"]),
    quantity("AppleMoveTime", "Move Minutes", "min", .cumulative, ["move time"]),
    quantity("AppleStandTime", "Stand Minutes", "min", .cumulative, ["stand time"]),
    quantity(
      "BasalEnergyBurned", "Resting Energy", "kcal", .cumulative,
      ["basal energy", "resting calories"]),
    quantity("CrossCountrySkiingSpeed", "Cross-Country Skiing Speed", "km/hr", .discrete),
    quantity("CyclingCadence", "Cycling Cadence", "count/min", .discrete, ["cadence"]),
    quantity(
      "CyclingFunctionalThresholdPower", "Cycling Functional Threshold Power", "W", .discrete,
      ["ftp"]),
    quantity("CyclingPower", "Cycling Power", "W", .discrete),
    quantity("CyclingSpeed", "Cycling Speed", "km/hr", .discrete),
    quantity("DistanceCrossCountrySkiing", "Cross-Country Skiing Distance", "km", .cumulative),
    quantity("DistanceCycling", "Cycling Distance", "km", .cumulative, ["bike distance"]),
    quantity(
      "DistanceDownhillSnowSports", "Downhill Snow Sports Distance", "km", .cumulative),
    quantity("DistancePaddleSports", "Paddle Sports Distance", "km", .cumulative),
    quantity("DistanceRowing", "Rowing Distance", "km", .cumulative),
    quantity("DistanceSkatingSports", "Skating Sports Distance", "km", .cumulative),
    quantity("DistanceSwimming", "Swimming Distance", "m", .cumulative),
    quantity(
      "DistanceWalkingRunning", "Walking + Running Distance", "km", .cumulative,
      ["distance", "walking running distance"]),
    quantity("DistanceWheelchair", "Wheelchair Distance", "km", .cumulative),
    quantity(
      "EstimatedWorkoutEffortScore", "Estimated Workout Effort", "appleEffortScore", .discrete,
      ["estimated effort"]),
    quantity("FlightsClimbed", "Flights Climbed", "count", .cumulative, ["flights", "floors"]),
    quantity("NikeFuel", "NikeFuel", "count", .cumulative),
    quantity("PaddleSportsSpeed", "Paddle Sports Speed", "km/hr", .discrete),
    // HKUnit prints kcal/(kg·hr) as "kcal/hr·kg", as the HKAverageMETs metadata shows
    // (docs/formats/apple-health.md#metadata-entries).
    quantity("PhysicalEffort", "Physical Effort", "kcal/hr·kg", .discrete),
    quantity("PushCount", "Pushes", "count", .cumulative, ["wheelchair pushes"]),
    quantity("RowingSpeed", "Rowing Speed", "km/hr", .discrete),
    quantity("RunningPower", "Running Power", "W", .discrete),
    quantity("RunningSpeed", "Running Speed", "km/hr", .discrete),
    quantity("StepCount", "Steps", "count", .cumulative, ["steps", "step"]),
    quantity("SwimmingStrokeCount", "Swimming Strokes", "count", .cumulative, ["strokes"]),
    quantity("UnderwaterDepth", "Underwater Depth", "m", .discrete, ["depth"]),
    quantity(
      "WorkoutEffortScore", "Workout Effort", "appleEffortScore", .discrete, ["effort"]),
  ]

  static let hearingAndHeart: [HealthTypeInfo] = [
    quantity(
      "EnvironmentalAudioExposure", "Environmental Sound Levels", "dBASPL", .discrete,
      ["noise", "environmental audio"]),
    quantity(
      "EnvironmentalSoundReduction", "Environmental Sound Reduction", "dBASPL", .discrete),
    quantity(
      "HeadphoneAudioExposure", "Headphone Audio Levels", "dBASPL", .discrete,
      ["headphone audio"]),
    quantity("AtrialFibrillationBurden", "AFib History", "%", .discrete, ["afib"]),
    quantity("HeartRate", "Heart Rate", "count/min", .discrete, ["hr", "pulse", "bpm"]),
    quantity(
      "HeartRateRecoveryOneMinute", "Cardio Recovery", "count/min", .discrete,
      ["heart rate recovery"]),
    quantity(
      "HeartRateVariabilitySDNN", "Heart Rate Variability", "ms", .discrete,
      ["hrv", "hrv sdnn", "sdnn"]),
    quantity(
      "PeripheralPerfusionIndex", "Peripheral Perfusion Index", "%", .discrete,
      ["perfusion index"]),
    quantity(
      "RestingHeartRate", "Resting Heart Rate", "count/min", .discrete, ["rhr", "resting hr"]),
    // The middle dot is U+00B7, as exports write it (or as the character reference `&#183;`,
    // docs/formats/apple-health.md#types-and-units).
    quantity("VO2Max", "Cardio Fitness", "mL/min·kg", .discrete, ["vo2 max", "vo2"]),
    quantity(
      "WalkingHeartRateAverage", "Walking Heart Rate Average", "count/min", .discrete,
      ["walking hr"]),
  ]

  static let mobility: [HealthTypeInfo] = [
    quantity("AppleWalkingSteadiness", "Walking Steadiness", "%", .discrete, ["steadiness"]),
    quantity("RunningGroundContactTime", "Ground Contact Time", "ms", .discrete),
    quantity("RunningStrideLength", "Running Stride Length", "m", .discrete, ["stride length"]),
    quantity("RunningVerticalOscillation", "Vertical Oscillation", "cm", .discrete),
    quantity(
      "SixMinuteWalkTestDistance", "Six-Minute Walk", "m", .discrete, ["6 minute walk"]),
    quantity("StairAscentSpeed", "Stair Speed: Up", "m/s", .discrete),
    quantity("StairDescentSpeed", "Stair Speed: Down", "m/s", .discrete),
    quantity("WalkingAsymmetryPercentage", "Walking Asymmetry", "%", .discrete),
    quantity(
      "WalkingDoubleSupportPercentage", "Double Support Time", "%", .discrete,
      ["double support"]),
    quantity("WalkingSpeed", "Walking Speed", "km/hr", .discrete),
    quantity("WalkingStepLength", "Walking Step Length", "cm", .discrete, ["step length"]),
  ]

  static let otherQuantities: [HealthTypeInfo] = [
    quantity("BloodAlcoholContent", "Blood Alcohol Content", "%", .discrete, ["bac"]),
    quantity(
      "BloodPressureDiastolic", "Diastolic Blood Pressure", "mmHg", .discrete, ["diastolic"]),
    quantity(
      "BloodPressureSystolic", "Systolic Blood Pressure", "mmHg", .discrete, ["systolic"]),
    quantity("InsulinDelivery", "Insulin Delivery", "IU", .cumulative, ["insulin"]),
    quantity(
      "NumberOfAlcoholicBeverages", "Alcoholic Beverages", "count", .cumulative,
      ["drinks", "alcohol"]),
    quantity("NumberOfTimesFallen", "Number of Times Fallen", "count", .cumulative, ["falls"]),
    quantity("TimeInDaylight", "Time in Daylight", "min", .cumulative, ["daylight"]),
    // The header gives UV exposure no unit; HealthKit stores the UV index as a count.
    quantity("UVExposure", "UV Index", "count", .discrete, ["uv"]),
    quantity("WaterTemperature", "Water Temperature", "degC", .discrete),
    quantity("BasalBodyTemperature", "Basal Body Temperature", "degC", .discrete, ["bbt"]),
    quantity(
      "AppleSleepingBreathingDisturbances", "Breathing Disturbances", "count", .discrete),
    quantity(
      "ForcedExpiratoryVolume1", "Forced Expiratory Volume, 1 sec", "L", .discrete, ["fev1"]),
    quantity("ForcedVitalCapacity", "Forced Vital Capacity", "L", .discrete, ["fvc"]),
    quantity("InhalerUsage", "Inhaler Usage", "count", .cumulative, ["inhaler"]),
    quantity("OxygenSaturation", "Blood Oxygen", "%", .discrete, ["spo2", "oxygen"]),
    quantity(
      "PeakExpiratoryFlowRate", "Peak Expiratory Flow Rate", "L/min", .discrete, ["peak flow"]),
    quantity(
      "RespiratoryRate", "Respiratory Rate", "count/min", .discrete, ["breathing rate"]),
    quantity(
      "BloodGlucose", "Blood Glucose", "mg/dL", .discrete, ["glucose", "blood sugar"]),
    quantity(
      "BodyTemperature", "Body Temperature", "degC", .discrete, ["temperature", "temp"]),
  ]

  /// The sleep goal set in the Health app, exported as a record of the bare `HKDataType…`
  /// identifier (docs/formats/apple-health.md#records, seen with unit `hr`); a goal, so never
  /// summed.
  static let sleepDurationGoal = HealthTypeInfo(
    identifier: "HKDataTypeSleepDurationGoal", kind: .quantity, displayName: "Sleep Goal",
    canonicalUnit: "hr", aggregation: .discrete, aliases: ["sleep duration goal"])
}
