import DispatchKit
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// The normal and Student-t distributions and the special functions under them, against SciPy:
/// both tails to full relative precision, quantiles that invert the CDF, and nil (never NaN)
/// outside each domain.
struct DistributionTests {
  /// The normal CDF is the C library's erfc, as SciPy's `ndtr` is cephes': both within an ulp
  /// or two, so 1e-12 relative; the quantile is Halley-refined to an ulp of that CDF.
  private let normalTolerance = 1e-12
  /// Iterative results (the continued fraction converges to 4 ulps, bisection to an ulp of
  /// the CDF, lnB of large arguments has a few ulps of its magnitude): 1e-9 relative, well
  /// inside the 1e-7 a p-value or interval bound needs.
  private let iterativeTolerance = 1e-9

  @Test func `the normal CDF and survival match SciPy in both tails`() throws {
    for item in try StatisticsVectors.load().normal {
      // SciPy's ndtr flushes Φ(−38) ≈ 2.9e−316 (subnormal) to 0; erfc keeps it.
      #expect(
        isClose(
          NormalDistribution.cdf(item.x), item.cdf, relative: normalTolerance, absolute: 1e-300),
        "\(item.x)")
      #expect(
        isClose(
          NormalDistribution.survival(item.x), item.sf, relative: normalTolerance,
          absolute: 1e-300), "\(item.x)")
    }
  }

  @Test func `the normal quantile matches SciPy from 1e-300 to 1 - 1e-15`() throws {
    for item in try StatisticsVectors.load().normalQuantile {
      #expect(
        isClose(NormalDistribution.quantile(item.p), item.x, relative: normalTolerance),
        "\(item.p)")
    }
  }

  @Test(arguments: [0, 1, -0.1, 1.5, .nan] as [Double])
  func `the normal quantile of 0, 1 or an invalid probability is nil`(p: Double) {
    #expect(NormalDistribution.quantile(p) == nil)
    #expect(StudentTDistribution.quantile(p, degreesOfFreedom: 5) == nil)
  }

  @Test func `log-gamma matches SciPy's gammaln`() throws {
    for item in try StatisticsVectors.load().logGamma {
      // Absolute near the zeros at 1 and 2, where a relative error means nothing.
      #expect(
        isClose(
          SpecialFunctions.logGamma(item.x), item.value, relative: 1e-13, absolute: 1e-14),
        "\(item.x)")
    }
    #expect(SpecialFunctions.logGamma(0) == nil)
    #expect(SpecialFunctions.logGamma(-2.5) == nil)
    #expect(SpecialFunctions.logGamma(.infinity) == nil)
  }

  @Test func `the regularized incomplete beta matches SciPy's betainc`() throws {
    for item in try StatisticsVectors.load().incompleteBeta {
      let value = SpecialFunctions.regularizedIncompleteBeta(item.x, a: item.a, b: item.b)
      #expect(
        isClose(value, item.value, relative: iterativeTolerance, absolute: 1e-300),
        "I_\(item.x)(\(item.a), \(item.b))")
    }
    #expect(SpecialFunctions.regularizedIncompleteBeta(1.1, a: 1, b: 1) == nil)
    #expect(SpecialFunctions.regularizedIncompleteBeta(0.5, a: 0, b: 1) == nil)
    #expect(SpecialFunctions.logBeta(-1, 2) == nil)
  }

  @Test func `the t CDF, survival and two-sided p match SciPy at small to huge df`() throws {
    for item in try StatisticsVectors.load().studentT {
      let df = item.df
      let label = "t=\(item.t) df=\(df)"
      #expect(
        isClose(
          StudentTDistribution.cdf(item.t, degreesOfFreedom: df), item.cdf,
          relative: iterativeTolerance), "\(label)")
      #expect(
        isClose(
          StudentTDistribution.survival(item.t, degreesOfFreedom: df), item.sf,
          relative: iterativeTolerance), "\(label)")
      #expect(
        isClose(
          StudentTDistribution.twoSidedP(item.t, degreesOfFreedom: df), item.twoSided,
          relative: iterativeTolerance), "\(label)")
    }
  }

  @Test func `the t quantile matches SciPy and inverts the CDF`() throws {
    for item in try StatisticsVectors.load().studentTQuantile {
      let t = StudentTDistribution.quantile(item.p, degreesOfFreedom: item.df)
      #expect(
        isClose(t, item.t, relative: iterativeTolerance, absolute: 1e-300),
        "p=\(item.p) df=\(item.df)")
      // Back through the CDF, compared in the tail the quantile was found in.
      let root = try #require(t)
      let tail =
        item.p < 0.5
        ? StudentTDistribution.cdf(root, degreesOfFreedom: item.df)
        : StudentTDistribution.survival(root, degreesOfFreedom: item.df)
      #expect(
        isClose(tail, Swift.min(item.p, 1 - item.p), relative: iterativeTolerance),
        "p=\(item.p) df=\(item.df)")
    }
  }

  @Test func `infinite df is the normal and invalid df or NaN give nil`() throws {
    let t = try #require(StudentTDistribution.cdf(1.5, degreesOfFreedom: .infinity))
    #expect(t == NormalDistribution.cdf(1.5))
    #expect(StudentTDistribution.quantile(0.975, degreesOfFreedom: .infinity) != nil)
    #expect(StudentTDistribution.cdf(1, degreesOfFreedom: 0) == nil)
    #expect(StudentTDistribution.cdf(1, degreesOfFreedom: -3) == nil)
    #expect(StudentTDistribution.cdf(.nan, degreesOfFreedom: 3) == nil)
    #expect(StudentTDistribution.twoSidedP(1, degreesOfFreedom: .nan) == nil)
    #expect(NormalDistribution.cdf(.nan) == nil)
    #expect(StudentTDistribution.twoSidedP(.infinity, degreesOfFreedom: 3) == 0)
    #expect(StudentTDistribution.cdf(-.infinity, degreesOfFreedom: 3) == 0)
    #expect(StudentTDistribution.twoSidedP(0, degreesOfFreedom: 3) == 1)
  }

  @Test func `a t beyond the square root of the largest double keeps a finite tail`() throws {
    // For one degree of freedom (Cauchy) P(|T| > t) ≈ 2/(πt); t² overflows here.
    let p = try #require(StudentTDistribution.twoSidedP(1e200, degreesOfFreedom: 1))
    #expect(isClose(p, 2 / (Double.pi * 1e200), relative: 1e-9))
  }
}
