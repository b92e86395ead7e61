import DispatchKit
import Foundation

extension BenchmarkSuite {
  /// Chart rendering: a 100,000-point series (a minute-by-minute random walk over about 70
  /// days) as a 1280 × 480 SVG line chart, as a scatter chart, and as a terminal braille plot.
  /// Target: the SVG line chart under 200 ms. The line is reduced to its M4 envelope per pixel
  /// column; the figure covers downsampling, layout and serialization.
  static let render = Benchmark(name: "render") { _ in
    let count = 100_000
    let start = Instant(milliseconds: 1_767_225_600_000)  // 2026-01-01T00:00:00Z
    var random = SplitMix64(seed: 5)
    var level = 50.0
    var points: [ChartPoint] = []
    points.reserveCapacity(count)
    for index in 0..<count {
      level += Double(random.next() % 2001) / 1000 - 1
      points.append(ChartPoint(start.adding(seconds: Int64(index) * 60), level))
    }
    let mean = points.reduce(0) { $0 + $1.y } / Double(count)
    let chart = XYChart(
      xAxis: .time(offsetSeconds: 3600), xLabel: "Time", yLabel: "Level",
      series: [ChartSeries(name: "Level", points: points)], referenceLine: .mean(mean))
    let line = ChartSpec(title: "100k points", content: .line(chart))
    let scatter = ChartSpec(title: "100k points", content: .scatter(chart))
    var lineBytes = 0
    var scatterBytes = 0
    var terminalLines = 0
    let lineSeconds = Stopwatch.median(runs: 7) {
      lineBytes = line.svgString(width: 1280, height: 480).utf8.count
    }
    let scatterSeconds = Stopwatch.median(runs: 5) {
      scatterBytes = scatter.svgString(width: 1280, height: 480).utf8.count
    }
    let terminalSeconds = Stopwatch.median(runs: 5) {
      terminalLines = line.terminalText(width: 120, height: 30).split(separator: "\n").count
    }
    return [
      BenchResult(
        name: "render: 100k-point line chart to SVG", value: lineSeconds * 1000, unit: "ms",
        detail: "1280×480, \(lineBytes / 1024) KiB, M4 envelope per column; median of 7; "
          + "target < 200 ms"),
      BenchResult(
        name: "render: 100k-point scatter chart to SVG", value: scatterSeconds * 1000, unit: "ms",
        detail: "1280×480, \(scatterBytes / 1024) KiB, first point per 2×2 px cell; median of 5"),
      BenchResult(
        name: "render: 100k-point braille plot", value: terminalSeconds * 1000, unit: "ms",
        detail: "120×30 cells, \(terminalLines) lines, every point drawn; median of 5"),
    ]
  }
}
