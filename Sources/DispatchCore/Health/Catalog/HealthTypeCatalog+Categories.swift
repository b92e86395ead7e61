// Category types, grouped as Apple's HKTypeIdentifiers.h groups them (iOS 18 SDK), plus
// `hypertensionEvent` (iOS 26.2) and the deprecated `AudioExposureEvent` older exports still
// hold. Category records carry a symbolic value and no unit (docs/formats/apple-health.md#records,
// docs/formats/apple-health.md#category-values); HealthCategoryValues maps the values to
// HealthKit's integers.
extension HealthTypeCatalog {
  /// Every category type.
  static let categories: [HealthTypeInfo] = [
    activityAndHeartEvents, reproductiveHealth, symptoms,
  ].flatMap { $0 }

  static let activityAndHeartEvents: [HealthTypeInfo] = [
    category("AppleStandHour", "Stand Hours", ["stand hour", "stand"]),
    category("EnvironmentalAudioExposureEvent", "Noise Notifications", ["noise events"]),
    category("HeadphoneAudioExposureEvent", "Headphone Notifications"),
    category("HighHeartRateEvent", "High Heart Rate Notifications", ["high heart rate"]),
    category("IrregularHeartRhythmEvent", "Irregular Rhythm Notifications", ["irregular rhythm"]),
    category("LowCardioFitnessEvent", "Low Cardio Fitness Notifications", ["low cardio fitness"]),
    category("LowHeartRateEvent", "Low Heart Rate Notifications", ["low heart rate"]),
    category("HypertensionEvent", "Hypertension Notifications", ["hypertension"]),
    category("MindfulSession", "Mindful Minutes", ["mindfulness", "meditation"]),
    category("AppleWalkingSteadinessEvent", "Walking Steadiness Notifications"),
    category("HandwashingEvent", "Handwashing"),
    category("ToothbrushingEvent", "Toothbrushing"),
    category("SleepApneaEvent", "Sleep Apnea Notifications", ["sleep apnea"]),
    category("SleepAnalysis", "Sleep", ["sleep stages"]),
    // Deprecated in iOS 14 for EnvironmentalAudioExposureEvent; kept for older exports.
    category("AudioExposureEvent", "Audio Exposure Events"),
  ]

  static let reproductiveHealth: [HealthTypeInfo] = [
    category("BleedingAfterPregnancy", "Bleeding After Pregnancy"),
    category("BleedingDuringPregnancy", "Bleeding During Pregnancy"),
    category("CervicalMucusQuality", "Cervical Mucus Quality", ["cervical mucus"]),
    category("Contraceptive", "Contraceptives"),
    category("InfrequentMenstrualCycles", "Infrequent Periods"),
    category("IntermenstrualBleeding", "Spotting"),
    category("IrregularMenstrualCycles", "Irregular Cycles"),
    category("Lactation", "Lactation"),
    category("MenstrualFlow", "Menstruation", ["period"]),
    category("OvulationTestResult", "Ovulation Test Result", ["ovulation test"]),
    category("PersistentIntermenstrualBleeding", "Persistent Spotting"),
    category("Pregnancy", "Pregnancy"),
    category("PregnancyTestResult", "Pregnancy Test Result", ["pregnancy test"]),
    category("ProgesteroneTestResult", "Progesterone Test Result", ["progesterone test"]),
    category("ProlongedMenstrualPeriods", "Prolonged Periods"),
    category("SexualActivity", "Sexual Activity"),
  ]

  /// Symptoms: severity values, except AppetiteChanges (its own values) and MoodChanges and
  /// SleepChanges (presence values).
  static let symptoms: [HealthTypeInfo] = [
    category("AbdominalCramps", "Abdominal Cramps", ["cramps"]),
    category("Acne", "Acne"),
    category("AppetiteChanges", "Appetite Changes"),
    category("BladderIncontinence", "Bladder Incontinence"),
    category("Bloating", "Bloating"),
    category("BreastPain", "Breast Pain"),
    category("ChestTightnessOrPain", "Chest Tightness or Pain"),
    category("Chills", "Chills"),
    category("Constipation", "Constipation"),
    category("Coughing", "Coughing", ["cough"]),
    category("Diarrhea", "Diarrhea"),
    category("Dizziness", "Dizziness"),
    category("DrySkin", "Dry Skin"),
    category("Fainting", "Fainting"),
    category("Fatigue", "Fatigue"),
    category("Fever", "Fever"),
    category("GeneralizedBodyAche", "Body and Muscle Aches", ["body ache"]),
    category("HairLoss", "Hair Loss"),
    category("Headache", "Headache"),
    category("Heartburn", "Heartburn"),
    category("HotFlashes", "Hot Flashes"),
    category("LossOfSmell", "Loss of Smell"),
    category("LossOfTaste", "Loss of Taste"),
    category("LowerBackPain", "Lower Back Pain", ["back pain"]),
    category("MemoryLapse", "Memory Lapse"),
    category("MoodChanges", "Mood Changes"),
    category("Nausea", "Nausea"),
    category("NightSweats", "Night Sweats"),
    category("PelvicPain", "Pelvic Pain"),
    category(
      "RapidPoundingOrFlutteringHeartbeat", "Rapid, Pounding, or Fluttering Heartbeat",
      ["palpitations"]),
    category("RunnyNose", "Runny Nose"),
    category("ShortnessOfBreath", "Shortness of Breath"),
    category("SinusCongestion", "Sinus Congestion"),
    category("SkippedHeartbeat", "Skipped Heartbeat"),
    category("SleepChanges", "Sleep Changes"),
    category("SoreThroat", "Sore Throat"),
    category("VaginalDryness", "Vaginal Dryness"),
    category("Vomiting", "Vomiting"),
    category("Wheezing", "Wheezing"),
  ]
}
