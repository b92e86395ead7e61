/// Category values: the strings exports write in a category record's `value`
/// (`HKCategoryValueSleepAnalysisAsleepREM`) mapped to HealthKit's integers by an explicit
/// table, as docs/formats/apple-health.md#category-values has it, and turned into readable names.
/// The integers are those of Apple's HKCategoryValues.h (iOS 18 SDK; the enums documented under
/// developer.apple.com/documentation/healthkit/hkcategoryvaluesleepanalysis and its siblings).
public enum HealthCategoryValues {
  /// HealthKit's integer for `value` in a record of category `type` (a full identifier), or nil
  /// when the value is unknown or belongs to another type's values (a stand-hour value on a
  /// sleep record). `HKCategoryValueNotApplicable` is 0 for any category. A type the catalog
  /// does not know accepts any known value, so newer types still map.
  public static func integer(type: String, value: String) -> Int? {
    guard let entry = index.byValue[value] else { return nil }
    if let families = index.familiesByType[type] {
      let fits = entry.family == notApplicable || families.contains(entry.family)
      return fits ? entry.integer : nil
    }
    // Not a catalog category: an unknown (newer) type takes any value; a quantity takes none.
    return HealthTypeCatalog.info(type) == nil ? entry.integer : nil
  }

  /// A readable name for a category value: sleep stages as the Health app names them
  /// ("HKCategoryValueSleepAnalysisAsleepREM" → "REM", "…AsleepCore" → "Core", "InBed" →
  /// "In Bed"); otherwise the value without its `HKCategoryValue<Family>` prefix, CamelCase
  /// split ("HKCategoryValueSeverityMild" → "Mild"). Characteristic values on `Me` read the same
  /// way ("HKBiologicalSexFemale" → "Female").
  public static func displayName(_ value: String) -> String {
    let sleepPrefix = "HKCategoryValueSleepAnalysis"
    let sleepStage =
      value.hasPrefix(sleepPrefix) ? String(value.dropFirst(sleepPrefix.count)) : value
    if let name = sleepNames[sleepStage] { return name }
    return HealthNameText.words(HealthNameText.stripping(index.valuePrefixes, from: value))
  }

  /// Sleep stage names, keyed by the value without `HKCategoryValueSleepAnalysis`. `Asleep` is
  /// the pre-iOS 16 name of `AsleepUnspecified`; both read "Asleep", the stage-less figure.
  private static let sleepNames: [String: String] = [
    "InBed": "In Bed", "Asleep": "Asleep", "AsleepUnspecified": "Asleep", "Awake": "Awake",
    "AsleepCore": "Core", "AsleepDeep": "Deep", "AsleepREM": "REM",
  ]

  /// One HealthKit value enum: its name after `HKCategoryValue` and its cases.
  private struct Family: Sendable {
    let name: String
    let values: [(suffix: String, integer: Int)]
  }

  /// The base `HKCategoryValue` enum, whose only case is `HKCategoryValueNotApplicable`.
  private static let notApplicable = ""

  private static let families: [Family] = [
    Family(name: notApplicable, values: [("NotApplicable", 0)]),
    Family(
      name: "SleepAnalysis",
      values: [
        ("InBed", 0), ("AsleepUnspecified", 1), ("Asleep", 1), ("Awake", 2), ("AsleepCore", 3),
        ("AsleepDeep", 4), ("AsleepREM", 5),
      ]),
    Family(name: "AppleStandHour", values: [("Stood", 0), ("Idle", 1)]),
    Family(
      name: "AppleWalkingSteadinessEvent",
      values: [("InitialLow", 1), ("InitialVeryLow", 2), ("RepeatLow", 3), ("RepeatVeryLow", 4)]),
    Family(name: "EnvironmentalAudioExposureEvent", values: [("MomentaryLimit", 1)]),
    // Deprecated in iOS 14 for EnvironmentalAudioExposureEvent.MomentaryLimit.
    Family(name: "AudioExposureEvent", values: [("LoudEnvironment", 1)]),
    Family(name: "HeadphoneAudioExposureEvent", values: [("SevenDayLimit", 1)]),
    Family(name: "LowCardioFitnessEvent", values: [("LowFitness", 1)]),
    Family(
      name: "CervicalMucusQuality",
      values: [("Dry", 1), ("Sticky", 2), ("Creamy", 3), ("Watery", 4), ("EggWhite", 5)]),
    Family(
      name: "Contraceptive",
      values: [
        ("Unspecified", 1), ("Implant", 2), ("Injection", 3), ("IntrauterineDevice", 4),
        ("IntravaginalRing", 5), ("Oral", 6), ("Patch", 7),
      ]),
    // Deprecated in iOS 18 for VaginalBleeding, which has the same integers.
    Family(
      name: "MenstrualFlow",
      values: [("Unspecified", 1), ("Light", 2), ("Medium", 3), ("Heavy", 4), ("None", 5)]),
    Family(
      name: "VaginalBleeding",
      values: [("Unspecified", 1), ("Light", 2), ("Medium", 3), ("Heavy", 4), ("None", 5)]),
    // `Positive` is the pre-iOS 13 name of `LuteinizingHormoneSurge`.
    Family(
      name: "OvulationTestResult",
      values: [
        ("Negative", 1), ("LuteinizingHormoneSurge", 2), ("Positive", 2), ("Indeterminate", 3),
        ("EstrogenSurge", 4),
      ]),
    Family(
      name: "PregnancyTestResult",
      values: [("Negative", 1), ("Positive", 2), ("Indeterminate", 3)]),
    Family(
      name: "ProgesteroneTestResult",
      values: [("Negative", 1), ("Positive", 2), ("Indeterminate", 3)]),
    Family(
      name: "Severity",
      values: [
        ("Unspecified", 0), ("NotPresent", 1), ("Mild", 2), ("Moderate", 3), ("Severe", 4),
      ]),
    Family(
      name: "AppetiteChanges",
      values: [("Unspecified", 0), ("NoChange", 1), ("Decreased", 2), ("Increased", 3)]),
    Family(name: "Presence", values: [("Present", 0), ("NotPresent", 1)]),
  ]

