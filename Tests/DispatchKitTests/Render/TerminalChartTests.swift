import DispatchKit
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// Terminal charts: golden files per kind in Unicode and ASCII, fitting the given size in
/// columns, eighth blocks, braille dots, sparklines and sanitized labels.
struct TerminalChartTests {
  private static let goldens: [(name: String, spec: ChartSpec, charset: TerminalCharset)] = [
    ("line.txt", ChartSamples.moodLine, .unicode),
    ("line-ascii.txt", ChartSamples.moodLine, .ascii),
    ("line-two-series.txt", ChartSamples.twoSeriesLine, .unicode),
    ("scatter.txt", ChartSamples.scatter, .unicode),
    ("bar-grouped.txt", ChartSamples.weekdayBars, .unicode),
    ("bands.txt", ChartSamples.bands, .unicode),
    ("bands-ascii.txt", ChartSamples.bands, .ascii),
    ("frequency.txt", ChartSamples.frequency, .unicode),
    ("frequency-ascii.txt", ChartSamples.frequency, .ascii),
    ("empty.txt", ChartSamples.empties[0], .unicode),
  ]

  @Test(arguments: TerminalChartTests.goldens.map(\.name))
  func `every chart kind matches its golden file`(name: String) throws {
    let sample = try #require(Self.goldens.first { $0.name == name })
    let text = sample.spec.terminalText(width: 60, height: 16, charset: sample.charset)
    GoldenFile.expectMatches(text, suite: "TerminalChartTests", name: name)
  }

  private static let sizes = [(80, 24), (40, 10), (20, 5), (8, 3)]

  @Test(arguments: TerminalChartTests.sizes.map(\.0), [TerminalCharset.unicode, .ascii])
  func `output fits the width and height in columns`(width: Int, charset: TerminalCharset) {
    let height = Self.sizes.first { $0.0 == width }?.1 ?? 10
    let specs = Self.goldens.map(\.spec) + ChartSamples.empties + [Self.wide]
    for spec in specs {
      let text = spec.terminalText(width: width, height: height, charset: charset)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      #expect(text.hasSuffix("\n"))
      #expect(lines.count <= height, "\(spec.title) at \(width)×\(height)")
      for line in lines {
        #expect(TerminalColumns.width(of: String(line)) <= width, "\(spec.title): '\(line)'")
        if charset == .ascii { #expect(line.unicodeScalars.allSatisfy { $0.isASCII }, "'\(line)'") }
      }
    }
  }

  private static let wide = ChartSpec(
    title: "日本語のタイトルはとても長いです\u{1B}[2J",
    content: .frequency(
      FrequencyChart(items: [.init(label: "友達と一緒に", count: 4), .init(label: "e\u{301}", count: 2)]))
  )

  @Test func `widths count wide characters as two and combining marks as none`() {
    #expect(TerminalColumns.width(of: "abc") == 3)
    #expect(TerminalColumns.width(of: "日本") == 4)
    #expect(TerminalColumns.width(of: "e\u{301}") == 1)
    #expect(TerminalColumns.fitted("日本語です", columns: 5, charset: .unicode) == "日本…")
    #expect(TerminalColumns.fitted("abcdefgh", columns: 6, charset: .ascii) == "abc...")
  }

  @Test func `control characters never reach the terminal`() {
    let text = Self.wide.terminalText(width: 40, height: 6)
    #expect(!text.contains("\u{1B}"))
    #expect(TerminalColumns.sanitized("a\u{7}b\u{9B}c", charset: .unicode) == "a?b?c")
    #expect(TerminalColumns.sanitized("café", charset: .ascii) == "caf?")
  }

  @Test(
    arguments: [
      (1.0, 4, "████"), (0.5, 4, "██"), (0.3, 4, "█▎"), (0.01, 4, "▏"), (0.0, 4, ""),
      (0.99, 1, "█"), (0.0625, 2, "▏"),
    ] as [(Double, Int, String)])
  func `bars use eighth blocks`(fraction: Double, columns: Int, bar: String) {
    #expect(TerminalBars.bar(fraction: fraction, columns: columns, charset: .unicode) == bar)
  }

  @Test func `ASCII bars are whole cells and tiny values stay visible`() {
    #expect(TerminalBars.bar(fraction: 0.5, columns: 4, charset: .ascii) == "##")
    #expect(TerminalBars.bar(fraction: 0.01, columns: 4, charset: .ascii) == "#")
    // Values line up in a column after the bars; lines end without trailing spaces.
    #expect(
      TerminalBars.lines([("a", 10), ("bb", 5), ("c", .nan)], width: 16) == [
        "a  █████████ 10", "bb ████▌     5", "c" + String(repeating: " ", count: 12) + "n/a",
      ])
  }

