import DispatchKit
import Testing

/// The built-in catalog of HealthKit type identifiers (docs/formats/apple-health.md#records,
/// docs/formats/apple-health.md#types-and-units).
struct HealthTypeCatalogTests {
  static let stepCount = "HKQuantityTypeIdentifierStepCount"

  /// What `resolve` compares: lower case, letters and digits only.
  static func key(_ text: String) -> String {
    String(text.lowercased().filter { $0.isLetter || $0.isNumber })
  }

  @Test func `identifiers are unique and every public list is covered`() {
    let identifiers = HealthTypeCatalog.all.map(\.identifier)
    #expect(Set(identifiers).count == identifiers.count)
    #expect(identifiers.count > 150)
    let counts = Dictionary(grouping: HealthTypeCatalog.all, by: \.kind).mapValues(\.count)
    // 120 quantity types of the SDK + HKDataTypeSleepDurationGoal; 69 categories + the
    // deprecated AudioExposureEvent; the 6 SDK characteristics + CardioFitnessMedicationsUse.
    #expect(counts[.quantity] == 121)
    #expect(counts[.category] == 70)
    #expect(counts[.correlation] == 2)
    #expect(counts[.workout] == 1)
    #expect(counts[.characteristic] == 7)
    #expect(counts[.other, default: 0] >= 2)
    #expect(Set(HealthTypeCatalog.all.map(\.kind)) == Set(HealthTypeKind.allCases))
  }

  @Test func `every identifier starts with the prefix of its kind`() {
    let prefixes: [HealthTypeKind: String] = [
      .quantity: "HKQuantityTypeIdentifier", .category: "HKCategoryTypeIdentifier",
      .correlation: "HKCorrelationTypeIdentifier", .workout: "HKWorkoutTypeIdentifier",
      .characteristic: "HKCharacteristicTypeIdentifier", .other: "HK",
    ]
    for info in HealthTypeCatalog.all {
      let prefix = prefixes[info.kind, default: "?"]
      // Documented exception: the bare HKDataTypeSleepDurationGoal record
      // (docs/formats/apple-health.md#records).
      let documented = info.kind == .quantity && info.identifier.hasPrefix("HKDataType")
      #expect(info.identifier.hasPrefix(prefix) || documented, "\(info.identifier)")
      #expect(info.identifier.count > prefix.count || info.kind == .workout, "\(info.identifier)")
    }
    #expect(HealthTypeCatalog.info("HKWorkoutTypeIdentifier")?.kind == .workout)
    #expect(HealthTypeCatalog.info("HKDataTypeSleepDurationGoal")?.kind == .quantity)
  }

  @Test func `units and aggregation follow the kind`() {
    for info in HealthTypeCatalog.all {
      switch info.kind {
      case .quantity:
        #expect(info.canonicalUnit?.isEmpty == false, "\(info.identifier)")
        #expect([.cumulative, .discrete].contains(info.aggregation), "\(info.identifier)")
      case .category:
        #expect(info.canonicalUnit == nil && info.aggregation == .categorical)
      case .correlation, .workout, .characteristic, .other:
        #expect(info.canonicalUnit == nil && info.aggregation == .none, "\(info.identifier)")
      }
      #expect(!info.displayName.isEmpty)
    }
  }

  @Test func `names and aliases point at one type each`() {
    var owners: [String: Set<String>] = [:]
    for info in HealthTypeCatalog.all {
      for name in [info.displayName] + info.aliases {
        owners[Self.key(name), default: []].insert(info.identifier)
      }
    }
    #expect(owners[""] == nil)
    #expect(owners.filter { $0.value.count > 1 }.isEmpty)
  }

  /// "Top-level records per type" in docs/test-fixtures.md#exportxml: the fixture's unit where it
  /// is the canonical one; BodyMass `lb` and ActiveEnergyBurned `Cal` are user preferences.
  @Test(
    arguments: [
      ("HKCategoryTypeIdentifierLowHeartRateEvent", nil),
      ("HKCategoryTypeIdentifierSleepAnalysis", nil),
      ("HKDataTypeSleepDurationGoal", "hr"),
      ("HKQuantityTypeIdentifierActiveEnergyBurned", "kcal"),
      ("HKQuantityTypeIdentifierBloodPressureDiastolic", "mmHg"),
      ("HKQuantityTypeIdentifierBloodPressureSystolic", "mmHg"),
      ("HKQuantityTypeIdentifierBodyMass", "kg"),
      ("HKQuantityTypeIdentifierDietaryCaffeine", "mg"),
      ("HKQuantityTypeIdentifierHeartRate", "count/min"),
      ("HKQuantityTypeIdentifierHeartRateVariabilitySDNN", "ms"),
      ("HKQuantityTypeIdentifierStepCount", "count"),
      ("HKCorrelationTypeIdentifierBloodPressure", nil),
    ] as [(String, String?)])
  func `fixture types are in the catalog with their canonical unit`(
    identifier: String, unit: String?
  ) throws {
    let info = try #require(HealthTypeCatalog.info(identifier))
    #expect(info.canonicalUnit == unit)
  }

