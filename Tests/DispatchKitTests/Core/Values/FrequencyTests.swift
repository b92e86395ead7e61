import DispatchKit
import Testing

/// Frequencies: per-minute normalisation, text, parsing and arithmetic
/// (docs/formats/introspective.md#frequency).
struct FrequencyTests {
  private func per(_ times: Double, _ unit: FrequencyUnit) -> Frequency {
    Frequency(timesPerUnit: times, unit: unit)
  }

  /// Arithmetic goes through per-minute values, so results may be off by a rounding step.
  private func close(_ value: Double, _ expected: Double) -> Bool {
    abs(value - expected) <= 1e-12 * abs(expected)
  }

  @Test(arguments: [
    (FrequencyUnit.minute, 1.0), (.hour, 60), (.day, 1_440), (.week, 10_080), (.year, 525_600),
    (.quarter, 131_400), (.month, 43_800), (.second, 1.0 / 60),
  ])
  func `units convert with Introspective's constants`(unit: FrequencyUnit, minutes: Double) {
    #expect(unit.minutesPerUnit == minutes)
  }

  @Test func `the nanosecond constant keeps Introspective's quirk`() {
    #expect(FrequencyUnit.nanosecondsPerMinute == 6_000_000_000)
    #expect(per(1, .second).per(.nanosecond) == 1e-8)
    #expect(per(1, .nanosecond).timesPerMinute == 6e9)
  }

  @Test func `equality and ordering use times per minute`() {
    #expect(per(1, .day) == per(7, .week))
    #expect(per(1, .day).hashValue == per(7, .week).hashValue)
    #expect(per(1, .hour) == per(24, .day))
    #expect(per(1, .day) < per(1, .hour))
    #expect(per(2, .week) > per(1, .month))
    #expect(per(60, .second).timesPerMinute == 3_600)
  }

  @Test func `arithmetic happens per minute in the left operand's unit`() {
    let sum = per(1, .day) + per(7, .week)
    #expect(sum == per(2, .day))
    #expect(sum.unit == .day)
    #expect(sum.description == "2 times per day")
    #expect(close((per(3, .day) - per(7, .week)).timesPerUnit, 2))
    #expect((per(7, .week) + per(1, .day)).unit == .week)
    #expect(close((per(7, .week) + per(1, .day)).timesPerUnit, 14))
    #expect(close((per(2, .day) * 3).timesPerUnit, 6))
    #expect(close((3 * per(2, .day)).timesPerUnit, 6))
    #expect(close((per(6, .hour) / 4).timesPerUnit, 1.5))
    #expect((per(6, .hour) / 4).unit == .hour)
    #expect((per(1, .hour) / 0).timesPerUnit == .infinity)
  }

  @Test(arguments: [
    (1.0, FrequencyUnit.day, "1 time per day"), (2, .week, "2 times per week"),
    (0.4, .hour, "0.4 times per hour"), (0, .month, "0 times per month"),
    (1, .nanosecond, "1 time per nanosecond"), (1.5, .quarter, "1.5 times per quarter"),
    (1e-8, .nanosecond, "1e-08 times per nanosecond"),
  ])
  func `the description counts times per unit`(times: Double, unit: FrequencyUnit, text: String) {
    #expect(per(times, unit).description == text)
  }

  @Test(arguments: [
    ("1 time per day", 1.0, FrequencyUnit.day), ("2 times per week", 2, .week),
    ("0.4 times per hour", 0.4, .hour), ("3 per NANOSECONDS", 3, .nanosecond),
    ("5 per seconds", 5, .second), ("every Monday 1", 1, .day), ("2x a quarter", 2, .quarter),
    ("-2 times per day", 2, .day), ("1/2 per day", 12, .day), ("1e5 per day", 15, .day),
    ("1,000 times per year", 1_000, .year), (".5 per month", 0.5, .month),
    ("1 per weekday", 1, .day), ("٣ 1 per day", 1, .day),
  ])
  func `text parses with the first unit name and the remaining digits`(
    text: String, times: Double, unit: FrequencyUnit
  ) throws {
    let frequency = try #require(Frequency(parsing: text))
    #expect(frequency.timesPerUnit == times)
    #expect(frequency.unit == unit)
  }

  @Test(arguments: [
    "", "abc", "per day", "once per day", "1.2.3 per day", "5. per day", "2 per fortnight", "12",
    "nan per day", "٣ per day", "💊 per day", String(repeating: "9", count: 400) + " per day",
  ])
  func `text without a unit or a plain number has no frequency`(text: String) {
    #expect(Frequency(parsing: text) == nil)
  }

  @Test(arguments: [(0.4, FrequencyUnit.hour), (2, .week), (1, .nanosecond), (0, .year)])
  func `descriptions parse back`(times: Double, unit: FrequencyUnit) {
    let frequency = per(times, unit)
    #expect(Frequency(parsing: frequency.description) == frequency)
  }

  @Test(arguments: [
    ("daily", 1.0, FrequencyUnit.day), ("weekly", 1, .week), ("every hour", 1, .hour),
    ("every 2.5 hours", 0.4, .hour), ("every 2 days", 0.5, .day), ("every 4 weeks", 0.25, .week),
    ("every 1 hours", 1, .hour), ("every -2 days", 0.5, .day),
  ])
  func `EasyPill texts map to frequencies`(text: String, times: Double, unit: FrequencyUnit) throws
  {
    let frequency = try #require(Frequency.easyPill(text))
    #expect(frequency.timesPerUnit == times)
    #expect(frequency.unit == unit)
  }

  @Test(arguments: [
    "as needed", "", "Daily", "every days", "every 0 days", "every 2 hour", "every 3 months",
    "twice daily", "every ٣ days",
  ])
  func `other EasyPill texts have no frequency`(text: String) {
    #expect(Frequency.easyPill(text) == nil)
  }

  @Test(arguments: [
    ("as needed", true), ("daily", true), ("weekly", true), ("every hour", true),
    ("every 2 hour", true), ("every 2,5 hours", true), ("every 3 days", true),
    ("every 2 weeks", true), ("every 2", false), ("every 3 months", false), ("Daily", false),
    ("daily ", false), ("", false), ("as  needed", false), ("hourly", false),
  ])
  func `EasyPill frequency texts are recognised for column alignment`(text: String, valid: Bool) {
    #expect(Frequency.isEasyPillFrequency(text) == valid)
  }
}
