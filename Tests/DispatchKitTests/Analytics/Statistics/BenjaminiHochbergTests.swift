import DispatchKit
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// Benjamini–Hochberg q-values against `scipy.stats.false_discovery_control` and the rejections
/// they imply, over sorted, unsorted and tied lists.
struct BenjaminiHochbergTests {
  @Test func `adjusted p-values match SciPy and rejections follow them`() throws {
    for item in try StatisticsVectors.load().benjaminiHochberg {
      let adjusted = try #require(BenjaminiHochberg.adjusted(item.p), "\(item.name)")
      #expect(adjusted.count == item.adjusted.count)
      for (actual, expected) in zip(adjusted, item.adjusted) {
        // One product and a running minimum: 1e-12 covers SciPy's m/i rounding.
        #expect(isClose(actual, expected, relative: 1e-12), "\(item.name)")
      }
      #expect(BenjaminiHochberg.rejections(item.p, at: item.level) == item.rejected)
    }
  }

  @Test func `q-values are monotone in p, tied p-values share one, and none exceeds 1`() throws {
    let p = [0.04, 0.01, 0.04, 0.3, 0.001, 0.04, 0.9, 0.01]
    let q = try #require(BenjaminiHochberg.adjusted(p))
    for i in p.indices {
      #expect(q[i] >= p[i] && q[i] <= 1)
      for j in p.indices where p[i] <= p[j] { #expect(q[i] <= q[j]) }
    }
  }

  @Test func `the step-up rule rejects a p-value above its own threshold`() throws {
    // 0.041 is above its own threshold 3·0.05/4, but p₍₄₎ = 0.05 ≤ 4·0.05/4, so all four go.
    let rejected = BenjaminiHochberg.rejections([0.01, 0.041, 0.03, 0.05], at: 0.05)
    #expect(rejected == [true, true, true, true])
  }

  @Test func `empty lists are empty and invalid p-values or levels give nil`() {
    #expect(BenjaminiHochberg.adjusted([]) == [])
    #expect(BenjaminiHochberg.adjusted([0.5, 1.2]) == nil)
    #expect(BenjaminiHochberg.adjusted([-0.1]) == nil)
    #expect(BenjaminiHochberg.adjusted([.nan]) == nil)
    #expect(BenjaminiHochberg.rejections([0.01], at: 1.5) == nil)
    #expect(BenjaminiHochberg.rejections([0.01], at: .nan) == nil)
  }
}
