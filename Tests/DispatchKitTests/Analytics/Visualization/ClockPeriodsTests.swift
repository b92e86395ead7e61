import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchRender

/// Times of day on a clock that runs on past midnight, and their chart.
struct ClockPeriodsTests {
  @Test(arguments: [
    // Bedtimes around midnight: the clock starts after the afternoon's gap, at 22:40.
    ([1_360, 1_410, 15, 45, 70], 1_360),
    // Wake-up times need no wrap: the gap is the night, the clock starts at the first.
    ([390, 420, 455], 390),
    ([600], 0), ([], 0), ([480, 480], 0),
  ])
  func `the clock starts after the widest stretch without answers`(minutes: [Int], start: Int) {
    #expect(ClockPeriods.startMinutes(minutes) == start)
  }

  @Test func `a time before the start belongs to the next day`() {
    #expect(ClockPeriods.hours(30, start: 1_360) == 24.5)
    #expect(ClockPeriods.hours(1_380, start: 1_360) == 23)
    #expect(ChartText.clock(24.5) == "00:30")
    #expect(ChartText.clock(23.25) == "23:15")
    #expect(ChartText.clock(-0.5) == "23:30")
  }

  /// Two weeks of bedtimes from 22:50 to 00:40, one a night at 21:00 UTC−05:00.
  static let bedtimes: [QuestionSeries.TimePoint] = (0..<14).map { night in
    let minutes = [1_370, 1_420, 20, 40, 1_400, 1_430, 10][night % 7]
    return QuestionSeries.TimePoint(
      date: Instant(milliseconds: 1_772_323_200_000 + Int64(night) * 86_400_000),
      minutes: minutes, offsetSeconds: -18_000)
  }

  @Test func `bedtimes are averaged per period across midnight`() throws {
    let clock = try #require(ClockPeriods.build(Self.bedtimes, unit: .week))
    #expect(clock.startMinutes == 1_370)
    let first = try #require(clock.periods.periods.first { $0.count > 0 })
    #expect((first.lowest ?? 0) >= 1_370.0 / 60 && (first.highest ?? 0) <= 24 + 40.0 / 60)
    // The average of 22:50 … 00:40 is near midnight, not mid-afternoon.
    #expect(abs(clock.mean - 24) < 1)
  }

  @Test func `a time question charts as a clock band with clock ticks`() throws {
    let question = Question(id: "b", prompt: "Bedtime?", type: .time)
    let series = QuestionSeries.timePoints(points: Self.bedtimes, averageMinutes: 0)
    let spec = try #require(ChartSpec.question(question, series: series, bands: nil))
    guard case .line(let chart) = spec.content else {
      Issue.record("not a line over a band")
      return
    }
    #expect(chart.yValues == .clock)
    #expect(chart.band?.name == "earliest to latest")
    let svg = spec.svgString(width: 640, height: 320, idPrefix: "b")
    #expect(svg.contains(">00:00<") || svg.contains(">23:00<"))
    #expect(!svg.contains(">24<") && !svg.contains(">-"))
  }
}
