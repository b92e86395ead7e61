import DispatchKit
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// Average ranks, Mann–Whitney U and the Wilcoxon signed-rank test against SciPy: exact and
/// asymptotic p-values, ties, zeros, tiny and lopsided samples.
struct RankTestTests {
  /// The normal approximations are closed forms (1e-10). The exact p-values are sums over a
  /// table of probabilities built by thousands of additions and scalings, each exact to an
  /// ulp, so 1e-10 relative still holds with a wide margin.
  private let tolerance = 1e-10

  @Test func `average ranks match SciPy's rankdata`() throws {
    for item in try StatisticsVectors.load().ranks {
      #expect(Ranking.averageRanks(item.values) == item.ranks, "\(item.values)")
    }
    #expect(Ranking.averageRanks([]) == [])
    #expect(Ranking.averageRanks([1, .nan]) == nil)
    #expect(Ranking.averageRanks([.infinity, -.infinity, 0]) == [3, 1, 2])
  }

  @Test func `Mann-Whitney U and its effect sizes match SciPy`() throws {
    for item in try StatisticsVectors.load().mannWhitney {
      let test = try #require(MannWhitneyU(item.x, item.y), "\(item.name)")
      #expect(test.u == item.u, "\(item.name)")
      #expect(isClose(test.commonLanguageEffectSize, item.cles, relative: 1e-15), "\(item.name)")
      #expect(
        isClose(test.rankBiserial, item.rankBiserial, relative: 1e-14, absolute: 1e-15),
        "\(item.name)")
    }
  }

  @Test func `Mann-Whitney p-values match SciPy for every method`() throws {
    for item in try StatisticsVectors.load().mannWhitney {
      let asymptotic = MannWhitneyU(item.x, item.y, method: .asymptotic)
      #expect(asymptotic?.method == .asymptotic)
      #expect(isClose(asymptotic?.p, item.asymptoticP, relative: tolerance), "\(item.name)")
      let automatic = MannWhitneyU(item.x, item.y)
      #expect(isClose(automatic?.p, item.automaticP, relative: tolerance), "\(item.name)")
      if let exactP = item.exactP {
        let exact = MannWhitneyU(item.x, item.y, method: .exact)
        #expect(exact?.method == .exact)
        #expect(isClose(exact?.p, exactP, relative: tolerance), "\(item.name)")
      }
    }
  }

  @Test func `Mann-Whitney is symmetric in its samples`() throws {
    let x = [1.5, 3.0, 3.0, 7.25, 9.0]
    let y = [2.0, 4.0, 5.5, 6.0, 8.0, 10.0, 11.0]
    for method in RankTestMethod.allCases {
      let forward = try #require(MannWhitneyU(x, y, method: method))
      let backward = try #require(MannWhitneyU(y, x, method: method))
      #expect(forward.u + backward.u == Double(x.count * y.count))
      #expect(isClose(forward.p, backward.p, relative: 1e-12))
      #expect(isClose(forward.rankBiserial, -backward.rankBiserial, relative: 1e-14))
    }
  }

  @Test func `Mann-Whitney without a sample or with NaN gives no test`() {
    #expect(MannWhitneyU([], [1, 2]) == nil)
    #expect(MannWhitneyU([1, 2], []) == nil)
    #expect(MannWhitneyU([1, .nan], [1, 2]) == nil)
  }

  @Test func `an exact table past the work limit gives nil, automatic falls back`() throws {
    let first = (0..<900).map { Double($0) * 2 }
    let second = (0..<900).map { Double($0) * 2 + 1 }
    #expect(MannWhitneyU(first, second, method: .exact) == nil)
    let automatic = try #require(MannWhitneyU(first, second))
    #expect(automatic.method == .asymptotic)
  }

  @Test func `Wilcoxon statistics and p-values match SciPy for every method`() throws {
    for item in try StatisticsVectors.load().wilcoxon {
      let label = item.name
      let asymptotic = try #require(
        WilcoxonSignedRank(differences: item.differences, method: .asymptotic), "\(label)")
      #expect(asymptotic.statistic == item.statistic, "\(label)")
      #expect(asymptotic.positiveRankSum == item.positiveRankSum, "\(label)")
      #expect(asymptotic.negativeRankSum == item.negativeRankSum, "\(label)")
      #expect(asymptotic.count + asymptotic.zeroCount == item.differences.count)
      #expect(isClose(asymptotic.p, item.asymptoticP, relative: tolerance), "\(label)")
      let automatic = WilcoxonSignedRank(differences: item.differences)
      #expect(isClose(automatic?.p, item.automaticP, relative: tolerance), "\(label)")
      if let exactP = item.exactP {
        let exact = WilcoxonSignedRank(differences: item.differences, method: .exact)
        #expect(exact?.method == .exact)
        #expect(isClose(exact?.p, exactP, relative: tolerance), "\(label)")
      }
    }
  }

  @Test func `Wilcoxon on pairs is Wilcoxon on their differences`() throws {
    let with = [6.5, 7.0, 5.0, 8.0, 6.0, 7.5, 6.8, 7.1]
    let without = [6.0, 6.2, 5.5, 6.9, 6.0, 6.1, 6.3, 6.4]
    let paired = try #require(WilcoxonSignedRank(with, without))
    let direct = try #require(
      WilcoxonSignedRank(differences: zip(with, without).map { $0 - $1 }))
    #expect(paired == direct)
    #expect(paired.zeroCount == 1)
    #expect(paired.rankBiserial > 0.5)
    #expect(WilcoxonSignedRank([1, 2], [1]) == nil)
  }

  @Test func `exact and asymptotic Wilcoxon agree on a long series`() throws {
    // 200 distinct differences drawn from a fixed seed, shifted up a little.
    var generator = SplitMix64(seed: 7)
    let differences = (0..<200).map { index in
      Double(generator.next() % 10_000) / 1000 - 4.6 + Double(index) * 1e-7
    }
    let exact = try #require(WilcoxonSignedRank(differences: differences, method: .exact))
    let asymptotic = try #require(
      WilcoxonSignedRank(differences: differences, method: .asymptotic))
    #expect(exact.method == .exact)
    #expect(abs(exact.p - asymptotic.p) < 0.005)
    #expect(exact.p > 0 && exact.p < 1)
  }

  @Test(arguments: [[], [0, 0, 0], [1, .nan], [2, .infinity]] as [[Double]])
  func `Wilcoxon without a non-zero finite difference gives no test`(differences: [Double]) {
    #expect(WilcoxonSignedRank(differences: differences) == nil)
  }
}
