import DispatchKit
import Testing

/// The per-question drill-in against docs/insights.md#drill-in-rules, copy word for word; expected
/// intervals are SciPy's (`ttest_ind(equal_var=False)`, Fisher z) and Newcombe's by hand.
struct DrillInEngineTests {
  private func finding(_ drillIn: DrillIn, titled prefix: String) -> Insight? {
    drillIn.rows.first { $0.status == .finding && $0.insight.title.hasPrefix(prefix) }?.insight
  }

  @Test func `a rate difference with a person reads as the documented rate copy`() throws {
    var fixture = DrillInFixture()
    for index in 0..<20 { fixture.add(working: index < 16 ? "Yes" : "No", who: ["Alice"]) }
    for index in 0..<20 { fixture.add(working: index < 4 ? "Yes" : "No", who: ["Bob"]) }
    let drillIn = fixture.drillIn(DrillInFixture.working)
    let alice = try #require(finding(drillIn, titled: "You answered Yes more often when Alice"))
    #expect(alice.title == "You answered Yes more often when Alice was around.")
    // Newcombe (Wilson per side) of 16/20 − 4/20: 29.45 to 76.88 points.
    #expect(
      alice.detail
        == "Yes on 80% of 20 reports with Alice vs 20% of 20 without — a difference of 60 points "
        + "(95% CI 29 to 77).")
    #expect(alice.sampleCount == 40)
    #expect(alice.kind == .drillIn)
    #expect(alice.strength == 1)
    let bob = try #require(finding(drillIn, titled: "You answered Yes less often when Bob"))
    // The estimate is signed like its interval: Bob's side is the lower one.
    #expect(bob.detail.hasSuffix("a difference of -60 points (95% CI -77 to -29)."))
    #expect(drillIn.rows.first?.status == .finding)
  }

  @Test func `a health metric split by the answer reads as the mean copy`() throws {
    var fixture = DrillInFixture()
    for index in 0..<20 { fixture.add(working: "Yes", sleepHours: 7.5 + 0.1 * Double(index % 5)) }
    for index in 0..<20 { fixture.add(working: "No", sleepHours: 5.5 + 0.1 * Double(index % 5)) }
    let drillIn = fixture.drillIn(DrillInFixture.working)
    let sleep = try #require(finding(drillIn, titled: "You slept"))
    #expect(sleep.title == "You slept longer on reports where you answered Yes.")
    #expect(
      sleep.detail
        == "Average 7.7 over 20 reports vs 5.7 over 20 — difference 2.0 h (95% CI 1.9 to 2.1 h).")
  }

  @Test func `a number question runs higher at a place`() throws {
    var fixture = DrillInFixture()
    for index in 0..<20 { fixture.add(place: "Office", coffees: 3 + Double(index % 2)) }
    for index in 0..<20 { fixture.add(place: "Home", coffees: 1 + Double(index % 2)) }
    let drillIn = fixture.drillIn(DrillInFixture.coffees)
    let office = try #require(finding(drillIn, titled: "Your answers to “Coffees?” tend to run"))
    #expect(office.title == "Your answers to “Coffees?” tend to run higher at Office.")
    #expect(
      office.detail
        == "Average 3.5 over 20 reports vs 1.5 over 20 — difference 2.0 (95% CI 1.7 to 2.3).")
  }

  @Test func `a lower mean reads with a signed difference inside its interval`() throws {
    var fixture = DrillInFixture()
    for index in 0..<20 { fixture.add(place: "Office", coffees: 1 + Double(index % 2)) }
    for index in 0..<20 { fixture.add(place: "Home", coffees: 3 + Double(index % 2)) }
    let drillIn = fixture.drillIn(DrillInFixture.coffees)
    let office = try #require(
      finding(drillIn, titled: "Your answers to “Coffees?” tend to run lower"))
    #expect(office.title == "Your answers to “Coffees?” tend to run lower at Office.")
    // SciPy's Welch interval: -2.33 to -1.67, on the answers' own scale.
    #expect(
      office.detail
        == "Average 1.5 over 20 reports vs 3.5 over 20 — difference -2.0 (95% CI -2.3 to -1.7).")
  }

  @Test func `fewer steps on Yes reports give a negative difference in steps`() throws {
    var fixture = DrillInFixture()
    for index in 0..<20 { fixture.add(working: "Yes", steps: 4000 + 100 * Double(index % 5)) }
    for index in 0..<20 { fixture.add(working: "No", steps: 8000 + 100 * Double(index % 5)) }
    let drillIn = fixture.drillIn(DrillInFixture.working)
    let steps = try #require(finding(drillIn, titled: "You logged fewer steps"))
    #expect(steps.title == "You logged fewer steps on reports where you answered Yes.")
    // SciPy's Welch interval: -4,092.9 to -3,907.1.
    #expect(
      steps.detail
        == "Average 4,200 over 20 reports vs 8,200 over 20 — difference -4,000 steps "
        + "(95% CI -4,093 to -3,907 steps).")
  }

  @Test func `a number question that moves with steps reads as the Pearson copy`() throws {
    var fixture = DrillInFixture()
    for index in 0..<30 {
      let coffees = Double(index % 6)
      fixture.add(coffees: coffees, steps: 1000 * coffees + 500 * Double((index * 7) % 5))
    }
    let drillIn = fixture.drillIn(DrillInFixture.coffees)
    let steps = try #require(finding(drillIn, titled: "Your answers to “Coffees?” tend to"))
    #expect(steps.title == "Your answers to “Coffees?” tend to rise and fall with your steps.")
    // SciPy: r = 0.9239, Fisher z interval 0.8449 to 0.9635.
    #expect(steps.detail == "r = 0.92 (95% CI 0.84 to 0.96) over 30 reports.")
  }

  @Test func `a question with nineteen answers is not analysed`() {
    var fixture = DrillInFixture()
    for index in 0..<19 { fixture.add(working: index < 10 ? "Yes" : "No", who: ["Alice"]) }
    let drillIn = fixture.drillIn(DrillInFixture.working)
    #expect(drillIn.rows.count == 1)
    #expect(drillIn.rows.first?.status == .insufficientData)
    #expect(drillIn.rows.first?.insight.detail == "Not enough data yet (have 19, needs 20)")
  }

  @Test func `a side under ten reports is a short row, and a flat one a null row`() {
    var fixture = DrillInFixture()
    for index in 0..<30 {
      fixture.add(working: index % 2 == 0 ? "Yes" : "No", who: index < 9 ? ["Alice"] : ["Bob"])
    }
    let rows = fixture.drillIn(DrillInFixture.working).rows
    let alice = rows.first { $0.insight.title == "Yes and Alice" }
    #expect(alice?.status == .insufficientData)
    #expect(alice?.insight.detail == "Not enough data yet (have 9, needs 10)")
    let bob = rows.first { $0.insight.title == "Yes and Bob" }
    #expect(bob?.status == .insufficientData)
    let morning = rows.first { $0.insight.title == "Yes and morning" }
    #expect(morning?.insight.detail == "Not enough data yet (have 0, needs 10)")
    #expect(rows.allSatisfy { $0.status != .finding })
  }

  @Test func `rows come as findings, then nulls, then short rows, alphabetically`() {
    var fixture = DrillInFixture()
    for index in 0..<40 {
      let yes = index % 2 == 0
      fixture.add(
        working: yes ? "Yes" : "No", who: index % 4 < 2 ? ["Alice"] : ["Bob"],
        sleepHours: (yes ? 8 : 6) + 0.1 * Double(index % 5), hour: index < 35 ? 9 : 20)
    }
    let rows = fixture.drillIn(DrillInFixture.working).rows
    let statuses = rows.map(\.status)
    #expect(statuses == statuses.sorted { order($0) < order($1) })
    #expect(rows.first?.insight.title == "You slept longer on reports where you answered Yes.")
    let nulls = rows.filter { $0.status == .noReliableLink }.map(\.insight.title)
    #expect(nulls == ["Yes and Alice", "Yes and Bob"])
    #expect(
      rows.first { $0.insight.title == "Yes and Alice" }?.insight.detail
        == "No reliable link — tested across 40 reports")
    let short = rows.filter { $0.status == .insufficientData }.map(\.insight.title)
    #expect(short == ["Yes and evening", "Yes and morning"])
  }

  private func order(_ status: InsightRow.Status) -> Int {
    InsightRow.Status.allCases.firstIndex(of: status) ?? 0
  }

  @Test func `only the eight most common tokens are targets, with the note`() {
    var fixture = DrillInFixture()
    for index in 0..<40 { fixture.add(doing: ["task\(index % 10)"]) }
    let drillIn = fixture.drillIn(DrillInFixture.doing)
    #expect(drillIn.isTruncated)
    #expect(drillIn.note == "Showing your 8 most common answers.")
    let targets = Set(drillIn.rows.map { String($0.insight.title.prefix { $0 != " " }) })
    #expect(targets == Set((0..<8).map { "task\($0)" }))
  }

  @Test(arguments: [0.0, 7.0])
  func `constant answers and metrics never produce NaN or infinity`(sleep: Double) {
    var fixture = DrillInFixture()
    for _ in 0..<30 {
      fixture.add(working: "Yes", who: ["Alice"], coffees: 2, sleepHours: sleep, steps: 0)
    }
    for question in [DrillInFixture.working, DrillInFixture.coffees, DrillInFixture.who] {
      let drillIn = fixture.drillIn(question)
      #expect(!drillIn.rows.isEmpty)
      for row in drillIn.rows {
        #expect(row.status != .finding)
        let text = (row.insight.title + row.insight.detail).lowercased()
        #expect(!text.contains("nan") && !text.contains("inf"))
        #expect(row.insight.strength.isFinite)
      }
    }
  }
}