  @Test func `braille dots map to the Unicode bit order`() {
    var canvas = BrailleCanvas(columns: 2, rows: 1)
    canvas.set(x: 0, y: 0)
    canvas.set(x: 1, y: 3)
    canvas.set(x: 2, y: 1)
    canvas.set(x: 3, y: 2)
    canvas.set(x: 9, y: 9)  // outside: ignored
    #expect(canvas.lines(charset: .unicode) == ["\u{2881}\u{2822}"])
    #expect(canvas.lines(charset: .ascii) == ["::"])
    var line = BrailleCanvas(columns: 2, rows: 1)
    line.line(from: (0, 0), to: (3, 3))
    #expect(line.lines(charset: .unicode) == ["\u{2811}\u{2884}"])
  }

  @Test(
    arguments: [
      ([1.0, 2, 3, 4, 5, 6, 7, 8], 8, "▁▂▃▄▅▆▇█"), ([5.0, 5, 5], 10, "▄▄▄"),
      ([1.0, .nan, 3], 3, "▁ █"),
      ([0.0, 0, 10, 10], 2, "▁█"), ([], 4, ""),
    ] as [([Double], Int, String)])
  func `sparklines scale to eight levels and average per column`(
    values: [Double], width: Int, text: String
  ) {
    #expect(Sparkline.text(values, width: width) == text)
  }

  @Test func `sparklines of a long series match their golden file`() {
    let values = (0..<500).map { index -> Double in
      let wave = Double((index * 37) % 100) / 10
      return index == 250 ? .nan : wave + Double(index) / 50
    }
    let text = [
      Sparkline.text(values, width: 60), Sparkline.text(values, width: 60, charset: .ascii),
      Sparkline.text(Array(values.prefix(24)), width: 60),
    ].map { $0 + "\n" }.joined()
    GoldenFile.expectMatches(text, suite: "TerminalChartTests", name: "sparkline.txt")
  }

  @Test func `the ASCII sparkline uses its own ramp`() {
    #expect(Sparkline.text([1, 2, 3, 4, 5, 6, 7, 8], width: 8, charset: .ascii) == "_.-:=+*#")
  }

  @Test(
    arguments: [
      ([4, 8, 1], 20, [6, 12, 2]), ([1, 0, 99], 10, [1, 0, 9]), ([1, 1, 1], 10, [4, 3, 3]),
      ([0, 0, 0], 10, [0, 0, 0]), ([5, 5], 1, [1, 0]),
    ] as [([Int], Int, [Int])])
  func `band segments give every answer a cell and fill the bar exactly`(
    counts: [Int], columns: Int, expected: [Int]
  ) {
    let period = BandChart.Period(label: "p", counts: counts)
    #expect(TerminalBands.segments(period, options: counts.count, columns: columns) == expected)
  }

  @Test(
    arguments: [
      (["LANG": "en_US.UTF-8"], TerminalCharset.unicode),
      (["LC_ALL": "C.utf8", "LANG": "C"], .unicode),
      (["LC_ALL": "C", "LANG": "en_US.UTF-8"], .ascii),
      (["LC_ALL": "", "LC_CTYPE": "de_DE.UTF-8"], .unicode),
      ([:], .ascii),
    ] as [([String: String], TerminalCharset)])
  func `the charset follows the locale variables`(
    environment: [String: String], charset: TerminalCharset
  ) {
    #expect(TerminalCharset(environment: environment) == charset)
  }

  @Test func `the same spec gives the same text`() {
    for sample in Self.goldens {
      #expect(
        sample.spec.terminalText(width: 50, height: 12, charset: sample.charset)
          == sample.spec.terminalText(width: 50, height: 12, charset: sample.charset))
    }
  }
}
