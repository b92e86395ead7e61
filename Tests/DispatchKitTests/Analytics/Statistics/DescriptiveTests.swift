import DispatchKit
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// Means, spreads, medians, modes and NumPy's type-7 quantiles against NumPy and SciPy; empty,
/// non-finite and extreme samples give nil or a finite answer, never NaN.
struct DescriptiveTests {
  /// Closed forms: the only differences from NumPy are summation order and the rounding of
  /// the mean in a two-pass variance, a few ulps; 1e-10 relative leaves room for that.
  private let tolerance = 1e-10

  @Test func `sums, means and spreads match NumPy`() throws {
    for item in try StatisticsVectors.load().descriptive {
      let values = item.values
      #expect(isClose(Descriptive.sum(values), item.sum, relative: tolerance), "\(item.name)")
      #expect(isClose(Descriptive.mean(values), item.mean, relative: tolerance), "\(item.name)")
      #expect(
        isClose(
          Descriptive.populationVariance(values), item.populationVariance, relative: tolerance,
          absolute: 1e-300), "\(item.name)")
      #expect(
        isClose(
          Descriptive.populationStandardDeviation(values), item.populationVariance.squareRoot(),
          relative: tolerance, absolute: 1e-300), "\(item.name)")
      if let sampleVariance = item.sampleVariance {
        #expect(
          isClose(
            Descriptive.sampleVariance(values), sampleVariance, relative: tolerance,
            absolute: 1e-300), "\(item.name)")
        #expect(
          isClose(
            Descriptive.sampleStandardDeviation(values), sampleVariance.squareRoot(),
            relative: tolerance, absolute: 1e-300), "\(item.name)")
      } else {
        #expect(Descriptive.sampleVariance(values) == nil, "\(item.name)")
      }
    }
  }

  @Test func `medians and modes match NumPy and SciPy, the smallest mode on a tie`() throws {
    for item in try StatisticsVectors.load().descriptive {
      #expect(Descriptive.median(item.values) == item.median, "\(item.name)")
      #expect(Descriptive.modes(item.values) == item.modes, "\(item.name)")
      #expect(Descriptive.mode(item.values) == item.mode, "\(item.name)")
    }
  }

  @Test func `quantiles follow NumPy's default linear method`() throws {
    for item in try StatisticsVectors.load().descriptive {
      let levels = item.quantiles.map(\.q)
      let all = try #require(Descriptive.quantiles(item.values, at: levels), "\(item.name)")
      for (expected, actual) in zip(item.quantiles, all) {
        #expect(
          isClose(actual, expected.value, relative: tolerance), "\(item.name) q=\(expected.q)")
        #expect(Descriptive.quantile(item.values, at: expected.q) == actual)
      }
      #expect(all.first == item.values.min())
      #expect(all.last == item.values.max())
    }
  }

  @Test(arguments: [[], [1, .nan], [.infinity, 2], [3, -.infinity]] as [[Double]])
  func `empty and non-finite samples have no statistics`(values: [Double]) {
    #expect(Descriptive.sum(values) == nil)
    #expect(Descriptive.mean(values) == nil)
    #expect(Descriptive.populationVariance(values) == nil)
    #expect(Descriptive.sampleStandardDeviation(values) == nil)
    #expect(Descriptive.median(values) == nil)
    #expect(Descriptive.modes(values) == nil)
    #expect(Descriptive.mode(values) == nil)
    #expect(Descriptive.quantile(values, at: 0.5) == nil)
  }

  @Test func `a single value has no sample variance and levels outside 0 to 1 no quantile`() {
    #expect(Descriptive.sampleVariance([4]) == nil)
    #expect(Descriptive.populationVariance([4]) == 0)
    #expect(Descriptive.quantile([1, 2, 3], at: -0.01) == nil)
    #expect(Descriptive.quantile([1, 2, 3], at: 1.5) == nil)
    #expect(Descriptive.quantile([1, 2, 3], at: .nan) == nil)
    #expect(Descriptive.quantiles([1, 2, 3], at: [0.5, 2]) == nil)
    #expect(Descriptive.quantiles([1, 2, 3], at: []) == [])
  }

  @Test func `values near the largest double neither overflow nor turn into NaN`() throws {
    let huge = Double.greatestFiniteMagnitude
    let mean = try #require(Descriptive.mean([huge, huge, huge]))
    #expect(isClose(mean, huge, relative: 1e-15))
    #expect(Descriptive.sum([huge, huge]) == nil)
    #expect(Descriptive.median([huge, huge / 2]) == huge * 0.75)
    // The variance of ±1e200 is 1e400, which no double holds; its square root does.
    #expect(Descriptive.populationVariance([1e200, -1e200]) == nil)
    let spread = try #require(Descriptive.populationStandardDeviation([1e200, -1e200]))
    #expect(isClose(spread, 1e200, relative: 1e-15))
    let tiny = try #require(Descriptive.populationStandardDeviation([1e-300, -1e-300]))
    #expect(isClose(tiny, 1e-300, relative: 1e-15))
    #expect(isClose(Descriptive.quantile([-huge, huge], at: 0.25), -huge / 2, relative: 1e-15))
  }
}
