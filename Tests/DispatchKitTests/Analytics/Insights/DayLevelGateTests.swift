import DispatchKit
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// The display gates (docs/insights.md#day-level-rules) on one test: q, effect size, and split-half
/// sign.
struct DayLevelGateTests {
  private func test() throws -> DayLevelTest {
    let exposure = DayExposure(
      id: "token:gym", sources: ["question:q-doing"], phrase: "you mentioned “gym”", name: "“gym”",
      values: .binary([]))
    let outcome = DayOutcome(
      id: "mood", sourceKey: "mood", name: "your mood", format: .twoDecimals, values: [])
    var pairs = DayPairs(isBinary: true)
    for day in 0..<20 {
      pairs.exposure.append(day % 2 == 0 ? 1 : 0)
      pairs.outcome.append(day % 2 == 0 ? 1 + Double(day) / 100 : Double(day) / 100)
      pairs.exposureDays.append(day)
      pairs.outcomeDays.append(day)
    }
    return try #require(DayLevelTest(exposure, outcome, lag: 0, pairs: pairs))
  }

  @Test func `a steady effect with a small q is shown`() throws {
    let test = try test()
    #expect(test.effect == 1)
    #expect(DayLevelEngine.isShown(test, q: 0.01))
  }

  @Test func `a q above 0.10 is hidden`() throws {
    #expect(!DayLevelEngine.isShown(try test(), q: 0.11))
  }

  @Test func `an effect under 0.20 is hidden`() throws {
    var test = try test()
    test.effect = 0.19
    #expect(!DayLevelEngine.isShown(test, q: 0.01))
  }

  @Test func `an effect that flips sign in the second half is hidden`() throws {
    var test = try test()
    test.secondHalfEffect = -0.3
    #expect(!DayLevelEngine.isShown(test, q: 0.01))
    test.secondHalfEffect = nil
    #expect(!DayLevelEngine.isShown(test, q: 0.01))
  }
}
