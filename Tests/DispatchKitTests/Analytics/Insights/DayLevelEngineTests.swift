import DispatchKit
import Testing

/// The day-level engine against docs/insights.md#day-level-rules; expected ρ values are SciPy's
/// `spearmanr`.
struct DayLevelEngineTests {
  private static let caveat =
    "This is a pattern in your reports, not proof that one causes the other."

  @Test func `more steps with higher energy reads as the numeric template`() throws {
    var fixture = DayLevelFixture()
    for day in 0..<40 {
      fixture.add(
        day: day, energy: Double(day / 4 + (day * 3) % 4),
        steps: Double(3000 + 100 * day + 700 * ((day * 7) % 5)))
    }
    let result = fixture.result()
    // Steps and energy both ways at two lags, and each weekday (5 or 6 of the 40 days) against
    // both outcomes on the same day.
    #expect(result.testCount == 4 + 7 * 2)
    #expect(result.dayCount == 40)
    let titles = result.findings.map(\.insight.title)
    // ρ = 0.71 over 40 days, but its interval reaches down to 0.49: "noticeably", not "much".
    #expect(
      titles.contains(
        "On days with more steps, your answers to “Energy?” tended to be noticeably higher "
          + "(ρ = 0.71, 40 days)."))
    #expect(
      titles.contains(
        "On days after a day with more steps, your answers to “Energy?” tended to be noticeably "
          + "higher (ρ = 0.71, 39 days)."))
    let steps = try #require(result.findings.first { $0.insight.id.contains("steps|number") })
    #expect(steps.insight.kind == .dayLevel)
    #expect(steps.status == .finding)
    #expect(
      steps.insight.detail
        == "Spearman's rank correlation ρ = 0.71 (95% CI 0.49 to 0.85) over 40 days. 40 reports, "
        + "2026-03-01 to 2026-04-09; q < 0.001 across 18 tests. \(Self.caveat)")
  }

  @Test func `a token on some reports of a day counts for the whole day`() throws {
    var fixture = DayLevelFixture()
    for day in 0..<40 {
      let gym = day % 2 == 0
      let moods =
        gym
        ? (day % 4 == 0 ? ["Good", "Good"] : ["Good", "Okay"])
        : (day % 4 == 1 ? ["Bad", "Okay"] : ["Okay", "Okay"])
      fixture.add(day: day, hour: 9, tokens: gym ? ["gym"] : [], mood: moods[0])
      fixture.add(day: day, hour: 18, tokens: [], mood: moods[1])
    }
    let result = fixture.result()
    // gym at two lags, and each weekday against mood on the same day.
    #expect(result.testCount == 2 + 7)
    let sameDay = try #require(result.findings.first { $0.insight.id.hasSuffix("lag0") })
    #expect(
      sameDay.insight.title
        == "On days when you mentioned “gym”, your mood tended to be much higher "
        + "(r = 1.00; 20 days with, 20 without).")
    #expect(
      sameDay.insight.detail
        == "Average 0.75 on 20 days with vs -0.25 on 20 days without, as mood valence from -1 "
        + "to +1. Mann–Whitney rank-biserial r = 1.00 (95% CI 0.80 to 1.00). 80 reports, "
        + "2026-03-01 to 2026-04-09; q < 0.001 across 9 tests. \(Self.caveat)")
    #expect(sameDay.insight.sampleCount == 40)
    #expect(sameDay.insight.strength == 1)
    let nextDay = try #require(result.findings.first { $0.insight.id.hasSuffix("lag1") })
    #expect(
      nextDay.insight.title
        == "On days after you mentioned “gym”, your mood tended to be much lower "
        + "(r = -1.00; 20 days with, 19 without).")
  }

  @Test func `thirteen days are one day short, and said so`() throws {
    var fixture = DayLevelFixture()
    for day in 0..<13 {
      fixture.add(
        day: day, tokens: day % 2 == 0 ? ["gym"] : [], mood: day % 2 == 0 ? "Good" : "Bad")
    }
    let result = fixture.result()
    #expect(result.findings.isEmpty)
    #expect(result.testCount == 0)
    let short = try #require(result.shortfalls.first)
    #expect(short.status == .insufficientData)
    #expect(short.insight.title == "Not enough data yet: need 1 more day with and without “gym”")
    #expect(
      short.insight.detail
        == "To compare with your mood: 7 days with and 6 without so far; day-level insights "
        + "need 14 days, 5 of each.")
  }

  @Test func `four days with a token need one more with it`() {
    var fixture = DayLevelFixture()
    for day in 0..<30 {
      fixture.add(day: day, tokens: day < 4 ? ["gym"] : [], mood: day < 4 ? "Good" : "Bad")
    }
    let titles = fixture.result().shortfalls.map(\.insight.title)
    // Each lag says what it lacks: the same day, and the day after.
    #expect(
      titles == [
        "Not enough data yet: need 1 more day with and without “gym”",
        "Not enough data yet for the day after: need 1 more day with and without “gym”",
      ])
  }

  @Test func `no reports give an empty result, not an error`() {
    let result = DayLevelFixture().result()
    #expect(result.rows.isEmpty)
    #expect(result.testCount == 0 && result.dayCount == 0)
  }

  @Test(
    arguments: [
      (0.19, nil), (0.2, "a little"), (-0.29, "a little"), (0.3, "noticeably"),
      (-0.49, "noticeably"), (0.5, "much"), (-1.0, "much"), (Double.nan, nil),
    ] as [(Double, String?)])
  func `strength labels follow the effect size, never p`(effect: Double, label: String?) {
    #expect(DayLevelEngine.strengthLabel(effect) == label)
  }
}