  /// The metric unit of each row of docs/formats/apple-health.md#types-and-units.
  @Test(
    arguments: [
      ("ActiveEnergyBurned", "kcal"), ("BasalEnergyBurned", "kcal"), ("HeartRate", "count/min"),
      ("DistanceWalkingRunning", "km"), ("StepCount", "count"), ("AppleExerciseTime", "min"),
      ("AppleStandTime", "min"), ("FlightsClimbed", "count"), ("HeartRateVariabilitySDNN", "ms"),
      ("RestingHeartRate", "count/min"), ("WalkingHeartRateAverage", "count/min"),
      ("RespiratoryRate", "count/min"), ("OxygenSaturation", "%"), ("VO2Max", "mL/min\u{B7}kg"),
      ("EnvironmentalAudioExposure", "dBASPL"), ("HeadphoneAudioExposure", "dBASPL"),
      ("WalkingSpeed", "km/hr"), ("WalkingStepLength", "cm"),
      ("WalkingDoubleSupportPercentage", "%"), ("WalkingAsymmetryPercentage", "%"),
      ("AppleWalkingSteadiness", "%"), ("SixMinuteWalkTestDistance", "m"), ("BodyMass", "kg"),
      ("LeanBodyMass", "kg"), ("BodyMassIndex", "count"), ("BodyFatPercentage", "%"),
      ("Height", "cm"), ("BodyTemperature", "degC"), ("AppleSleepingWristTemperature", "degC"),
      ("BloodPressureSystolic", "mmHg"), ("BloodPressureDiastolic", "mmHg"),
      ("BloodGlucose", "mg/dL"), ("DietaryWater", "mL"), ("DietaryEnergyConsumed", "kcal"),
      ("DietaryProtein", "g"), ("DietaryVitaminC", "mg"), ("DietaryVitaminD", "mcg"),
      ("EstimatedWorkoutEffortScore", "appleEffortScore"),
      ("WorkoutEffortScore", "appleEffortScore"),
      ("PhysicalEffort", "kcal/hr\u{B7}kg"), ("TimeInDaylight", "min"),
      ("AppleSleepingBreathingDisturbances", "count"), ("CyclingPower", "W"),
      ("CyclingCadence", "count/min"), ("CyclingSpeed", "km/hr"), ("RunningPower", "W"),
      ("RunningSpeed", "km/hr"), ("RunningGroundContactTime", "ms"),
    ] as [(String, String)])
  func `common types have the unit exports write`(name: String, unit: String) throws {
    let info = try #require(HealthTypeCatalog.info("HKQuantityTypeIdentifier" + name))
    #expect(info.canonicalUnit == unit)
  }

