import DispatchKit
import Testing

/// Direct records and the day of the week in the day-level engine
/// (docs/insights.md#day-level-rules): mood across activities and days, as Introspective promises.
struct DayLevelRecordsTests {
  @Test func `mood ratings dip on Mondays, tested on the same day only`() throws {
    var fixture = DayLevelFixture()
    for day in 0..<70 {
      let monday = day % 7 == 1
      fixture.rate(day: day, .mood, monday ? 3 + Double(day % 3) / 2 : 7 + Double(day % 3) / 2)
    }
    let result = fixture.result()
    #expect(result.dayCount == 70)
    #expect(result.reportCount == 0)
    let monday = try #require(
      result.findings.first { $0.insight.id == "dayLevel:weekday:monday|rating:mood|lag0" })
    #expect(
      monday.insight.title
        == "On Mondays, your mood ratings tended to be much lower (r = -1.00; 10 days with, 60 "
        + "without).")
    #expect(
      monday.insight.detail.hasPrefix(
        "Average 3.5 on 10 days with vs 7.5 on 60 days without, on the 1–10 scale. "))
    #expect(monday.insight.detail.contains("0 reports and 70 records, 2026-03-01 to 2026-05-09"))
    #expect(monday.insight.sourceKeys == ["weekday", "rating:mood"])
    // Weekdays are compared on the same day only, and never listed as short of days.
    #expect(
      !result.findings.contains {
        $0.insight.id.hasPrefix("dayLevel:weekday:") && $0.insight.id.hasSuffix("lag1")
      })
    #expect(!result.shortfalls.contains { $0.insight.id.hasPrefix("dayLevel:weekday:") })
  }

  @Test func `gym days go with higher mood ratings; an activity is known only while logging`()
    throws
  {
    var fixture = DayLevelFixture()
    for day in 0..<40 {
      let gym = day >= 10 && day % 2 == 0
      fixture.rate(day: day, .mood, gym ? 8 + Double(day % 4) / 4 : 5 + Double(day % 4) / 4)
      if gym { fixture.activity(day: day, "a-gym") }
      if day == 11 || day == 39 { fixture.activity(day: day, "a-reading") }
    }
    let result = fixture.result()
    let gym = try #require(
      result.findings.first { $0.insight.id == "dayLevel:activity:a-gym|rating:mood|lag0" })
    // Days 0–9 come before any activity was logged: neither with nor without.
    #expect(
      gym.insight.title
        == "On days when you logged the activity “Gym”, your mood ratings tended to be much "
        + "higher (r = 1.00; 15 days with, 15 without).")
    let reading = try #require(
      result.shortfalls.first { $0.insight.id == "dayLevel:activity:a-reading|rating:mood|lag0" })
    #expect(
      reading.insight.title
        == "Not enough data yet: need 3 more days with and without the activity “Reading”")
  }

  @Test func `doses and stress check-ins enter as yes/no exposure and outcome`() throws {
    var fixture = DayLevelFixture()
    for day in 0..<30 {
      let dose = day % 3 == 0
      if dose { fixture.dose(day: day) }
      fixture.stress(day: day, dose ? 2 + day % 2 : 6 + day % 2)
      fixture.rate(day: day, .fatigue, dose ? 1 : 4, scale: .fatigue)
    }
    let result = fixture.result()
    // Days 28 and 29 come after the last dose logged: neither with nor without.
    let stress = try #require(
      result.findings.first { $0.insight.id == "dayLevel:medication:m-vitamin-d|stress|lag0" })
    #expect(
      stress.insight.title
        == "On days when you took Vitamin D, your stress check-ins tended to be much lower "
        + "(r = -1.00; 10 days with, 18 without).")
    #expect(
      stress.insight.detail.hasPrefix(
        "Average 2.5 on 10 days with vs 6.5 on 18 days without, on the 0–10 scale. "))
    let fatigue = try #require(
      result.findings.first { $0.insight.id == "dayLevel:stress|rating:fatigue|lag0" })
    #expect(
      fatigue.insight.title.hasPrefix(
        "On days with higher stress check-ins, your fatigue ratings tended to be"))
    #expect(fatigue.insight.detail.contains("over 30 days, on the 0–6 scale."))
  }

  @Test func `ratings on another scale are rescaled onto the most used one`() throws {
    var fixture = DayLevelFixture()
    for day in 0..<30 {
      let gym = day % 2 == 0
      if gym { fixture.activity(day: day, "a-gym") }
      // Most ratings on 1–10; day 1's 7 on Wellness's 1–7 is 10 on 1–10.
      if day == 1 {
        fixture.rate(day: day, .mood, 7, scale: .wellness)
      } else {
        fixture.rate(day: day, .mood, gym ? 8 : 5)
      }
    }
    let gym = try #require(
      fixture.result().findings.first {
        $0.insight.id == "dayLevel:activity:a-gym|rating:mood|lag0"
      })
    // Without: day 1's 10 and 13 days of 5 (day 29 comes after the last activity).
    #expect(
      gym.insight.detail.hasPrefix(
        "Average 8.0 on 15 days with vs 5.4 on 14 days without, on the 1–10 scale."))
  }

  @Test func `mood ratings never pair with the mood of report answers`() {
    var fixture = DayLevelFixture()
    for day in 0..<30 {
      let value = Double(day % 10)
      fixture.rate(day: day, .mood, 1 + value)
      fixture.add(day: day, happy: 1 + value)
    }
    let result = fixture.result()
    let ids = (result.findings + result.shortfalls).map(\.insight.id)
    #expect(!ids.contains { $0.hasPrefix("dayLevel:rating:mood|mood|") })
    // Only Sundays and Mondays have 5 of 30 days, against report mood and mood ratings.
    #expect(result.testCount == 4)
  }
}
