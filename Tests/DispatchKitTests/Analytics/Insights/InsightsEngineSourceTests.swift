import DispatchKit
import Testing

/// The global engine's sources and mirrors (docs/insights.md#global-engine-rules): answers of one
/// question never pair, and one split of one source seen from both sides is one finding.
struct InsightsEngineSourceTests {
  @Test func `two people of one question never pair, however often they come together`() {
    var fixture = InsightFixture()
    for _ in 0..<12 { fixture.add(with: ["Dean Cheesman", "natalie landrey"]) }
    for _ in 0..<12 { fixture.add(with: ["Sam"]) }
    #expect(fixture.insights().isEmpty)
  }

  @Test func `two tokens of one question never pair`() {
    var fixture = InsightFixture()
    for _ in 0..<12 { fixture.add(tokens: ["alpha", "beta"]) }
    for _ in 0..<12 { fixture.add(tokens: ["gamma"]) }
    #expect(fixture.insights().isEmpty)
  }

  @Test func `people of two questions pair, and a person's sources are every question`() throws {
    var fixture = InsightFixture()
    for index in 0..<12 {
      fixture.add(steps: 3000 + Double(index), with: ["Dean"], met: ["Natalie"])
    }
    for index in 0..<12 { fixture.add(steps: 9000 + Double(index), with: ["Sam"], met: ["Sam"]) }
    let insights = fixture.insights()
    let pair = try #require(insights.first { $0.kind == .cooccurrence })
    #expect(pair.title == "You see Natalie on 100% of reports when you see Dean.")
    #expect(pair.sourceKeys == ["question:q-met", "question:q-with"])
    // Sam, answered under both questions, shares a source with Dean and with Natalie.
    #expect(!insights.contains { $0.kind == .cooccurrence && $0.title.contains("Sam") })
    let sam = try #require(insights.first { $0.title.contains("see Sam") })
    #expect(sam.sourceKeys == ["question:q-met", "question:q-with", "steps"])
  }

  @Test func `two Focus labels splitting the same reports are one finding, not two`() throws {
    var fixture = InsightFixture()
    for index in 0..<12 { fixture.add(focus: "Sleep", noise: -60 + Double(index % 3)) }
    for index in 0..<12 { fixture.add(focus: "Work", noise: -40 + Double(index % 3)) }
    let insights = fixture.insights()
    #expect(insights.count == 1)
    // Of the two sides the one that reads "more" is kept.
    #expect(
      insights.first?.title == "Reports in the Work Focus average 20.0 more dB of ambient noise.")
    #expect(insights.first?.detail == "Average -39.0 vs -59.0 otherwise — based on 24 reports.")
  }

  @Test func `a third Focus label means the two sides are different findings`() {
    var fixture = InsightFixture()
    for index in 0..<12 { fixture.add(focus: "Sleep", noise: -60 + Double(index % 3)) }
    for index in 0..<12 { fixture.add(focus: "Work", noise: -40 + Double(index % 3)) }
    for index in 0..<12 { fixture.add(focus: "Reading", noise: -50 + Double(index % 3)) }
    let titles = fixture.insights().map(\.title)
    #expect(titles.contains { $0.hasPrefix("Reports in the Sleep Focus average") })
    #expect(titles.contains { $0.hasPrefix("Reports in the Work Focus average") })
  }

  @Test func `two places that split the answered reports give the rate once`() {
    var fixture = InsightFixture()
    for index in 0..<20 { fixture.add(working: index < 17 ? "Yes" : "No", place: "Office") }
    for index in 0..<20 { fixture.add(working: index < 6 ? "Yes" : "No", place: "Home") }
    let titles = fixture.insights().map(\.title)
    #expect(titles == ["You answer Yes to “Working?” on 85% of reports at Office."])
  }
}
