import DispatchKit
import Testing

/// The score interval of Mann–Whitney's effect size on the rank-biserial scale, against the same
/// equation solved by SciPy's `brentq` (V(t) = t(1 − t)[1 + k(1 − t)/(2 − t) + kt/(1 + t)]/(mn),
/// k = (m + n)/2 − 1).
struct RankBiserialIntervalTests {
  private let tolerance = 1e-8

  @Test(
    arguments: [
      (0.0, 5, 184, -1.0, -0.6103420844),
      (0.0, 5, 35, -1.0, -0.5628533419),
      (1.0, 10, 10, 0.6004272258, 1.0),
      (0.7, 12, 15, -0.0457436654, 0.7012910255),
      (0.5, 30, 30, -0.2804008673, 0.2804008673),
    ] as [(Double, Int, Int, Double, Double)])
  func `the interval matches the score equation's roots`(
    cles: Double, first: Int, second: Int, lower: Double, upper: Double
  ) throws {
    let interval = try #require(
      MannWhitneyU.rankBiserialInterval(
        commonLanguageEffectSize: cles, firstCount: first, secondCount: second))
    #expect(abs(interval.lower - lower) < tolerance, "\(interval.lower)")
    #expect(abs(interval.upper - upper) < tolerance, "\(interval.upper)")
    #expect(interval.level == 0.95)
  }

  @Test func `a perfect split on few days keeps a wide interval, unlike a Wald interval`() throws {
    let few = try #require(
      MannWhitneyU.rankBiserialInterval(
        commonLanguageEffectSize: 1, firstCount: 5, secondCount: 5))
    let many = try #require(
      MannWhitneyU.rankBiserialInterval(
        commonLanguageEffectSize: 1, firstCount: 50, secondCount: 50))
    #expect(few.upper == 1 && many.upper == 1)
    #expect(few.lower < many.lower)
    #expect(few.lower < 0.5)
  }

  @Test func `empty groups, estimates outside 0…1 and bad levels give nil`() {
    #expect(
      MannWhitneyU.rankBiserialInterval(
        commonLanguageEffectSize: 0.5, firstCount: 0, secondCount: 5) == nil)
    #expect(
      MannWhitneyU.rankBiserialInterval(
        commonLanguageEffectSize: 1.2, firstCount: 5, secondCount: 5) == nil)
    #expect(
      MannWhitneyU.rankBiserialInterval(
        commonLanguageEffectSize: 0.5, firstCount: 5, secondCount: 5, confidence: 1) == nil)
  }
}
