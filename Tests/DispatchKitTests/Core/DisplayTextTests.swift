import Testing

@testable import DispatchKit

/// Numbers, durations and health readings as human output shows them.
struct DisplayTextTests {
  @Test(arguments: [
    (0, "0"), (999, "999"), (1_338, "1,338"), (-12_000, "-12,000"), (1_234_567, "1,234,567"),
  ])
  func `whole numbers are grouped by thousands`(value: Int, text: String) {
    #expect(DisplayNumber.grouped(value) == text)
    #expect(DisplayNumber.grouped(Double(value) + 0.2) == text)
  }

  @Test func `non-finite numbers read zero rather than crash`() {
    #expect(DisplayNumber.grouped(Double.nan) == "0")
    #expect(DisplayNumber.grouped(Double.infinity) == "0")
  }

  @Test(arguments: [
    (35.0, "35 s"), (60, "1 min"), (2_848, "47 min"), (3_600, "1 h"), (12_277, "3 h 25 min"),
    (-5, "0 s"),
  ])
  func `durations read in hours and minutes`(seconds: Double, text: String) {
    #expect(DisplayNumber.duration(seconds: seconds) == text)
  }

  @Test(arguments: [
    ("sleepDeep", 2_848, "s", "Deep sleep: 47 min"),
    ("heartRateAvg", 71.333_333, "bpm", "Heart rate (average): 71 bpm"),
    ("steps", 12_714, "count", "Steps: 12,714"),
    ("activity.exercise", 47, "min", "Exercise: 47 min"),
    ("activity.stand", 13, "hours", "Stand hours: 13 h"),
    ("workout.37", 3_688, "s", "Running workout: 1 h 1 min"),
    ("workout.trigger.type", 37, "raw", "Workout that prompted: Running"),
    ("medication.Vitamin D", 1, "count", "Vitamin D: 1 dose"),
    ("hrvSDNN", 72.3, "ms", "Heart rate variability: 72.3 ms"),
    ("somethingNew", 2.0, "mg", "somethingNew: 2 mg"),
  ])
  func `readings read in words`(type: String, value: Double, unit: String, line: String) {
    let reading = HealthReading(type: type, value: value, unit: unit)
    #expect("\(reading.displayName): \(reading.displayValue)" == line)
  }
}
