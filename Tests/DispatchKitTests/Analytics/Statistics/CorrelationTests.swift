import DispatchKit
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// Pearson (t-test p, Fisher z p and interval) and Spearman (t-approximation p, Bonett–Wright
/// interval) against SciPy, including ties, negative and perfect correlations.
struct CorrelationTests {
  /// r, ρ, the intervals and the Fisher z p are closed forms (1e-10); the t-test p goes
  /// through the incomplete beta (1e-9, see DistributionTests).
  private let closedForm = 1e-10
  private let iterative = 1e-9

  /// SciPy rounds a perfect correlation to r = ±(1 − 1e−16); there the p-values are below any
  /// threshold and compared only as such.
  private func isPerfect(_ r: Double) -> Bool { abs(r) > 1 - 1e-12 }

  @Test func `Pearson r, p, Fisher z p and interval match SciPy`() throws {
    for item in try StatisticsVectors.load().pearson {
      let label = "\(item.name) at \(item.confidence)"
      let result = try #require(
        PearsonCorrelation(item.x, item.y, confidence: item.confidence), "\(label)")
      #expect(isClose(result.coefficient, item.r, relative: closedForm, absolute: 1e-15))
      #expect(result.count == item.x.count)
      let interval = try #require(result.confidenceInterval)
      #expect(isClose(interval.lower, item.lower, relative: closedForm), "\(label)")
      #expect(isClose(interval.upper, item.upper, relative: closedForm), "\(label)")
      if isPerfect(item.r) {
        #expect(result.p < 1e-25 && (result.fisherZP ?? 1) < 1e-200, "\(label)")
      } else {
        #expect(isClose(result.p, item.p, relative: iterative), "\(label)")
        #expect(isClose(result.fisherZP, item.fisherZP, relative: closedForm), "\(label)")
      }
    }
  }

  @Test func `Spearman rho, p and the Bonett-Wright interval match SciPy`() throws {
    for item in try StatisticsVectors.load().spearman {
      let label = "\(item.name) at \(item.confidence)"
      let result = try #require(
        SpearmanCorrelation(item.x, item.y, confidence: item.confidence), "\(label)")
      #expect(isClose(result.coefficient, item.rho, relative: closedForm, absolute: 1e-15))
      let interval = try #require(result.confidenceInterval)
      #expect(isClose(interval.lower, item.lower, relative: closedForm), "\(label)")
      #expect(isClose(interval.upper, item.upper, relative: closedForm), "\(label)")
      if isPerfect(item.rho) {
        #expect(result.p < 1e-25, "\(label)")
      } else {
        #expect(isClose(result.p, item.p, relative: iterative), "\(label)")
      }
    }
  }

  @Test func `a perfect correlation has p 0 and a degenerate interval`() throws {
    let result = try #require(PearsonCorrelation([1, 2, 3, 4, 5], [2, 4, 6, 8, 10]))
    #expect(result.coefficient == 1)
    #expect(result.p == 0)
    #expect(result.fisherZP == 0)
    #expect(result.confidenceInterval == ConfidenceInterval(lower: 1, upper: 1, level: 0.95))
    let ranks = try #require(SpearmanCorrelation([1, 2, 3, 4], [40, 30, 20, 10]))
    #expect(ranks.coefficient == -1)
    #expect(ranks.confidenceInterval?.upper == -1)
  }

  @Test func `three pairs have a p-value but no interval or Fisher z p`() throws {
    let result = try #require(PearsonCorrelation([1, 2, 3], [1, 3, 2]))
    #expect(isClose(result.coefficient, 0.5, relative: 1e-14))
    // Two-sided p for r = ½ on one degree of freedom: 1 − (2/π)·atan(√(1/3)) = 2/3.
    #expect(isClose(result.p, 2.0 / 3, relative: 1e-12))
    #expect(result.confidenceInterval == nil)
    #expect(result.fisherZP == nil)
  }

  @Test(arguments: [
    ([1.0, 2.0], [3.0, 4.0]),
    ([1.0, 2.0, 3.0], [3.0, 4.0]),
    ([2.0, 2.0, 2.0, 2.0], [1.0, 2.0, 3.0, 4.0]),
    ([1.0, 2.0, .nan, 4.0], [1.0, 2.0, 3.0, 4.0]),
  ])
  func `too few pairs, unequal lengths, constants or NaN give no correlation`(
    x: [Double], y: [Double]
  ) {
    #expect(PearsonCorrelation(x, y) == nil)
    #expect(SpearmanCorrelation(x, y) == nil)
  }

  @Test func `Spearman ranks infinities by order; Pearson refuses them`() throws {
    let x = [1, 2, 3, 4, Double.infinity]
    let y = [1, 3, 2, 5, 4.0]
    #expect(PearsonCorrelation(x, y) == nil)
    let ranks = try #require(SpearmanCorrelation(x, y))
    #expect(ranks.coefficient == SpearmanCorrelation([1, 2, 3, 4, 5], y)?.coefficient)
  }

  @Test func `huge values correlate without overflow`() throws {
    let result = try #require(PearsonCorrelation([1e300, -1e300, 5e299, 0], [1, -1, 0.4, 0.1]))
    #expect(result.coefficient > 0.99 && result.coefficient <= 1)
  }
}
