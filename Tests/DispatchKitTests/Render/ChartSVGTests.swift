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

#if canImport(Glibc)
  import Glibc
#endif

/// SVG charts: golden files per kind, well-formed XML, accessibility, determinism, empty and
/// extreme input, and the downsampling note.
struct ChartSVGTests {
  private static let goldens: [(name: String, spec: ChartSpec, width: Int, height: Int)] = [
    ("line.svg", ChartSamples.moodLine, 640, 360),
    ("line-two-series.svg", ChartSamples.twoSeriesLine, 640, 360),
    ("bar-grouped.svg", ChartSamples.weekdayBars, 560, 320),
    ("scatter.svg", ChartSamples.scatter, 480, 360),
    ("bands.svg", ChartSamples.bands, 560, 320),
    ("frequency.svg", ChartSamples.frequency, 480, 260),
    ("empty.svg", ChartSamples.empties[0], 400, 240),
    ("downsampled.svg", ChartSamples.longSeries(count: 2_000, spikeAt: 1_234), 360, 240),
  ]

  @Test(arguments: ChartSVGTests.goldens.map(\.name))
  func `every chart kind matches its golden file`(name: String) throws {
    let sample = try #require(Self.goldens.first { $0.name == name })
    let svg = sample.spec.svgString(width: sample.width, height: sample.height, idPrefix: "g")
    GoldenFile.expectMatches(svg, suite: "ChartSVGTests", name: name)
  }

  @Test func `point values title one target per point for a page, and a file has none`() throws {
    let file = ChartSamples.moodLine.svgString(width: 640, height: 360)
    #expect(!file.contains("point-values"))
    let page = ChartSamples.moodLine.svgString(width: 640, height: 360, pointValues: true)
    #expect(page.components(separatedBy: "<circle ").count - 1 == 42)
    #expect(page.contains("data-value=\"Mood: 2026-03-01 09:00 — 5\""))
    #expect(page.contains("<title>Mood: 2026-03-01 09:00 — 5</title>"))
    // Weekdays read as their names; the file is otherwise the same drawing.
    let bars = ChartSamples.weekdayBars.svgString(width: 560, height: 320, pointValues: true)
    #expect(bars.contains(": Mon — "))
    #expect(page.hasPrefix(String(file.prefix(200))))
    // A long line keeps a target for each point it still draws, not for every point.
    let long = ChartSamples.longSeries(count: 2_000, spikeAt: 1_234)
      .svgString(width: 360, height: 240, pointValues: true)
    let targets = long.components(separatedBy: "<circle ").count - 1
    #expect(targets > 0 && targets < 2_000)
  }

  private static var allSpecs: [ChartSpec] {
    goldens.map(\.spec) + ChartSamples.empties + [hostile, extreme]
  }

  @Test func `every chart is well-formed XML with an accessible name and description`() throws {
    for spec in Self.allSpecs {
      let svg = spec.svgString(width: 500, height: 300, idPrefix: "p1")
      let parsed = try #require(XMLCheck.parse(svg), "not well-formed: \(spec.title)")
      let root = try #require(parsed.attributes["svg"])
      #expect(root["role"] == "img")
      #expect(root["aria-labelledby"] == "p1-title p1-desc")
      #expect(root["viewBox"] == "0 0 500 300")
      #expect(parsed.attributes["title"]?["id"] == "p1-title")
      #expect(parsed.attributes["desc"]?["id"] == "p1-desc")
      #expect(parsed.texts["title"] == spec.title)
      #expect(!(parsed.texts["desc"] ?? "").isEmpty)
    }
  }

  @Test func `no NaN, infinity or minus zero ever reaches the output`() {
    for spec in Self.allSpecs {
      for (width, height) in [(500, 300), (120, 80), (1, 1)] {
        let svg = spec.svgString(width: width, height: height)
        #expect(!svg.contains(/(?i)\b(nan|inf|infinity)\b/), "\(spec.title)")
        #expect(!svg.contains("\"-0\"") && !svg.contains(",-0 ") && !svg.contains("-0,"))
      }
    }
  }

  @Test func `the same spec renders to the same bytes`() {
    for spec in Self.allSpecs {
      #expect(spec.svgString(width: 640, height: 360) == spec.svgString(width: 640, height: 360))
    }
  }

  @Test func `a different C locale on this thread does not change the output`() throws {
    let before = ChartSamples.moodLine.svgString(width: 640, height: 360)
    // Only the locales installed here can be tried; a comma-decimal one when present.
    let names = ["de_DE.UTF-8", "fr_FR.UTF-8", "C.UTF-8", "C.utf8"]
    // LC_ALL_MASK is a compound macro Swift does not import; numbers and characters suffice.
    let mask = Int32((1 << LC_NUMERIC) | (1 << LC_CTYPE))
    let locale = try #require(names.lazy.compactMap { newlocale(mask, $0, nil) }.first)
    defer { freelocale(locale) }
    let previous = uselocale(locale)
    let after = ChartSamples.moodLine.svgString(width: 640, height: 360)
    uselocale(previous)
    #expect(before == after)
  }

