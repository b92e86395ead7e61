import DispatchKit
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// Proportion-band layout and shading, the vectors of docs/charts.md#question-series.
struct BlockLayoutTests {
  @Test(
    arguments: [
      ([0.5, 0.5], 200.0, [99.0, 99.0]),
      ([2.0 / 3, 1.0 / 3], 300.0, [28 + 242 * 2.0 / 3, 28 + 242 / 3.0]),
      ([1.0], 120.0, [120.0]),
      ([3.0, 1.0], 162.0, [28 + 104 * 0.75, 28 + 104 * 0.25]),
    ] as [([Double], Double, [Double])])
  func `blocks get the minimum, then the remainder by share`(
    shares: [Double], total: Double, expected: [Double]
  ) {
    let heights = OptionBlockLayout.heights(shares: shares, totalHeight: total)
    #expect(heights.count == expected.count)
    for (height, want) in zip(heights, expected) { #expect(abs(height - want) < 1e-9) }
  }

  @Test(
    arguments: [
      [0.98, 0.01, 0.01], [0.5, 0.3, 0.2], [0.25, 0.25, 0.25, 0.25], [1, 0], [0.9, 0.05, 0.05],
    ] as [[Double]])
  func `heights and gaps fill the band exactly with every block at least the minimum`(
    shares: [Double]
  ) {
    let total = 240.0
    let heights = OptionBlockLayout.heights(shares: shares, totalHeight: total)
    let gaps = OptionBlockLayout.spacing * Double(shares.count - 1)
    #expect(abs(heights.reduce(0, +) - (total - gaps)) < 1e-9)
    #expect(heights.allSatisfy { $0 >= OptionBlockLayout.minimumHeight - 1e-9 })
  }

  @Test func `when the minimums do not fit the space is split equally`() {
    // 3 blocks need 3 × 28 + 2 × 2 = 88; 60 is not enough.
    let third: Double = 56.0 / 3
    let heights = OptionBlockLayout.heights(shares: [0.9, 0.05, 0.05], totalHeight: 60)
    #expect(heights == [third, third, third])
    #expect(OptionBlockLayout.heights(shares: [0.9, 0.1], totalHeight: 50) == [24, 24])
    #expect(OptionBlockLayout.heights(shares: [1, 1], totalHeight: 1) == [0, 0])
  }

  @Test func `odd shares never give odd heights`() {
    #expect(OptionBlockLayout.heights(shares: [], totalHeight: 100) == [])
    #expect(OptionBlockLayout.heights(shares: [0, 0], totalHeight: 102) == [50, 50])
    #expect(
      OptionBlockLayout.heights(shares: [.nan, 1, -2, .infinity], totalHeight: 200)
        .allSatisfy { $0.isFinite && $0 >= 28 })
    #expect(OptionBlockLayout.heights(shares: [1], totalHeight: .nan) == [0])
  }

  @Test func `WCAG contrast matches the published extremes`() {
    #expect(abs(RGBColor.black.contrastRatio(against: .white) - 21) < 1e-9)
    #expect(RGBColor(hex: 0x777777).contrastRatio(against: .white) > 4.47)
    #expect(RGBColor(hex: 0x777777).contrastRatio(against: .white) < 4.49)
    #expect(RGBColor(hex: 0xFFFF00).readableTextColor == .black)
    #expect(RGBColor(hex: 0x000080).readableTextColor == .white)
  }

  @Test func `the standard palette meets its documented contrast`() {
    let palette = ChartPalette.standard
    #expect(palette.text.contrastRatio(against: palette.background) >= 4.5)
    #expect(palette.mutedText.contrastRatio(against: palette.background) >= 4.5)
    for color in palette.series { #expect(color.contrastRatio(against: palette.background) >= 3) }
    #expect(Set(palette.series).count == palette.series.count)
  }
}
