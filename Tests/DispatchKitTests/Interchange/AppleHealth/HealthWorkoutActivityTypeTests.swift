import DispatchKit
import Testing

/// Workout activity types and their HealthKit raw values (docs/formats/apple-health.md#workouts,
/// `workout.<raw>` in docs/formats/dispatch-v2.md#health-readings).
struct HealthWorkoutActivityTypeTests {
  @Test(
    arguments: [
      ("Running", 37), ("Walking", 52), ("Cycling", 13), ("Swimming", 46),
      ("TraditionalStrengthTraining", 50), ("HighIntensityIntervalTraining", 63), ("Yoga", 57),
      ("Other", 3000), ("AmericanFootball", 1), ("FunctionalStrengthTraining", 20),
      ("Dance", 14), ("DanceInspiredTraining", 15), ("MixedMetabolicCardioTraining", 30),
      ("MixedCardio", 73), ("CardioDance", 77), ("SocialDance", 78), ("Pickleball", 79),
      ("Cooldown", 80), ("SwimBikeRun", 82), ("Transition", 83), ("UnderwaterDiving", 84),
    ] as [(String, Int)])
  func `well-known activity types have HealthKit's raw values`(name: String, rawValue: Int) throws {
    let type = try #require(HealthWorkoutActivityTypes.named("HKWorkoutActivityType" + name))
    #expect(type.rawValue == rawValue)
    #expect(HealthWorkoutActivityTypes.withRawValue(rawValue) == type)
  }

  @Test func `raw values and identifiers are unique and prefixed`() {
    let all = HealthWorkoutActivityTypes.all
    #expect(all.count == 84)
    #expect(Set(all.map(\.rawValue)).count == all.count)
    #expect(Set(all.map(\.identifier)).count == all.count)
    #expect(all.allSatisfy { $0.identifier.hasPrefix("HKWorkoutActivityType") })
    #expect(all.allSatisfy { !$0.displayName.isEmpty })
    // 1…84 without 81, then Other.
    #expect(all.map(\.rawValue) == Array(1...80) + [82, 83, 84, 3000])
    #expect(HealthWorkoutActivityTypes.withRawValue(81) == nil)
    #expect(HealthWorkoutActivityTypes.withRawValue(0) == nil)
  }

  @Test func `the activity types exports show are all known`() {
    let seen = [
      "Walking", "Running", "Cycling", "Swimming", "TraditionalStrengthTraining",
      "FunctionalStrengthTraining", "HighIntensityIntervalTraining", "Yoga", "Hiking", "Rowing",
      "StairClimbing", "Boxing", "Elliptical", "MixedCardio", "SwimBikeRun", "Other",
    ]
    for name in seen {
      #expect(HealthWorkoutActivityTypes.named("HKWorkoutActivityType" + name) != nil, "\(name)")
    }
    #expect(HealthWorkoutActivityTypes.named("Running") == nil)
  }

  @Test func `display names come from the table, else from the identifier`() {
    let names = HealthWorkoutActivityTypes.self
    #expect(names.displayName("HKWorkoutActivityTypeRunning") == "Running")
    #expect(
      names.displayName("HKWorkoutActivityTypeHighIntensityIntervalTraining")
        == "High Intensity Interval Training")
    #expect(names.displayName("HKWorkoutActivityTypeMindAndBody") == "Mind and Body")
    #expect(names.displayName("HKWorkoutActivityTypeCrossCountrySkiing") == "Cross-Country Skiing")
    #expect(
      names.displayName("HKWorkoutActivityTypeUnderwaterBasketWeaving")
        == "Underwater Basket Weaving")
    #expect(names.displayName("HKWorkoutActivityType") == "HK Workout Activity Type")
  }
}
