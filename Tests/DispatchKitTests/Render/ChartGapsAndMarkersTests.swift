import DispatchKit
import Foundation
import Testing

@testable import DispatchRender

/// What the terminal and SVG charts promise beyond their golden files: no line across a gap,
/// markers and a legend that tell series apart, numbers per period over a band, axis titles on
/// a scatter of two measures, durations in h and min, and time axes that say local time.
struct ChartGapsAndMarkersTests {
  private let day = 86_400_000.0

  /// Days 0–2 and 8–10 at 5, with days 3–7 empty.
  private var gappy: XYChart {
    let days = [0, 1, 2, 8, 9, 10].map { ChartPoint(x: Double($0) * day, y: 5) }
    var chart = XYChart(
      xAxis: .time(offsetSeconds: 0),
      series: [
        ChartSeries(name: "mood", points: days, gaps: (3...7).map { Double($0) * day })
      ])
    chart.timeZoneName = XYChart.localTime
    return chart
  }

  /// The plot rows (those with braille dots) and whether each has a dot in its middle part.
  private func middles(_ lines: [String]) -> [Bool] {
    lines.filter { $0.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) } }.map {
      let cells = Array($0)
      return cells[cells.count * 45 / 100..<cells.count * 60 / 100].contains { $0 != " " }
    }
  }

  @Test func `a terminal line leaves the empty days empty`() {
    let lines = TerminalPlot.lines(gappy, mark: .line, width: 44, height: 8)
    let rows = middles(lines)
    #expect(!rows.isEmpty && !rows.contains(true), "\(lines)")
    #expect(lines.contains { $0.contains("local time") })
    #expect(!lines.contains { $0.contains("UTC") })
  }

  @Test func `without gaps the same points are joined`() {
    var joined = gappy
    joined.series[0].gaps = []
    let lines = TerminalPlot.lines(joined, mark: .line, width: 44, height: 8)
    #expect(middles(lines).contains(true), "\(lines)")
  }

  @Test func `an SVG line starts again after a gap`() {
    let svg = ChartSpec(title: "Mood", content: .line(gappy)).svgString(
      width: 640, height: 320, idPrefix: "gap")
    let path = svg.components(separatedBy: "class=\"series\"")[1]
    let data = path.components(separatedBy: "d=\"")[1].prefix { $0 != "\"" }
    #expect(data.filter { $0 == "M" }.count == 2)
    #expect(svg.contains("local time"))
  }

  @Test func `two series get their own markers and a legend`() {
    let text = ChartSamples.twoSeriesLine.terminalText(width: 60, height: 16)
    #expect(text.contains("● Sleep (h)") && text.contains("○ Steps (k)"))
    #expect(text.contains("●") && text.split(separator: "\n").dropLast().joined().contains("○"))
    let ascii = ChartSamples.twoSeriesLine.terminalText(width: 60, height: 16, charset: .ascii)
    #expect(ascii.contains("* Sleep (h)") && ascii.contains("o Steps (k)"))
  }

  @Test func `numbers per period are means over a band, with the overall mean`() {
    let question = Question(id: "c", prompt: "Coffees?", type: .number)
    let periods = NumberPeriods(
      unit: .week,
      periods: [
        .init(firstDay: 20_507, label: "2026-02-23", count: 2, mean: 3, lowest: 1, highest: 5),
        .init(
          firstDay: 20_514, label: "2026-03-02", count: 0, mean: nil, lowest: nil, highest: nil),
        .init(firstDay: 20_521, label: "2026-03-09", count: 1, mean: 4, lowest: 4, highest: 4),
      ])
    let spec = ChartSpec.question(
      question, series: .numeric(points: [], mean: 3.33), bands: nil, periods: periods)
    guard case .line(let chart)? = spec?.content else {
      Issue.record("not a line chart")
      return
    }
    #expect(chart.series.map(\.name) == ["mean per week"])
    #expect(chart.series[0].points.map(\.y) == [3, 4])
    #expect(chart.series[0].gaps == [20_514 * day])
    #expect(chart.band?.ranges.map(\.lower) == [1, 4])
    #expect(chart.timeZoneName == "local time")
    let text = spec?.terminalText(width: 60, height: 14) ?? ""
    #expect(text.contains("● mean per week") && text.contains("┊ lowest to highest"))
    #expect(text.contains("2026-02-23") && text.contains("local time"))
    let svg = spec?.svgString(width: 640, height: 320, idPrefix: "n") ?? ""
    #expect(svg.contains("class=\"band\"") && svg.contains("lowest to highest"))
  }

  @Test func `times of day sit at each report's local time`() {
    let question = Question(id: "t", prompt: "Ate?", type: .time)
    let date = Instant(milliseconds: 1_772_323_200_000)
    let series = QuestionSeries.timePoints(
      points: [.init(date: date, minutes: 600, offsetSeconds: -18_000)], averageMinutes: 600)
    guard
      case .scatter(let chart)? = ChartSpec.question(question, series: series, bands: nil)?.content
    else {
      Issue.record("not a scatter")
      return
    }
    #expect(chart.series[0].points.map(\.x) == [1_772_323_200_000 - 18_000_000])
    #expect(chart.timeZoneName == "local time")
  }

  @Test func `a scatter of two measures names both axes`() {
    let lines = ChartSamples.scatter.terminalText(width: 70, height: 16)
    #expect(lines.contains("↑ Average mood"))
    #expect(lines.contains("Average heart rate (bpm) →"))
  }

  @Test func `hours read as durations on the axis and the bars`() {
    var chart = XYChart(
      xAxis: .categorical(["Mon", "Tue"]),
      series: [
        ChartSeries(name: "Total", points: [.init(category: 0, 1.5), .init(category: 1, 0.25)])
      ])
    chart.yValues = .hours
    let bars = ChartSpec(title: "Activity", content: .bar(chart)).terminalText(width: 40, height: 8)
    #expect(bars.contains("1 h 30 min") && bars.contains("15 min"))
    var line = gappy
    line.yValues = .hours
    let plot = TerminalPlot.lines(line, mark: .line, width: 44, height: 8)
    #expect(plot.contains { $0.contains(" h") || $0.contains("min") })
    #expect(
      ChartText.tickLabels([0, 0.5, 1], step: 0.5, style: .hours) == ["0 s", "30 min", "1 h"])
  }

  @Test func `graphs read their time axis in local time and break at empty groups`() {
    let series = [
      GraphSeries(
        name: "Average rating",
        points: [
          GraphPoint(label: "2026-03-01", x: 0, y: 4),
          GraphPoint(label: "2026-03-02", x: day, y: nil),
          GraphPoint(label: "2026-03-03", x: 2 * day, y: 6),
        ])
    ]
    let spec = ChartSpec.graph(series, grouping: .time(.day), kind: .line, title: "mood")
    guard case .line(let chart) = spec.content else {
      Issue.record("not a line chart")
      return
    }
    #expect(chart.series[0].gaps == [day])
    #expect(chart.timeZoneName == "local time")
  }
}
