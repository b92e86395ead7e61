import DispatchKit
import Testing

/// The day-level engine's honest numbers (docs/insights.md#day-level-rules): strength words that
/// respect the days behind them, values on the measure's own scale, a token counted under every
/// question it is used in, and a shortfall for each lag.
struct DayLevelHonestyTests {
  @Test func `a perfect split on five days is lower, never much lower`() throws {
    var fixture = DayLevelFixture()
    for day in 0..<40 {
      let tea = day % 8 == 0
      fixture.add(
        day: day, tokens: tea ? ["tea"] : [],
        energy: tea ? 1 + Double(day) / 100 : 5 + Double(day) / 100)
    }
    let result = fixture.result()
    let tea = try #require(result.findings.first { $0.insight.id.hasSuffix("|lag0") })
    #expect(
      tea.insight.title
        == "On days when you mentioned “tea”, your answers to “Energy?” tended to be lower "
        + "(r = -1.00; 5 days with, 35 without).")
    // The interval still reaches -0.56: five days cannot say how much lower.
    #expect(
      tea.insight.detail.contains("Mann–Whitney rank-biserial r = -1.00 (95% CI -1.00 to -0.56)."))
  }

  @Test func `ten days on each side earn a strength word from the interval's near end`() throws {
    var fixture = DayLevelFixture()
    for day in 0..<20 {
      let tea = day % 2 == 0
      fixture.add(day: day, tokens: tea ? ["tea"] : [], energy: tea ? 1 : 5)
    }
    let tea = try #require(fixture.result().findings.first { $0.insight.id.hasSuffix("|lag0") })
    // r = -1.00 with 10 days each: the interval's near end, -0.60, is still "much".
    #expect(
      tea.insight.title.contains("tended to be much lower (r = -1.00; 10 days with, 10 without)."))
    #expect(tea.insight.detail.contains("r = -1.00 (95% CI -1.00 to -0.60)."))
  }

  @Test func `the strength word comes from the interval, not the estimate`() {
    #expect(DayLevelEngine.strengthLabel(0.61) == "much")
    #expect(DayLevelEngine.strengthLabel(0.49) == "noticeably")
    #expect(DayLevelEngine.minimumDaysPerGroupForStrength == 10)
    #expect(DayLevelEngine.minimumDaysForStrength == 20)
  }

  @Test func `a mood answered on a 1–10 scale is shown on that scale`() throws {
    var fixture = DayLevelFixture()
    for day in 0..<40 {
      let gym = day % 2 == 0
      fixture.add(
        day: day, tokens: gym ? ["gym"] : [],
        happy: gym ? 8 + Double(day % 4) / 2 : 3 + Double(day % 4) / 2)
    }
    let gym = try #require(
      fixture.result().findings.first { $0.insight.id == "dayLevel:token:gym|mood|lag0" })
    #expect(gym.insight.title.hasPrefix("On days when you mentioned “gym”, your mood tended to be"))
    #expect(
      gym.insight.detail.hasPrefix(
        "Average 8.5 on 20 days with vs 4.0 on 20 days without, on the 1–10 scale of “Happy?”. "))
  }

  @Test func `a token used under two questions counts the days of both`() throws {
    var fixture = DayLevelFixture()
    for day in 0..<20 {
      // "Banner saga" is mentioned once under each question; "solo" on one day only.
      if day % 2 == 0 {
        fixture.add(day: day, tokens: day == 0 ? ["Banner saga"] : [], energy: 3)
      } else {
        fixture.add(
          day: day, energy: 3, reading: day == 1 ? ["Banner saga"] : day == 3 ? ["solo"] : [])
      }
    }
    let shortfalls = fixture.result().shortfalls
    let banner = try #require(
      shortfalls.first { $0.insight.id == "dayLevel:token:banner saga|number:q-energy|lag0" })
    #expect(
      banner.insight.title == "Not enough data yet: need 3 more days with and without “Banner saga”"
    )
    #expect(
      banner.insight.detail
        == "To compare with your answers to “Energy?”: 2 days with and 18 without so far; "
        + "day-level insights need 14 days, 5 of each.")
    #expect(
      banner.insight.sourceKeys == ["question:q-doing", "question:q-reading", "question:q-energy"])
    let solo = try #require(
      shortfalls.first { $0.insight.id == "dayLevel:token:solo|number:q-energy|lag0" })
    #expect(
      solo.insight.detail.hasPrefix(
        "To compare with your answers to “Energy?”: 1 day with and 9 without"))
  }

  @Test func `a lag the days cannot reach is listed even when the same day was tested`() throws {
    var fixture = DayLevelFixture()
    // Every other day: the same day is tested, the day after never has a report.
    for index in 0..<30 {
      fixture.add(day: 2 * index, energy: Double(index % 7), steps: Double(1000 * (index % 5)))
    }
    let result = fixture.result()
    // Steps and energy both ways on the same day, and the two weekdays
    // that fall on 5 of the 30 days against both.
    #expect(result.testCount == 6)
    let titles = result.shortfalls.map(\.insight.title)
    #expect(
      titles.contains(
        "Not enough data yet for the day after: need 14 more days with both steps and your "
          + "answers to “Energy?” the day after"))
    let row = try #require(
      result.shortfalls.first { $0.insight.id == "dayLevel:steps|number:q-energy|lag1" })
    #expect(row.insight.detail == "0 days have both so far; day-level insights need 14.")
  }
}
