import DispatchKit
import Testing

/// The global engine against docs/insights.md#reference-vectors, word for word.
struct InsightsEngineTests {
  @Test func `a planted step difference surfaces with honest language`() {
    var fixture = InsightFixture()
    for index in 0..<12 { fixture.add(tokens: ["gym"], steps: 9000 + 10 * Double(index)) }
    for index in 0..<12 { fixture.add(tokens: [], steps: 3000 + 10 * Double(index)) }
    let insights = fixture.insights()
    #expect(insights.count == 1)
    #expect(insights.first?.title == "Reports where you mention “gym” average 6,000 more steps.")
    #expect(insights.first?.detail == "Average 9,055 vs 3,055 otherwise — based on 24 reports.")
    #expect(insights.first?.sampleCount == 24)
    #expect(insights.first?.kind == .categoricalNumeric)
    // effect = 6,000 / 3,000.1 (the combined population SD): just under the ceiling of 2.
    #expect(abs((insights.first?.strength ?? 0) - 0.99993) < 1e-5)
  }

  @Test func `an answer that comes with a place`() {
    var fixture = InsightFixture()
    for index in 0..<20 { fixture.add(working: index < 17 ? "Yes" : "No", place: "Office") }
    for index in 0..<20 { fixture.add(working: index < 6 ? "Yes" : "No", place: "Home") }
    let insights = fixture.insights()
    let office = insights.first { $0.title.hasSuffix("at Office.") }
    #expect(office?.title == "You answer Yes to “Working?” on 85% of reports at Office.")
    #expect(office?.detail == "Compared with 30% of other reports — based on 40 reports.")
    #expect(office?.kind == .cooccurrence)
    #expect(insights.allSatisfy { $0.kind == .cooccurrence })
  }

  @Test func `two tokens always together give one insight, not its mirror`() {
    var fixture = InsightFixture()
    // Two questions: the tokens of one question are one source and never pair.
    for _ in 0..<12 { fixture.add(tokens: ["alpha"], eating: ["beta"]) }
    for _ in 0..<12 { fixture.add(tokens: [], eating: []) }
    let insights = fixture.insights()
    #expect(
      insights.map(\.title) == ["You mention “beta” on 100% of reports when you mention “alpha”."])
    #expect(insights.first?.detail == "Compared with 0% of other reports — based on 24 reports.")
  }

  @Test func `nine reports with a token are too few`() {
    var fixture = InsightFixture()
    for _ in 0..<9 { fixture.add(tokens: ["gym"], steps: 20_000) }
    for index in 0..<30 { fixture.add(tokens: [], steps: 3000 + 10 * Double(index)) }
    #expect(fixture.insights().isEmpty)
  }

  @Test func `nineteen reports give nothing`() {
    var fixture = InsightFixture()
    for index in 0..<19 {
      fixture.add(tokens: index < 10 ? ["gym"] : [], steps: index < 10 ? 9000 : 3000)
    }
    #expect(fixture.insights().isEmpty)
  }

  @Test func `drafts do not count`() {
    var fixture = InsightFixture()
    for _ in 0..<12 { fixture.add(tokens: ["gym"], steps: 9000, isDraft: true) }
    for index in 0..<24 { fixture.add(tokens: [], steps: 3000 + 10 * Double(index)) }
    #expect(fixture.insights().isEmpty)
  }

  @Test func `a small shift against a wide spread is no insight`() {
    var fixture = InsightFixture()
    for index in 0..<12 { fixture.add(tokens: ["gym"], steps: 1000 + 1000 * Double(index) + 100) }
    for index in 0..<12 { fixture.add(tokens: [], steps: 1000 + 1000 * Double(index)) }
    #expect(fixture.insights().isEmpty)
  }

  @Test func `valence leaves an unmapped answer out of its report's mean`() {
    var fixture = InsightFixture()
    for index in 0..<12 {
      fixture.add(tokens: ["gym"], mood: index == 0 ? ["Good", "Meh"] : ["Good"])
    }
    for _ in 0..<12 { fixture.add(tokens: [], mood: ["Bad"]) }
    let valence = fixture.insights().first { $0.title.hasPrefix("Your mood valence") }
    #expect(valence?.title == "Your mood valence tends to run higher when you mention “gym”.")
    #expect(valence?.detail == "Average 1.00 vs -1.00 otherwise — based on 24 reports.")
  }

  @Test func `ten tokens on twelve high-step reports give eight, four of each kind`() {
    var fixture = InsightFixture()
    // Five tokens in each of two questions, so co-occurrences pair across the questions.
    let doing = (0..<5).map { "token\($0)" }
    let eating = (5..<10).map { "token\($0)" }
    for index in 0..<12 {
      fixture.add(tokens: doing, steps: 12_000 + 10 * Double(index), eating: eating)
    }
    for index in 0..<12 { fixture.add(tokens: [], steps: 2000 + 10 * Double(index), eating: []) }
    let insights = fixture.insights()
    #expect(insights.count == 8)
    #expect(insights.filter { $0.kind == .categoricalNumeric }.count == 4)
    #expect(insights.filter { $0.kind == .cooccurrence }.count == 4)
  }

  @Test func `wording never claims a cause and every detail says what it is based on`() {
    var fixture = InsightFixture()
    for index in 0..<30 {
      fixture.add(
        tokens: index % 2 == 0 ? ["gym", "coffee"] : ["desk"],
        steps: Double(3000 + 400 * (index % 2) * index),
        working: index % 3 == 0 ? "No" : "Yes", place: index % 2 == 0 ? "Gym" : "Office",
        mood: index % 2 == 0 ? ["Good"] : ["Bad"])
    }
    let insights = fixture.insights()
    #expect(!insights.isEmpty)
    let banned = [
      "cause", "because", "leads to", "makes you", "results in", "due to", "explains", "proves",
    ]
    for insight in insights {
      let text = (insight.title + " " + insight.detail).lowercased()
      #expect(!banned.contains { text.contains($0) }, "\(text)")
      #expect(insight.detail.contains("based on"))
      #expect(!text.contains("nan") && !text.contains("inf"))
    }
    #expect(fixture.insights() == insights)
  }
}
