import DispatchKit
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// Nice 1-2-5 number ticks, calendar time ticks and their labels.
struct AxisTicksTests {
  @Test(
    arguments: [
      (0.0, 100.0, 6, [0.0, 20, 40, 60, 80, 100]),
      (0.0, 9.3, 5, [0.0, 5, 10]),
      (-3.2, 7.9, 5, [-5.0, 0, 5, 10]),
      (0.001, 0.0093, 5, [0.0, 0.005, 0.01]),
      (5.0, 5.0, 5, [4.5, 5, 5.5]),
      (0.0, 0.0, 5, [0.0, 0.5, 1]),
      (0, 8e300, 5, [0, 2e300, 4e300, 6e300, 8e300]),
    ] as [(Double, Double, Int, [Double])])
  func `ticks step by 1, 2 or 5 and cover the data`(
    lower: Double, upper: Double, target: Int, expected: [Double]
  ) {
    let ticks = NiceTicks(lower: lower, upper: upper, targetCount: target)
    #expect(ticks.values.count == expected.count)
    for (value, want) in zip(ticks.values, expected) {
      #expect(abs(value - want) <= abs(want) * 1e-12 + 1e-15)
    }
    #expect(ticks.lower <= min(lower, upper) && ticks.upper >= max(lower, upper))
  }

  @Test func `the widest doubles still give finite ticks`() {
    let ticks = NiceTicks(
      lower: -.greatestFiniteMagnitude, upper: .greatestFiniteMagnitude, targetCount: 3)
    #expect(ticks.values.allSatisfy { $0.isFinite })
    #expect(ticks.step.isFinite && ticks.step > 0)
    let wide = NiceTicks(lower: -1e308, upper: 1e308, targetCount: 5)
    #expect(wide.values.allSatisfy { $0.isFinite })
    #expect(wide.lower <= -1e308 && wide.upper >= 1e308)
  }

  @Test(
    arguments: [
      ([0.0, 0.5, 1], 0.5, ["0", "0.5", "1"]),
      ([-10.0, 0, 10], 10, ["-10", "0", "10"]),
      ([0.0, 0.25, 0.5], 0.25, ["0", "0.25", "0.5"]),
      ([0.0, 20_000, 40_000], 20_000, ["0", "20k", "40k"]),
      ([0.0, 2.5e6, 5e6], 2.5e6, ["0", "2.5M", "5M"]),
      ([1e12, 2e12], 1e12, ["1T", "2T"]),
      ([0.0, 4e17, 8e17, 1.2e18], 4e17, ["0", "4e17", "8e17", "1.2e18"]),
      ([-2e300, 0, 2e300], 2e300, ["-2e300", "0", "2e300"]),
    ] as [([Double], Double, [String])])
  func `tick labels share one style per axis`(values: [Double], step: Double, labels: [String]) {
    #expect(ChartText.tickLabels(values, step: step) == labels)
  }

  @Test func `counts are grouped by thousands`() {
    #expect(ChartText.grouped(0) == "0")
    #expect(ChartText.grouped(999) == "999")
    #expect(ChartText.grouped(1_000) == "1,000")
    #expect(ChartText.grouped(100_000) == "100,000")
    #expect(ChartText.grouped(-1_234_567) == "-1,234,567")
  }

  /// Milliseconds of a UTC date and time.
  private func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0) -> Double {
    Double(CivilTime.days(year: year, month: month, day: day)) * 86_400_000
      + Double(hour) * 3_600_000
  }

  @Test func `hour ticks fall on local round hours and midnight shows the date`() {
    // Local midnight at UTC+01:00 is 23:00 UTC the day before.
    let start = utc(2026, 3, 4, 23)
    let ticks = TimeTicks(
      lower: start, upper: start + 86_400_000, offsetSeconds: 3600, targetCount: 5)
    #expect(ticks.labels == ["Mar 5", "06:00", "12:00", "18:00", "Mar 6"])
    #expect(ticks.values.first == start)
  }

  @Test func `week ticks are Mondays`() {
    let ticks = TimeTicks(
      lower: utc(2026, 3, 1), upper: utc(2026, 3, 29), offsetSeconds: 0, targetCount: 5)
    #expect(ticks.labels == ["Mar 2", "Mar 9", "Mar 16", "Mar 23"])
  }

  @Test func `month ticks start months and January shows the year`() {
    let months = TimeTicks(
      lower: utc(2026, 1, 15), upper: utc(2026, 7, 15), offsetSeconds: 0, targetCount: 4)
    #expect(months.labels == ["Mar", "May", "Jul"])
    let turn = TimeTicks(
      lower: utc(2025, 11, 20), upper: utc(2026, 3, 10), offsetSeconds: 0, targetCount: 5)
    #expect(turn.labels == ["Dec", "2026", "Feb", "Mar"])
  }

  @Test func `year ticks step in multiples of 1, 2 or 5`() {
    let ticks = TimeTicks(
      lower: utc(2019, 6, 1), upper: utc(2026, 6, 1), offsetSeconds: 0, targetCount: 5)
    #expect(ticks.labels == ["2020", "2022", "2024", "2026"])
  }

  @Test func `short spans get seconds and milliseconds`() {
    let start = utc(2026, 3, 5, 14)
    let seconds = TimeTicks(lower: start, upper: start + 20_000, offsetSeconds: 0, targetCount: 5)
    #expect(seconds.labels == ["14:00:00", "14:00:05", "14:00:10", "14:00:15", "14:00:20"])
    let millis = TimeTicks(lower: start, upper: start + 400, offsetSeconds: 0, targetCount: 3)
    #expect(millis.labels == ["14:00:00.000", "14:00:00.200", "14:00:00.400"])
  }

  @Test func `time outside the calendar's range gives no ticks instead of a crash`() {
    #expect(TimeTicks(lower: -1e300, upper: 1e300, offsetSeconds: 0, targetCount: 5).values == [])
  }

  @Test func `range text names the local dates and the offset`() {
    let start = utc(2026, 3, 4, 23)
    #expect(
      TimeTicks.rangeText(lower: start, upper: start + 3_600_000, offsetSeconds: 3600)
        == "2026-03-05, UTC+01:00")
    #expect(
      TimeTicks.rangeText(lower: utc(2026, 1, 1), upper: utc(2026, 2, 1), offsetSeconds: 0)
        == "2026-01-01 to 2026-02-01, UTC")
    #expect(
      TimeTicks.rangeText(lower: utc(2026, 1, 1), upper: utc(2026, 1, 1), offsetSeconds: -34_200)
        == "2025-12-31, UTC-09:30")
  }
}
