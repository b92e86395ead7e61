import DispatchKit
import Foundation
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// Downsampling: the M4 envelope per pixel column, scatter cells and bar column extents.
struct SeriesReductionTests {
  /// Points 0, 1, 2, … with the given y values; column = x / `perColumn`.
  private func reduce(_ ys: [Double], perColumn: Int) -> [ChartPoint] {
    let points = ys.enumerated().map { ChartPoint(x: Double($0.offset), y: $0.element) }
    return SeriesReduction.envelope(points, columns: ys.count / perColumn + 1) {
      Int($0.x) / perColumn
    }
  }

  @Test func `each column keeps its first, lowest, highest and last point in order`() {
    // Column 0: x 0…4, lowest at x 3, highest at x 1; column 1: x 5…9, highest first.
    let kept = reduce([5, 9, 6, 1, 4, 8, 2, 3, 0, 7], perColumn: 5)
    #expect(kept.map(\.x) == [0, 1, 3, 4, 5, 8, 9])
  }

  @Test func `columns with one or two points keep them all`() {
    #expect(reduce([1, 2, 3], perColumn: 1).map(\.x) == [0, 1, 2])
    #expect(reduce([4, 4, 1, 1], perColumn: 2).map(\.x) == [0, 1, 2, 3])
    #expect(reduce([], perColumn: 3).isEmpty)
  }

  @Test func `extremes survive however many points share a column`() {
    var ys = (0..<10_000).map { Double($0 % 50) }
    ys[6_789] = 1_000
    ys[1_234] = -1_000
    let kept = reduce(ys, perColumn: 100)
    #expect(kept.count <= 4 * 100)
    #expect(kept.contains { $0.y == 1_000 } && kept.contains { $0.y == -1_000 })
    #expect(kept.first?.x == 0 && kept.last?.x == 9_999)
    #expect(zip(kept, kept.dropFirst()).allSatisfy { $0.x < $1.x })
  }

  @Test func `scatter keeps the first point of each cell`() {
    let points = [
      ChartPoint(x: 0, y: 0), ChartPoint(x: 0.1, y: 0), ChartPoint(x: 5, y: 5),
      ChartPoint(x: 0.2, y: 0), ChartPoint(x: 5.1, y: 5),
    ]
    let kept = SeriesReduction.firstPerCell(points, cellCount: 100) { Int($0.x) * 10 + Int($0.y) }
    #expect(kept == [points[0], points[2]])
  }

  @Test func `bar columns keep their lowest and highest value`() {
    let points = [
      ChartPoint(x: 0, y: 3), ChartPoint(x: 1, y: -2), ChartPoint(x: 2, y: 8),
      ChartPoint(x: 7, y: 1),
    ]
    let extents = SeriesReduction.columnExtents(points, columns: 4) { Int($0.x) / 2 }
    #expect(extents.map(\.column) == [0, 1, 3])
    #expect(extents.map(\.lowest) == [-2, 8, 1])
    #expect(extents.map(\.highest) == [3, 8, 1])
  }

  @Test func `long bar and scatter series are reduced and say so`() throws {
    let points = (0..<20_000).map { ChartPoint(x: Double($0), y: Double($0 % 40)) }
    let chart = XYChart(xAxis: .numeric, series: [ChartSeries(name: "n", points: points)])
    for spec in [
      ChartSpec(title: "Bars", content: .bar(chart)),
      ChartSpec(title: "Dots", content: .scatter(chart)),
    ] {
      let svg = spec.svgString(width: 400, height: 240)
      let note = try #require(svg.firstMatch(of: /20,000 points, drawn as ([0-9,]+)/))
      let drawn = try #require(Int(note.1.replacingOccurrences(of: ",", with: "")))
      #expect(drawn < 20_000, "\(spec.title)")
      _ = try #require(XMLCheck.parse(svg))
    }
  }

  @Test func `categorical bars are never reduced`() {
    let categories = (0..<500).map { "c\($0)" }
    let points = categories.indices.map { ChartPoint(category: $0, Double($0)) }
    let spec = ChartSpec(
      title: "Many",
      content: .bar(
        XYChart(xAxis: .categorical(categories), series: [ChartSeries(name: "n", points: points)])))
    #expect(!spec.svgString(width: 300, height: 200).contains("drawn as"))
  }
}
