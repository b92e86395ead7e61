import DispatchKit
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// Welch's t-test against `scipy.stats.ttest_ind(equal_var=False)` and its confidence
/// interval, and the cases where t is undefined.
struct WelchTTestTests {
  /// t, df and the difference are closed forms (1e-10); p and the interval go through the
  /// incomplete beta and the bisected quantile (1e-9, see DistributionTests).
  private let closedForm = 1e-10
  private let iterative = 1e-9

  @Test func `t, df, p and the interval match SciPy`() throws {
    for item in try StatisticsVectors.load().welch {
      let label = "\(item.name) at \(item.confidence)"
      let test = try #require(WelchTTest(item.a, item.b, confidence: item.confidence), "\(label)")
      #expect(isClose(test.t, item.t, relative: closedForm, absolute: 1e-15), "\(label)")
      #expect(isClose(test.degreesOfFreedom, item.df, relative: closedForm), "\(label)")
      #expect(
        isClose(test.meanDifference, item.meanDifference, relative: closedForm, absolute: 1e-15),
        "\(label)")
      #expect(isClose(test.p, item.p, relative: iterative), "\(label)")
      #expect(
        isClose(test.confidenceInterval.lower, item.lower, relative: iterative), "\(label)")
      #expect(
        isClose(test.confidenceInterval.upper, item.upper, relative: iterative), "\(label)")
      #expect(test.confidenceInterval.level == item.confidence)
      #expect(test.confidenceInterval.contains(test.meanDifference))
    }
  }

  @Test func `swapping the groups negates t and the interval and keeps p`() throws {
    let a = [5.1, 4.8, 6.0, 5.5, 5.9, 4.7]
    let b = [4.0, 4.4, 3.9, 5.2, 4.1]
    let forward = try #require(WelchTTest(a, b))
    let backward = try #require(WelchTTest(b, a))
    #expect(forward.t == -backward.t)
    #expect(forward.p == backward.p)
    #expect(forward.degreesOfFreedom == backward.degreesOfFreedom)
    #expect(
      isClose(
        forward.confidenceInterval.lower, -backward.confidenceInterval.upper,
        relative: 1e-15))
  }

  @Test(arguments: [
    ([1.0], [2.0, 3.0]),
    ([], [2.0, 3.0]),
    ([2.0, 2.0, 2.0], [5.0, 5.0]),
    ([1.0, .nan], [2.0, 3.0]),
    ([1.0, 2.0], [.infinity, 3.0]),
    ([1.7e308, -1.7e308], [1.0, 2.0]),
  ])
  func `too few values, no variance or non-finite input give no test`(
    first: [Double], second: [Double]
  ) {
    #expect(WelchTTest(first, second) == nil)
  }

  @Test(arguments: [0.0, 1.0, -0.5, 2.0])
  func `a confidence level outside 0 to 1 gives no test`(confidence: Double) {
    #expect(WelchTTest([1, 2, 3], [2, 3, 5], confidence: confidence) == nil)
  }

  @Test func `one constant group takes its df from the other`() throws {
    let test = try #require(WelchTTest([3, 3, 3, 3], [1, 2, 4, 2.5, 3.5]))
    #expect(isClose(test.degreesOfFreedom, 4, relative: 1e-12))
  }
}
