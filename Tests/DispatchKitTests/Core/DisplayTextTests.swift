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
    #expect("\(reading.displayName): \(reading.displayValue(in: .metric))" == line)
  }
}

struct UnitSystemTests {
  @Test(arguments: [
    (["LANG": "en_US.UTF-8"], UnitSystem.imperial),
    (["LANG": "en_GB.UTF-8"], .metric),
    (["LANG": "de_DE.UTF-8@euro"], .metric),
    (["LANG": "my_MM"], .imperial),
    (["LANG": "C.UTF-8"], .metric),
    ([:], .metric),
    // LC_ALL wins over LC_MEASUREMENT, which wins over LANG; an empty value does not count.
    (["LANG": "en_GB.UTF-8", "LC_MEASUREMENT": "en_US.UTF-8"], .imperial),
    (["LC_ALL": "fr_FR.UTF-8", "LC_MEASUREMENT": "en_US.UTF-8"], .metric),
    (["LC_ALL": "", "LANG": "en_US.UTF-8"], .imperial),
  ])
  func `the locale's region chooses the units`(environment: [String: String], units: UnitSystem) {
    #expect(UnitSystem(localeEnvironment: environment) == units)
  }

  @Test func `temperatures convert for display`() {
    #expect(DisplayMeasure.temperature(celsius: 21.54, in: .metric) == "21.5°C")
    #expect(DisplayMeasure.temperature(celsius: 22.2, in: .imperial) == "72°F")
    #expect(DisplayMeasure.temperature(celsius: -40, in: .imperial) == "-40°F")
  }

  @Test(arguments: [
    (5.0, "km", UnitSystem.imperial, "3.1 mi"),
    (3.1, "mi", .metric, "5 km"),
    (70, "kg", .imperial, "154.3 lb"),
    (154.3, "lb", .metric, "70 kg"),
    (1_500, "m", .imperial, "1,640.4 yd"),
    (36.6, "degC", .imperial, "97.9 °F"),
    (98.6, "degF", .metric, "37 °C"),
    (12_714, "count", .imperial, "12,714 count"),
    (5, "km", .metric, "5 km"),
  ])
  func `Health units convert to the chosen system`(
    value: Double, unit: String, units: UnitSystem, text: String
  ) {
    #expect(DisplayMeasure(value, unit: unit, in: units).text == text)
  }

  @Test func `readings follow the units`() {
    let weight = HealthReading(type: "bodyMass", value: 70, unit: "kg")
    #expect(weight.displayValue(in: .imperial) == "154.3 lb")
    #expect(weight.displayValue(in: .metric) == "70 kg")
  }
}
