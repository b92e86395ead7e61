// Correlations, the workout type, characteristics and the other sample types, from Apple's
// HKTypeIdentifiers.h (iOS 18 SDK) and what exports write
// (docs/formats/apple-health.md#healthdata-exportdate-and-me,
// docs/formats/apple-health.md#correlations, docs/formats/apple-health.md#other-elements). None of
// them has a unit or a daily figure of its own: a correlation's numbers live in its member quantity
// records, a workout's in its statistics.
extension HealthTypeCatalog {
  /// Blood pressure (systolic + diastolic members) and food (dietary members); see
  /// docs/formats/apple-health.md#correlations.
  static let correlations: [HealthTypeInfo] = [
    plain("HKCorrelationTypeIdentifierBloodPressure", .correlation, "Blood Pressure", ["bp"]),
    plain("HKCorrelationTypeIdentifierFood", .correlation, "Food", ["meal"]),
  ]

  /// The workout sample type; activities are HealthWorkoutActivityTypes.
  static let workouts: [HealthTypeInfo] = [
    plain("HKWorkoutTypeIdentifier", .workout, "Workouts", ["workout"])
  ]

  /// The `Me` attributes of an export (docs/formats/apple-health.md#healthdata-exportdate-and-me).
  /// `CardioFitnessMedicationsUse` is not in the public SDK header but real exports write it
  /// (`…CardioFitnessMedicationsUse="None"`).
  static let characteristics: [HealthTypeInfo] = [
    plain("HKCharacteristicTypeIdentifierActivityMoveMode", .characteristic, "Move Mode"),
    plain(
      "HKCharacteristicTypeIdentifierBiologicalSex", .characteristic, "Biological Sex", ["sex"]),
    plain("HKCharacteristicTypeIdentifierBloodType", .characteristic, "Blood Type"),
    plain(
      "HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse", .characteristic,
      "Cardio Fitness Medications"),
    plain(
      "HKCharacteristicTypeIdentifierDateOfBirth", .characteristic, "Date of Birth",
      ["birthday", "dob"]),
    plain(
      "HKCharacteristicTypeIdentifierFitzpatrickSkinType", .characteristic,
      "Fitzpatrick Skin Type", ["skin type"]),
    plain("HKCharacteristicTypeIdentifierWheelchairUse", .characteristic, "Wheelchair Use"),
  ]

  /// Sample types outside the quantity/category/correlation families. Audiograms and vision
  /// prescriptions are their own export elements (docs/formats/apple-health.md#other-elements); the
  /// rest are types a HealthKit client reads, listed so every name a feature may meet has an entry.
  static let others: [HealthTypeInfo] = [
    plain("HKDataTypeIdentifierAudiogram", .other, "Audiogram", ["hearing test"]),
    plain("HKVisionPrescriptionTypeIdentifier", .other, "Vision Prescription"),
    plain("HKDataTypeIdentifierElectrocardiogram", .other, "ECG", ["ekg"]),
    plain("HKDataTypeIdentifierHeartbeatSeries", .other, "Heartbeat Series"),
    plain("HKWorkoutRouteTypeIdentifier", .other, "Workout Routes", ["route"]),
    plain("HKActivitySummaryTypeIdentifier", .other, "Activity Rings", ["rings"]),
    plain("HKDataTypeIdentifierStateOfMind", .other, "State of Mind"),
    plain("HKDocumentTypeIdentifierCDA", .other, "CDA Documents"),
    plain("HKScoredAssessmentTypeIdentifierGAD7", .other, "GAD-7 Assessment"),
    plain("HKScoredAssessmentTypeIdentifierPHQ9", .other, "PHQ-9 Assessment"),
    // iOS 26 medication logging.
    plain(
      "HKMedicationDoseEventTypeIdentifierMedicationDoseEvent", .other, "Medication Doses"),
  ]
}
