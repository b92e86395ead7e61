/// The Record types the generator writes, in the order their blocks appear in the file.
///
/// Real exports group Records by type in HealthKit's internal order and are mostly chronological
/// within a type (docs/formats/apple-health.md#records); the cases are listed in a HealthKit-like
/// order.
enum SynthKind: Int, CaseIterable {
  case bodyMassIndex, bodyFatPercentage, bodyMass
  case heartRate, respiratoryRate, stepCount, distanceWalkingRunning
  case basalEnergyBurned, activeEnergyBurned, flightsClimbed
  case dietaryFatTotal, dietaryCarbohydrates, dietarySugar, dietaryFiber
  case dietaryEnergyConsumed, dietaryProtein, dietarySodium, dietaryCaffeine
  case oxygenSaturation, bloodPressureSystolic, bloodPressureDiastolic
  case appleExerciseTime, restingHeartRate, vo2Max, walkingHeartRateAverage
  case appleSleepingWristTemperature, sleepDurationGoal
  case sleepAnalysis, appleStandHour, lowHeartRateEvent
  case heartRateVariabilitySDNN

  /// Every type in file order, built once (`allCases` makes a new array on every use).
  static let ordered = allCases

  /// The types whose per-day, per-source sums the manifest records.
  static let totalled: [SynthKind] = [
    .stepCount, .distanceWalkingRunning, .activeEnergyBurned, .flightsClimbed,
  ]

  /// The Dietary types a food correlation draws its members from, in the order it writes them.
  static let foodMembers: [SynthKind] = [
    .dietaryEnergyConsumed, .dietaryProtein, .dietaryCarbohydrates, .dietaryFatTotal,
    .dietarySugar, .dietaryFiber, .dietarySodium,
  ]

  /// The full type identifier.
  var identifier: String {
    switch self {
    case .sleepDurationGoal: "HKDataTypeSleepDurationGoal"
    case .sleepAnalysis: "HKCategoryTypeIdentifierSleepAnalysis"
    case .appleStandHour: "HKCategoryTypeIdentifierAppleStandHour"
    case .lowHeartRateEvent: "HKCategoryTypeIdentifierLowHeartRateEvent"
    default: "HKQuantityTypeIdentifier" + quantityName
    }
  }

  private var quantityName: String {
    let name = String(describing: self)
    switch self {
    case .vo2Max: return "VO2Max"
    case .heartRateVariabilitySDNN: return "HeartRateVariabilitySDNN"
    default: return name.prefix(1).uppercased() + name.dropFirst()
    }
  }

  /// The unit string written, or nil for category types. VO2Max is written with `&#183;`; the
  /// record writer swaps in a literal middle dot for half of them.
  func unit(_ units: SyntheticHealthOptions.Units) -> String? {
    let us = units == .us
    switch self {
    case .bodyMassIndex, .stepCount, .flightsClimbed: return "count"
    case .bodyFatPercentage, .oxygenSaturation: return "%"
    case .bodyMass: return us ? "lb" : "kg"
    case .heartRate, .respiratoryRate, .restingHeartRate, .walkingHeartRateAverage:
      return "count/min"
    case .distanceWalkingRunning: return us ? "mi" : "km"
    case .basalEnergyBurned, .activeEnergyBurned, .dietaryEnergyConsumed: return us ? "Cal" : "kcal"
    case .dietaryFatTotal, .dietaryCarbohydrates, .dietarySugar, .dietaryFiber, .dietaryProtein:
      return "g"
    case .dietarySodium, .dietaryCaffeine: return "mg"
    case .bloodPressureSystolic, .bloodPressureDiastolic: return "mmHg"
    case .appleExerciseTime: return "min"
    case .vo2Max: return "mL/min&#183;kg"
    case .appleSleepingWristTemperature: return us ? "degF" : "degC"
    case .sleepDurationGoal: return "hr"
    case .heartRateVariabilitySDNN: return "ms"
    case .sleepAnalysis, .appleStandHour, .lowHeartRateEvent: return nil
    }
  }

  /// Mixed into the seed of this type's per-day streams. Derived from the identifier rather than
  /// the case order, so reordering the blocks does not change any value.
  var salt: UInt64 { synthSalt(identifier) }
}

/// Category `value`s, indexed by a category sample's `scaled`.
enum SynthCategoryValue: Int64, CaseIterable {
  case inBed, asleepCore, asleepDeep, asleepREM, awake, asleep, stood, idle

  var text: String {
    switch self {
    case .inBed: "HKCategoryValueSleepAnalysisInBed"
    case .asleepCore: "HKCategoryValueSleepAnalysisAsleepCore"
    case .asleepDeep: "HKCategoryValueSleepAnalysisAsleepDeep"
    case .asleepREM: "HKCategoryValueSleepAnalysisAsleepREM"
    case .awake: "HKCategoryValueSleepAnalysisAwake"
    case .asleep: "HKCategoryValueSleepAnalysisAsleep"
    case .stood: "HKCategoryValueAppleStandHourStood"
    case .idle: "HKCategoryValueAppleStandHourIdle"
    }
  }
}

/// 64-bit FNV-1a of a string's UTF-8, for stable per-purpose seeds.
func synthSalt(_ text: String) -> UInt64 {
  var hash: UInt64 = 0xCBF2_9CE4_8422_2325
  for byte in text.utf8 {
    hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
  }
  return hash
}
