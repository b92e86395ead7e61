import DispatchKit
import Testing

/// A number question per period: means and ranges, empty periods kept as gaps, each report in
/// its own local day, and the period that fits the range (docs/charts.md#question-series).
struct NumberPeriodsTests {
  private let coffees = Question(id: "c", prompt: "Coffees?", type: .number)
  /// 2026-03-01T00:00:00Z, a Sunday; day 20,513 since 1970-01-01.
  private let march: Int64 = 1_772_323_200_000

  private func report(day: Int, hour: Int = 12, offset: Int = 0, _ number: String) -> Report {
    Report(
      id: "report-\(day)-\(hour)-\(number)",
      date: Instant(milliseconds: march + Int64(day) * 86_400_000 + Int64(hour) * 3_600_000),
      timeZoneIdentifier: "UTC", utcOffsetSeconds: offset, isDraft: false,
      responses: [
        VisualizationDataTests.answer(coffees) { $0.number = number }
      ])
  }

  @Test func `each day has its mean and range, and an empty day stays a gap`() {
    let reports = [
      report(day: 0, "2"), report(day: 0, hour: 18, "4"), report(day: 2, "5"),
    ]
    let periods = NumberPeriods.build(question: coffees, reports: reports, unit: .day)
    #expect(periods.periods.map(\.label) == ["2026-03-01", "2026-03-02", "2026-03-03"])
    #expect(periods.periods.map(\.mean) == [3, nil, 5])
    #expect(periods.periods.map(\.lowest) == [2, nil, 5])
    #expect(periods.periods.map(\.highest) == [4, nil, 5])
    #expect(periods.periods.map(\.count) == [2, 0, 1])
  }

  @Test func `a report counts on its own local day`() {
    // 23:00 UTC on March 1 is already March 2 at UTC+02:00.
    let late = report(day: 0, hour: 23, offset: 7_200, "7")
    let periods = NumberPeriods.build(question: coffees, reports: [late], unit: .day)
    #expect(periods.periods.map(\.label) == ["2026-03-02"])
  }

  @Test func `weeks start on Monday and months on the first`() {
    let reports = [report(day: 0, "1"), report(day: 1, "3"), report(day: 40, "5")]
    let weeks = NumberPeriods.build(question: coffees, reports: reports, unit: .week)
    #expect(weeks.periods.first?.label == "2026-02-23")
    #expect(weeks.periods[1].label == "2026-03-02" && weeks.periods[1].mean == 3)
    #expect(weeks.periods.count == 7)
    let months = NumberPeriods.build(question: coffees, reports: reports, unit: .month)
    #expect(months.periods.map(\.label) == ["2026-03-01", "2026-04-01"])
    #expect(months.periods.map(\.mean) == [2, 5])
  }

  @Test(
    arguments: [(0, .day), (30, .day), (31, .week), (189, .week), (190, .month)]
      as [(Int, OptionSharesOverTime.Period)])
  func `without --per the period fits the range`(lastDay: Int, unit: OptionSharesOverTime.Period) {
    #expect(OptionSharesOverTime.Period.fitting(firstDay: 0, lastDay: lastDay) == unit)
    let reports = [report(day: 0, "1"), report(day: lastDay, "2")]
    #expect(NumberPeriods.build(question: coffees, reports: reports, unit: nil).unit == unit)
  }

  @Test func `no answers, no periods`() {
    #expect(NumberPeriods.build(question: coffees, reports: [], unit: nil).periods.isEmpty)
  }
}
