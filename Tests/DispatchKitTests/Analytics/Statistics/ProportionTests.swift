import DispatchKit
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// Wilson and Newcombe intervals and the pooled two-proportion z-test against statsmodels.
struct ProportionTests {
  /// All three are closed forms around one normal quantile; 1e-10 relative, with an absolute
  /// 1e-15 for bounds that are 0 or a difference of 0.
  private let tolerance = 1e-10

  @Test func `Wilson intervals match statsmodels, 0 and n successes included`() throws {
    for item in try StatisticsVectors.load().wilson {
      let label = "\(item.successes)/\(item.trials) at \(item.confidence)"
      let interval = try #require(
        Proportions.wilsonInterval(
          successes: item.successes, trials: item.trials, confidence: item.confidence),
        "\(label)")
      #expect(isClose(interval.lower, item.lower, relative: tolerance, absolute: 1e-15), "\(label)")
      #expect(isClose(interval.upper, item.upper, relative: tolerance, absolute: 1e-15), "\(label)")
      #expect(interval.lower >= 0 && interval.upper <= 1)
      #expect(interval.contains(Double(item.successes) / Double(item.trials)))
    }
  }

  @Test func `Newcombe intervals match statsmodels' newcomb method`() throws {
    for item in try StatisticsVectors.load().newcombe {
      let label = "\(item.successes1)/\(item.trials1) vs \(item.successes2)/\(item.trials2)"
      let interval = try #require(
        Proportions.newcombeInterval(
          successes1: item.successes1, trials1: item.trials1, successes2: item.successes2,
          trials2: item.trials2, confidence: item.confidence), "\(label)")
      #expect(isClose(interval.lower, item.lower, relative: tolerance, absolute: 1e-15), "\(label)")
      #expect(isClose(interval.upper, item.upper, relative: tolerance, absolute: 1e-15), "\(label)")
      #expect(interval.lower >= -1 && interval.upper <= 1)
    }
  }

  @Test func `the pooled z-test matches statsmodels and is undefined when all agree`() throws {
    for item in try StatisticsVectors.load().twoProportion {
      let label = "\(item.successes1)/\(item.trials1) vs \(item.successes2)/\(item.trials2)"
      let test = TwoProportionZTest(
        successes1: item.successes1, trials1: item.trials1, successes2: item.successes2,
        trials2: item.trials2)
      guard let z = item.z, let p = item.p else {
        #expect(test == nil, "\(label)")
        continue
      }
      let result = try #require(test, "\(label)")
      #expect(isClose(result.z, z, relative: tolerance, absolute: 1e-15), "\(label)")
      #expect(isClose(result.p, p, relative: tolerance), "\(label)")
    }
  }

  @Test(arguments: [(-1, 10), (11, 10), (0, 0), (3, -2)])
  func `impossible counts give no interval and no test`(successes: Int, trials: Int) {
    #expect(Proportions.wilsonInterval(successes: successes, trials: trials) == nil)
    #expect(
      Proportions.newcombeInterval(
        successes1: successes, trials1: trials, successes2: 1, trials2: 2) == nil)
    #expect(
      TwoProportionZTest(successes1: successes, trials1: trials, successes2: 1, trials2: 2)
        == nil)
  }

  @Test func `a confidence level outside 0 to 1 gives no interval`() {
    #expect(Proportions.wilsonInterval(successes: 1, trials: 2, confidence: 1) == nil)
    #expect(Proportions.wilsonInterval(successes: 1, trials: 2, confidence: .nan) == nil)
  }
}