  @Test func `ids come from the caller's prefix, reduced to a safe name`() {
    #expect(ChartFrame.sanitizedPrefix("mood-chart_1") == "mood-chart_1")
    #expect(ChartFrame.sanitizedPrefix("9 lives") == "chart-9lives")
    #expect(ChartFrame.sanitizedPrefix("\"><x") == "x")
    #expect(ChartFrame.sanitizedPrefix("") == "chart")
    let svg = ChartSamples.bands.svgString(width: 300, height: 200, idPrefix: "q\"7")
    #expect(svg.contains("id=\"q7-title\""))
  }

  private static let hostile = ChartSpec(
    title: "<b>Mood</b> & \"friends\"", subtitle: "]]> \u{1B}[31m",
    content: .frequency(
      FrequencyChart(items: [.init(label: "<script>alert('x')</script>", count: 2)])))

  @Test func `titles and labels are escaped, never markup`() throws {
    let svg = Self.hostile.svgString(width: 400, height: 200)
    #expect(!svg.contains("<script>") && !svg.contains("<b>"))
    let parsed = try #require(XMLCheck.parse(svg))
    #expect(parsed.texts["title"] == "<b>Mood</b> & \"friends\"")
  }

  private static let extreme = ChartSpec(
    title: "Extremes",
    content: .line(
      XYChart(
        xAxis: .numeric,
        series: [
          ChartSeries(
            name: "Huge",
            points: [
              ChartPoint(x: -1e308, y: -.greatestFiniteMagnitude), ChartPoint(x: 0, y: 1e300),
              ChartPoint(x: 1e308, y: .greatestFiniteMagnitude), ChartPoint(x: 1, y: .nan),
              ChartPoint(x: .infinity, y: 2),
            ])
        ], referenceLine: .mean(.infinity))))

  @Test func `huge values give finite coordinates and say what was left out`() {
    let svg = Self.extreme.svgString(width: 500, height: 300)
    #expect(svg.contains("2 points with a missing or infinite value left out"))
    #expect(!svg.contains("class=\"reference\""))
  }

  @Test func `empty charts say No data, and hasData says so first`() {
    for spec in ChartSamples.empties {
      #expect(!spec.hasData)
      let svg = spec.svgString(width: 400, height: 240)
      #expect(svg.contains(">No data</text>"))
      #expect(!svg.contains("class=\"series\""))
    }
    #expect(ChartSamples.moodLine.hasData && ChartSamples.bands.hasData)
    #expect(ChartSamples.frequency.hasData && ChartSamples.scatter.hasData)
  }

  @Test func `one point and a constant series draw without a zero-height domain`() throws {
    let one = ChartSpec(
      title: "One",
      content: .line(
        XYChart(
          xAxis: .time(offsetSeconds: 0),
          series: [ChartSeries(name: "One", points: [ChartPoint(ChartSamples.march, 7)])])))
    let svg = one.svgString(width: 400, height: 240)
    #expect(svg.contains("a2.5,2.5"))  // drawn as a dot
    #expect(svg.contains(">7</text>"))
    let constant = ChartSpec(
      title: "Flat",
      content: .line(
        XYChart(
          xAxis: .numeric,
          series: [
            ChartSeries(name: "Flat", points: (0..<5).map { ChartPoint(x: Double($0), y: 3) })
          ])))
    let flat = constant.svgString(width: 400, height: 240)
    #expect(flat.contains(">3</text>") && flat.contains(">2.8</text>"))
    _ = try #require(XMLCheck.parse(flat))
  }

  @Test func `a long series is reduced per pixel column and the chart says so`() throws {
    let spec = ChartSamples.longSeries(count: 100_000, spikeAt: 54_321)
    let svg = spec.svgString(width: 640, height: 360)
    let note = try #require(svg.firstMatch(of: /100,000 points, drawn as ([0-9,]+)/))
    let drawn = try #require(Int(note.1.replacingOccurrences(of: ",", with: "")))
    #expect(drawn > 600 && drawn <= 4 * 640)
    // The spike survives: the axis reaches 500.
    #expect(svg.contains(">500</text>"))
    #expect(!ChartSamples.moodLine.svgString(width: 640, height: 360).contains("drawn as"))
  }

  @Test func `a legend appears for two or more series only`() {
    #expect(
      ChartSamples.twoSeriesLine.svgString(width: 640, height: 360).contains("class=\"legend\""))
    #expect(!ChartSamples.moodLine.svgString(width: 640, height: 360).contains("class=\"legend\""))
  }

  @Test func `band blocks carry their count and share, each option in its own series colour`() {
    let svg = ChartSamples.bands.svgString(width: 560, height: 320)
    #expect(svg.contains("<title>W9: Yes 4 of 13 (31%)</title>"))
    #expect(svg.contains("<title>W13: No 12 of 13 (92%)</title>"))
    for colour in ChartPalette.standard.series.prefix(3) {
      #expect(svg.contains("fill=\"\(colour.hexText)\""))
    }
  }

  @Test func `frequency bars show the top items in order with grouped counts`() {
    let chart = FrequencyChart(
      items: [
        .init(label: "b", count: 5), .init(label: "a", count: 5), .init(label: "c", count: 1_500),
      ],
      limit: 2)
    #expect(chart.topItems.map(\.label) == ["c", "a"])
    let svg = ChartSpec(title: "F", content: .frequency(chart)).svgString(width: 400, height: 200)
    #expect(svg.contains(">1,500</text>"))
    #expect(svg.contains("Top 2 of 3 values"))
  }
}