  /// The value families each category type takes, after the comments of HKTypeIdentifiers.h;
  /// a catalog category not listed takes only `HKCategoryValueNotApplicable`. Menstrual flow
  /// accepts both spellings: exports moved to `HKCategoryValueVaginalBleeding…` with iOS 18.
  private static let familiesByCategory: [String: [String]] = {
    var table: [String: [String]] = [
      "SleepAnalysis": ["SleepAnalysis"],
      "AppleStandHour": ["AppleStandHour"],
      "AppleWalkingSteadinessEvent": ["AppleWalkingSteadinessEvent"],
      "EnvironmentalAudioExposureEvent": ["EnvironmentalAudioExposureEvent", "AudioExposureEvent"],
      "AudioExposureEvent": ["AudioExposureEvent", "EnvironmentalAudioExposureEvent"],
      "HeadphoneAudioExposureEvent": ["HeadphoneAudioExposureEvent"],
      "LowCardioFitnessEvent": ["LowCardioFitnessEvent"],
      "CervicalMucusQuality": ["CervicalMucusQuality"],
      "Contraceptive": ["Contraceptive"],
      "MenstrualFlow": ["MenstrualFlow", "VaginalBleeding"],
      "BleedingAfterPregnancy": ["VaginalBleeding"],
      "BleedingDuringPregnancy": ["VaginalBleeding"],
      "OvulationTestResult": ["OvulationTestResult"],
      "PregnancyTestResult": ["PregnancyTestResult"],
      "ProgesteroneTestResult": ["ProgesteroneTestResult"],
      "AppetiteChanges": ["AppetiteChanges"],
      "MoodChanges": ["Presence"],
      "SleepChanges": ["Presence"],
    ]
    for symptom in HealthTypeCatalog.symptoms {
      let name = HealthNameText.strippingTypePrefix(symptom.identifier)
      if table[name] == nil { table[name] = ["Severity"] }
    }
    return table
  }()

  private struct Index: Sendable {
    var byValue: [String: (family: String, integer: Int)] = [:]
    var familiesByType: [String: Set<String>] = [:]
    /// `HKCategoryValue<Family>` prefixes, longest first, then the bare `HKCategoryValue`.
    var valuePrefixes: [String] = []
  }

  private static let index: Index = {
    var index = Index()
    for family in families {
      for (suffix, integer) in family.values {
        index.byValue["HKCategoryValue" + family.name + suffix] = (family.name, integer)
      }
    }
    for category in HealthTypeCatalog.categories {
      let name = HealthNameText.strippingTypePrefix(category.identifier)
      index.familiesByType[category.identifier] = Set(familiesByCategory[name] ?? [])
    }
    let characteristicPrefixes = [
      "HKBiologicalSex", "HKBloodType", "HKFitzpatrickSkinType", "HKWheelchairUse",
      "HKActivityMoveMode",
    ]
    let familyPrefixes = families.map { "HKCategoryValue" + $0.name } + characteristicPrefixes
    index.valuePrefixes = familyPrefixes.sorted { $0.count > $1.count }
    return index
  }()
}