  @Test func `sums and averages for the obvious types`() {
    let cumulative = [
      "StepCount", "ActiveEnergyBurned", "DistanceWalkingRunning", "DietaryCaffeine",
      "FlightsClimbed", "BasalEnergyBurned", "AppleExerciseTime", "DietaryWater",
    ]
    let discrete = [
      "HeartRate", "BodyMass", "RestingHeartRate", "OxygenSaturation", "HeartRateVariabilitySDNN",
      "VO2Max", "BodyTemperature", "WalkingSpeed",
    ]
    for name in cumulative {
      #expect(HealthTypeCatalog.info("HKQuantityTypeIdentifier" + name)?.aggregation == .cumulative)
    }
    for name in discrete {
      #expect(HealthTypeCatalog.info("HKQuantityTypeIdentifier" + name)?.aggregation == .discrete)
    }
    #expect(
      HealthTypeCatalog.info("HKCategoryTypeIdentifierSleepAnalysis")?.aggregation == .categorical)
    let dietary = HealthTypeCatalog.all.filter { $0.identifier.contains("IdentifierDietary") }
    #expect(dietary.count == 39)
    #expect(dietary.allSatisfy { $0.aggregation == .cumulative })
  }

  @Test func `display names come from the table, else from the identifier`() {
    #expect(HealthTypeCatalog.displayName(Self.stepCount) == "Steps")
    #expect(HealthTypeCatalog.displayName("HKQuantityTypeIdentifierHeartRate") == "Heart Rate")
    #expect(HealthTypeCatalog.displayName("HKCategoryTypeIdentifierSleepAnalysis") == "Sleep")
    let unknown: [(String, String)] = [
      ("HKQuantityTypeIdentifierAppleFutureSensorReading", "Apple Future Sensor Reading"),
      ("HKCategoryTypeIdentifierUVIndexAlertEvent", "UV Index Alert Event"),
      ("HKCorrelationTypeIdentifierVitalSigns", "Vital Signs"),
      ("HKCharacteristicTypeIdentifierFavoriteColor", "Favorite Color"),
      ("HKDataTypeWakeUpGoal", "Wake Up Goal"),
      ("HKDataTypeIdentifierBreathSeries", "Breath Series"),
      ("HKQuantityTypeIdentifierVO2Peak", "VO2 Peak"),
      ("HKQuantityTypeIdentifierDietaryVitaminB15", "Dietary Vitamin B15"),
      ("HKQuantityTypeIdentifierLungVolume2", "Lung Volume 2"),
      ("HKFutureThingTypeIdentifier", "Future Thing"),
      ("plainName", "plain Name"),
      ("", ""),
    ]
    for (identifier, name) in unknown {
      #expect(HealthTypeCatalog.info(identifier) == nil)
      #expect(HealthTypeCatalog.displayName(identifier) == name)
    }
  }

  @Test(
    arguments: [
      ("steps", "HKQuantityTypeIdentifierStepCount"),
      ("Heart rate", "HKQuantityTypeIdentifierHeartRate"),
      ("heart-rate", "HKQuantityTypeIdentifierHeartRate"),
      ("HEART_RATE", "HKQuantityTypeIdentifierHeartRate"),
      ("hr", "HKQuantityTypeIdentifierHeartRate"),
      ("HKQuantityTypeIdentifierStepCount", "HKQuantityTypeIdentifierStepCount"),
      ("StepCount", "HKQuantityTypeIdentifierStepCount"),
      (" hkquantitytypeidentifierstepcount ", "HKQuantityTypeIdentifierStepCount"),
      ("step count", "HKQuantityTypeIdentifierStepCount"),
      ("sleep", "HKCategoryTypeIdentifierSleepAnalysis"),
      ("SleepAnalysis", "HKCategoryTypeIdentifierSleepAnalysis"),
      ("hrv", "HKQuantityTypeIdentifierHeartRateVariabilitySDNN"),
      ("hrvSDNN", "HKQuantityTypeIdentifierHeartRateVariabilitySDNN"),
      ("weight", "HKQuantityTypeIdentifierBodyMass"),
      ("caffeine", "HKQuantityTypeIdentifierDietaryCaffeine"),
      ("restingHeartRate", "HKQuantityTypeIdentifierRestingHeartRate"),
      ("flightsClimbed", "HKQuantityTypeIdentifierFlightsClimbed"),
      ("vo2 max", "HKQuantityTypeIdentifierVO2Max"),
      ("Walking + Running Distance", "HKQuantityTypeIdentifierDistanceWalkingRunning"),
      ("blood pressure", "HKCorrelationTypeIdentifierBloodPressure"),
      ("SleepDurationGoal", "HKDataTypeSleepDurationGoal"),
      ("date of birth", "HKCharacteristicTypeIdentifierDateOfBirth"),
      ("audiogram", "HKDataTypeIdentifierAudiogram"),
      ("workout", "HKWorkoutTypeIdentifier"),
    ] as [(String, String)])
  func `resolve finds what a user typed`(name: String, identifier: String) {
    #expect(HealthTypeCatalog.resolve(name).first?.identifier == identifier)
  }

  @Test func `resolve is exact, deduplicated and never fuzzy`() {
    #expect(HealthTypeCatalog.resolve(Self.stepCount).map(\.identifier) == [Self.stepCount])
    #expect(HealthTypeCatalog.resolve("steps").count == 1)
    for name in ["nonsense", "", "  ", "-", "stepz", "heart", "HKQuantityTypeIdentifier"] {
      #expect(HealthTypeCatalog.resolve(name).isEmpty, "\(name)")
    }
  }
}
