import DispatchKit
import Foundation
import Testing

/// Comparison and summary numbers on hand-made check-ins.
struct StressAnalysisTests {
  /// Days since 1970 of a `YYYY-MM-DD`.
  func day(_ text: String) throws -> Int { try #require(DateArgument.dayNumber(text)) }

  /// A check-in at 18:00 UTC on `date`.
  func checkIn(
    _ date: String, overall: StressAnswer, work: StressAnswer? = nil, sleep: StressAnswer? = nil,
    note: String? = nil, zone: String = "UTC"
  ) throws -> StressCheckIn {
    let instant = try #require(Instant.parseISO8601(date + "T18:00:00Z")).instant
    var stressors: [(name: String, answer: StressAnswer)] = []
    if let work { stressors.append(("Work", work)) }
    if let sleep { stressors.append(("Sleep", sleep)) }
    return StressCheckIn(
      id: date + "\(instant.milliseconds)", time: RecordTime.at(instant, zone: zone),
      overall: overall, stressors: stressors, note: note)
  }

  @Test func tallySeparatesSkipsAndNotApplicable() {
    let tally = StressTally([.rated(4), .skipped, .rated(8), .notApplicable, .notApplicable])
    #expect(tally.rated == 2 && tally.skipped == 1 && tally.notApplicable == 2)
    #expect(tally.average == 6)
    #expect(tally.highest == 8)
    #expect(StressTally([.skipped]).average == nil)
  }

  @Test func comparesTheWindowsEndingWithEachDate() throws {
    let checkIns = [
      try checkIn("2026-02-20", overall: .rated(9), work: .rated(9)),  // before both windows
      try checkIn("2026-02-24", overall: .rated(6), work: .rated(8), sleep: .skipped),
      try checkIn("2026-03-01", overall: .rated(8), work: .rated(6), sleep: .rated(4)),
      try checkIn("2026-03-03", overall: .rated(3), work: .notApplicable, sleep: .rated(2)),
      try checkIn("2026-03-08", overall: .rated(4), work: .rated(5), sleep: .rated(2)),
    ]
    let comparison = try StressComparison.compare(
      checkIns, beforeDay: try day("2026-03-01"), afterDay: try day("2026-03-08"), days: 7,
      order: ["Work", "Sleep"])
    #expect(comparison.before.firstDay == (try day("2026-02-23")))
    #expect(comparison.before.checkIns == 2)
    #expect(comparison.after.checkIns == 2)
    #expect(comparison.overall.before.average == 7)
    #expect(comparison.overall.after.average == 3.5)
    #expect(comparison.overall.difference == -3.5)
    let work = try #require(comparison.stressors.first)
    #expect(work.name == "Work")
    #expect(work.before.average == 7 && work.after.average == 5 && work.difference == -2)
    #expect(work.after.notApplicable == 1)
    let sleep = try #require(comparison.stressors.last)
    #expect(sleep.before.skipped == 1 && sleep.before.average == 4 && sleep.after.average == 2)
  }

  @Test func aCheckInCountsOnItsOwnLocalDay() throws {
    // 18:00 UTC on March 1 is already March 2 in Tokyo.
    let tokyo = try checkIn("2026-03-01", overall: .rated(5), zone: "Asia/Tokyo")
    let comparison = try StressComparison.compare(
      [tokyo], beforeDay: try day("2026-03-01"), afterDay: try day("2026-03-02"), days: 1)
    #expect(comparison.before.checkIns == 0)
    #expect(comparison.after.checkIns == 1)
  }

  @Test func refusesOverlappingOrReversedWindows() throws {
    #expect(throws: DispatchError.self) {
      try StressComparison.compare(
        [], beforeDay: try day("2026-03-01"), afterDay: try day("2026-03-04"), days: 7)
    }
    #expect(throws: DispatchError.self) {
      try StressComparison.compare(
        [], beforeDay: try day("2026-03-08"), afterDay: try day("2026-03-01"), days: 7)
    }
  }

  @Test func trendIsTheLeastSquaresSlopePerWeek() throws {
    let start = try #require(Instant.parseISO8601("2026-03-01T00:00:00Z")).instant
    // One point a week rising by 2, 3, 4, 5 … → exactly 1 point per week from 2.
    let points = (0..<5).map {
      (instant: start.adding(seconds: Int64($0) * 604_800), value: 2 + $0)
    }
    let trend = StressTrend.fit(points)
    #expect(trend.checkIns == 5)
    let slope = try #require(trend.slopePerWeek)
    #expect(abs(slope - 1) < 1e-9)
    // Noisy: 4, 8, 4, 8 on days 0, 1, 2, 3 → slope 0.8 per day = 5.6 per week.
    let noisy = [4, 8, 4, 8].enumerated().map {
      (instant: start.adding(seconds: Int64($0.offset) * 86_400), value: $0.element)
    }
    #expect(abs((StressTrend.fit(noisy).slopePerWeek ?? 0) - 5.6) < 1e-9)
  }

  @Test func trendNeedsItsMinimumOfCheckIns() {
    let start = Instant(milliseconds: 0)
    let three = (0..<3).map { (instant: start.adding(seconds: Int64($0) * 86_400), value: $0) }
    #expect(StressTrend.minimumCheckIns == 4)
    #expect(StressTrend.fit(three) == StressTrend(checkIns: 3, slopePerWeek: nil))
    let sameInstant = (0..<4).map { (instant: start, value: $0) }
    #expect(StressTrend.fit(sameInstant).slopePerWeek == nil)
    #expect(StressText.trend(StressTrend.fit(three)) == "not enough check-ins (3; needs 4)")
  }

  @Test func summaryHasMeansCountsWorstDaysAndTrend() throws {
    let checkIns = [
      try checkIn("2026-05-30", overall: .rated(10)),  // before --since
      try checkIn("2026-06-01", overall: .rated(4), work: .rated(6), sleep: .notApplicable),
      try checkIn("2026-06-03", overall: .rated(7), work: .rated(8), note: "deadline"),
      try checkIn("2026-06-05", overall: .skipped, work: .skipped, sleep: .rated(3)),
      try checkIn("2026-06-08", overall: .rated(5), work: .rated(4), sleep: .rated(5)),
      try checkIn("2026-06-10", overall: .rated(7), work: .rated(6)),
    ]
    let summary = StressSummary.make(checkIns, sinceDay: try day("2026-06-01"), order: ["Work"])
    #expect(summary.checkIns == 5)
    #expect(summary.overall.tally.rated == 4 && summary.overall.tally.skipped == 1)
    #expect(summary.overall.tally.average == 5.75)
    #expect(summary.stressors.map(\.name) == ["Work", "Sleep"])
    #expect(summary.stressors[0].tally.average == 6)
    #expect(summary.stressors[1].tally.notApplicable == 1)
    #expect(summary.stressors[1].trend.slopePerWeek == nil)
    #expect(summary.worstDays.map(\.dateText) == ["2026-06-03", "2026-06-10", "2026-06-08"])
    #expect(summary.worstDays.first?.notes == ["deadline"])
    #expect(summary.overall.trend.checkIns == 4)
    let slope = try #require(summary.overall.trend.slopePerWeek)
    #expect(slope > 0)
    let text = StressText.lines(summary).joined(separator: "\n")
    #expect(text.contains("Stress check-ins since 2026-06-01: 5"))
    #expect(text.contains("not enough check-ins"))
    #expect(!text.lowercased().contains("because"))
    #expect(!text.lowercased().contains("caused by"))
  }
}
