import DispatchKit
import Testing

/// Category value strings and HealthKit's integers (docs/formats/apple-health.md#category-values).
struct HealthCategoryValuesTests {
  static let sleep = "HKCategoryTypeIdentifierSleepAnalysis"
  static let stand = "HKCategoryTypeIdentifierAppleStandHour"

  @Test(
    arguments: [
      ("InBed", 0), ("Asleep", 1), ("AsleepUnspecified", 1), ("Awake", 2), ("AsleepCore", 3),
      ("AsleepDeep", 4), ("AsleepREM", 5),
    ] as [(String, Int)])
  func `sleep stages have HealthKit's integers`(stage: String, integer: Int) {
    let value = "HKCategoryValueSleepAnalysis" + stage
    #expect(HealthCategoryValues.integer(type: Self.sleep, value: value) == integer)
  }

  @Test func `stand hours and not-applicable categories`() {
    let values = HealthCategoryValues.self
    #expect(values.integer(type: Self.stand, value: "HKCategoryValueAppleStandHourStood") == 0)
    #expect(values.integer(type: Self.stand, value: "HKCategoryValueAppleStandHourIdle") == 1)
    for type in ["MindfulSession", "LowHeartRateEvent", "ToothbrushingEvent", "SexualActivity"] {
      let identifier = "HKCategoryTypeIdentifier" + type
      #expect(values.integer(type: identifier, value: "HKCategoryValueNotApplicable") == 0)
    }
  }

  @Test(
    arguments: [
      ("EnvironmentalAudioExposureEvent", "EnvironmentalAudioExposureEventMomentaryLimit", 1),
      ("AudioExposureEvent", "AudioExposureEventLoudEnvironment", 1),
      ("HeadphoneAudioExposureEvent", "HeadphoneAudioExposureEventSevenDayLimit", 1),
      ("LowCardioFitnessEvent", "LowCardioFitnessEventLowFitness", 1),
      ("AppleWalkingSteadinessEvent", "AppleWalkingSteadinessEventRepeatVeryLow", 4),
      ("CervicalMucusQuality", "CervicalMucusQualityDry", 1),
      ("CervicalMucusQuality", "CervicalMucusQualityEggWhite", 5),
      ("OvulationTestResult", "OvulationTestResultNegative", 1),
      ("OvulationTestResult", "OvulationTestResultLuteinizingHormoneSurge", 2),
      ("OvulationTestResult", "OvulationTestResultPositive", 2),
      ("OvulationTestResult", "OvulationTestResultIndeterminate", 3),
      ("OvulationTestResult", "OvulationTestResultEstrogenSurge", 4),
      ("MenstrualFlow", "MenstrualFlowUnspecified", 1),
      ("MenstrualFlow", "MenstrualFlowNone", 5),
      ("MenstrualFlow", "VaginalBleedingHeavy", 4),
      ("BleedingDuringPregnancy", "VaginalBleedingLight", 2),
      ("Contraceptive", "ContraceptiveIntrauterineDevice", 4),
      ("Contraceptive", "ContraceptivePatch", 7),
      ("PregnancyTestResult", "PregnancyTestResultPositive", 2),
      ("ProgesteroneTestResult", "ProgesteroneTestResultIndeterminate", 3),
      ("Headache", "SeverityUnspecified", 0),
      ("Headache", "SeverityNotPresent", 1),
      ("Fatigue", "SeverityMild", 2),
      ("Coughing", "SeverityModerate", 3),
      ("Fever", "SeveritySevere", 4),
      ("AppetiteChanges", "AppetiteChangesUnspecified", 0),
      ("AppetiteChanges", "AppetiteChangesIncreased", 3),
      ("MoodChanges", "PresencePresent", 0),
      ("SleepChanges", "PresenceNotPresent", 1),
    ] as [(String, String, Int)])
  func `other category values have HealthKit's integers`(type: String, value: String, integer: Int)
  {
    let identifier = "HKCategoryTypeIdentifier" + type
    #expect(
      HealthCategoryValues.integer(type: identifier, value: "HKCategoryValue" + value) == integer)
  }

  @Test func `values of another type, unknown values and quantities give nil`() {
    let values = HealthCategoryValues.self
    #expect(values.integer(type: Self.sleep, value: "HKCategoryValueAppleStandHourIdle") == nil)
    #expect(values.integer(type: Self.stand, value: "HKCategoryValueSleepAnalysisAwake") == nil)
    #expect(
      values.integer(
        type: "HKCategoryTypeIdentifierHeadache", value: "HKCategoryValuePresencePresent")
        == nil)
    #expect(values.integer(type: Self.sleep, value: "HKCategoryValueSleepAnalysisDozing") == nil)
    #expect(values.integer(type: Self.sleep, value: "2") == nil)
    #expect(values.integer(type: Self.sleep, value: "") == nil)
    #expect(
      values.integer(
        type: "HKQuantityTypeIdentifierStepCount", value: "HKCategoryValueNotApplicable") == nil)
    // A category newer than the catalog still maps the values HealthKit defines.
    #expect(
      values.integer(
        type: "HKCategoryTypeIdentifierFutureEvent", value: "HKCategoryValueSeverityMild") == 2)
  }

  @Test func `every catalog category accepts not applicable`() {
    for info in HealthTypeCatalog.all where info.kind == .category {
      let integer = HealthCategoryValues.integer(
        type: info.identifier, value: "HKCategoryValueNotApplicable")
      #expect(integer == 0, "\(info.identifier)")
    }
  }

  @Test(
    arguments: [
      ("HKCategoryValueSleepAnalysisAsleepREM", "REM"),
      ("HKCategoryValueSleepAnalysisAsleepCore", "Core"),
      ("HKCategoryValueSleepAnalysisAsleepDeep", "Deep"),
      ("HKCategoryValueSleepAnalysisAsleepUnspecified", "Asleep"),
      ("HKCategoryValueSleepAnalysisAsleep", "Asleep"),
      ("HKCategoryValueSleepAnalysisAwake", "Awake"),
      ("HKCategoryValueSleepAnalysisInBed", "In Bed"),
      ("InBed", "In Bed"),
      ("AsleepREM", "REM"),
      ("HKCategoryValueAppleStandHourStood", "Stood"),
      ("HKCategoryValueNotApplicable", "Not Applicable"),
      ("HKCategoryValueSeverityNotPresent", "Not Present"),
      ("HKCategoryValueCervicalMucusQualityEggWhite", "Egg White"),
      ("HKCategoryValueOvulationTestResultLuteinizingHormoneSurge", "Luteinizing Hormone Surge"),
      ("HKCategoryValueVaginalBleedingNone", "None"),
      ("HKCategoryValueAudioExposureEventLoudEnvironment", "Loud Environment"),
      ("HKCategoryValueHeadphoneAudioExposureEventSevenDayLimit", "Seven Day Limit"),
      ("HKCategoryValueBrandNewThingHigh", "Brand New Thing High"),
      ("HKBiologicalSexFemale", "Female"),
      ("HKBloodTypeONegative", "O Negative"),
      ("SomethingElse", "Something Else"),
      ("", ""),
    ] as [(String, String)])
  func `display names for category values`(value: String, name: String) {
    #expect(HealthCategoryValues.displayName(value) == name)
  }
}
